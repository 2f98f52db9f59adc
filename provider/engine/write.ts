import { IdgovOwnershipError } from "../errors/object-errors";
import { ResourceInitError } from "./initError";
import type { ApiClient, LiveObject, ResourceKind } from "./kind";
import { claimedDuringWrite, ownerAfterWrite } from "./ownershipGuard";
import { getPath } from "./paths";
import type { DecodedProps } from "./decoded";
import type { WritePlan } from "./plan";
import { buildOutputs, leavesObjectOnDelete, managedFieldsOf, type Props } from "./state";

/** One planned write against a known live object. */
export interface WriteRequest {
  readonly id: string;
  readonly plan: WritePlan;
  readonly desired: DecodedProps;
  readonly live: LiveObject;
  /** Outputs (or bookkeeping) of the previous state, carried into the new outputs. */
  readonly previous: DecodedProps;
}

/**
 * Sends a planned write: one masked update when managed fields changed, then the calls of each changed side field.
 * When a side field fails after the update went through, or the object turns out to have been claimed by another
 * owner during the write, the error carries the state reached, so Pulumi records it and the next run knows.
 */
export async function applyWrite(
  kind: ResourceKind,
  client: ApiClient,
  write: WriteRequest,
): Promise<LiveObject> {
  const { id, plan, desired } = write;
  let current = write.live;
  const reached = (pending: readonly string[]): Props => {
    const outputs = buildOutputs(kind, current, write.previous, desired);
    for (const name of pending) outputs[name] = write.live.fields[name];
    return outputs;
  };
  if (plan.mask.length > 0) {
    current = await kind.api.update(client, id, plan.entity, plan.mask);
    const owner = await ownerAfterWrite(kind, client, current, plan.entity, desired);
    if (owner) {
      const message = claimedDuringWrite(kind, id, desired, owner);
      const conflict = new IdgovOwnershipError(message, { kind: kind.name, objectId: id });
      throw new ResourceInitError(message, id, reached(plan.sideFields), conflict);
    }
  }
  for (const [index, name] of plan.sideFields.entries()) {
    const side = kind.sideFields?.[name];
    if (!side) continue;
    try {
      await side.apply(client, id, desired.props[name], getPath(write.live.fields, name));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ResourceInitError(
        `${kind.name} ${id}: ${name} was not changed: ${reason}`,
        id,
        reached(plan.sideFields.slice(index)),
      );
    }
  }
  return current;
}

/**
 * What `restoreOnDelete` puts back: `recorded` plus the value in `liveBefore` of every path the program manages
 * (every field, for a replace-style kind) that is neither recorded yet nor in `alreadyManaged`. Called at adoption
 * and, for the paths a program adds later, before this stack first writes them; a recorded path keeps its first
 * value, so a value that arrived by drift, or by this stack's own repair, is never recorded. Kinds whose delete
 * removes the object record nothing.
 */
export function recordReplaced(
  kind: ResourceKind,
  recorded: Readonly<Record<string, unknown>>,
  desired: Props,
  liveBefore: Props,
  alreadyManaged: readonly string[] = [],
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...recorded };
  if (!leavesObjectOnDelete(kind)) return result;
  const paths = kind.replaceStyleUpdate ? Object.keys(kind.fields) : managedFieldsOf(kind, desired);
  for (const path of paths) {
    if (path === "annotations" || path in result || alreadyManaged.includes(path)) continue;
    result[path] = getPath(liveBefore, path) ?? null;
  }
  return result;
}
