import { ResourceInitError } from "./initError";
import type { ApiClient, LiveObject, ResourceKind } from "./kind";
import { getPath } from "./paths";
import type { WritePlan } from "./plan";
import { buildOutputs, type Props } from "./state";

/** One planned write against a known live object. */
export interface WriteRequest {
  readonly id: string;
  readonly plan: WritePlan;
  readonly desired: Props;
  readonly live: LiveObject;
  /** Outputs (or bookkeeping) of the previous state, carried into the new outputs. */
  readonly previous: Props;
}

/**
 * Sends a planned write: one masked update when managed fields changed, then the calls of each changed side field.
 * When a side field fails after the update went through, the error carries the state reached, so Pulumi records
 * it and the next run finishes the work.
 */
export async function applyWrite(
  kind: ResourceKind,
  client: ApiClient,
  write: WriteRequest,
): Promise<LiveObject> {
  const { id, plan, desired } = write;
  let current = write.live;
  if (plan.mask.length > 0) current = await kind.api.update(client, id, plan.entity, plan.mask);
  for (const [index, name] of plan.sideFields.entries()) {
    const side = kind.sideFields?.[name];
    if (!side) continue;
    try {
      await side.apply(client, id, desired[name], getPath(write.live.fields, name));
    } catch (error) {
      const reached = buildOutputs(kind, current, write.previous, desired);
      for (const pending of plan.sideFields.slice(index)) reached[pending] = write.live.fields[pending];
      const reason = error instanceof Error ? error.message : String(error);
      throw new ResourceInitError(`${kind.name} ${id}: ${name} was not changed: ${reason}`, id, reached);
    }
  }
  return current;
}

/**
 * Adds to `recorded` the live values, before this write, of every path the write changes that was not recorded yet:
 * what `restoreOnDelete` puts back.
 */
export function recordReplaced(
  kind: ResourceKind,
  recorded: Readonly<Record<string, unknown>>,
  plan: WritePlan,
  liveBefore: Props,
): Record<string, unknown> {
  const paths = kind.replaceStyleUpdate && plan.mask.length > 0 ? Object.keys(kind.fields) : plan.mask;
  const result: Record<string, unknown> = { ...recorded };
  for (const path of [...paths, ...plan.sideFields]) {
    if (path === "annotations" || path in result) continue;
    result[path] = getPath(liveBefore, path) ?? null;
  }
  return result;
}
