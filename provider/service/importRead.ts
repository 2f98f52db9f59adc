import type { ConfigSource } from "../client/config";
import { redactError } from "../errors/redact";
import { reservedAnnotationPrefix, sharedConnection } from "../client/sharedClient";
import { tenantAddress } from "../client/tenant";
import { IdgovAdoptionError } from "../errors";
import {
  type DecodedProps,
  decodeProps,
  liveInputsOf,
  managedFieldTable,
  OWNERSHIP_KEYS,
  ownershipConflict,
  type Ownership,
  type ResourceKind,
} from "../engine";
import { UNLISTED_MEMBER } from "../schemas";
import { buildOutputs } from "../engine/state";
import { annotationsOf, writeState } from "../engine/stateCodec";
import type { Props } from "../engine";
import { packageVersion } from "../version";
import { withTenant } from "./tenantGuard";
import { withWriter } from "./writerGuard";

/**
 * The state as the engine judges it: one an import of an earlier version recorded (an annotated kind's state with no
 * ownership, which every create, adoption and write of this provider records) has its stamps pending too.
 */
export function withImportedStampsPending(kind: ResourceKind, olds: DecodedProps): DecodedProps {
  if (!kind.annotations || olds.ownership !== undefined) return olds;
  return {
    ...olds,
    props: { ...olds.props, stampsPending: true },
    state: { ...olds.state, stampsPending: true },
  };
}

/** The program's own annotations on a live object: every one but the ownership stamps and the server's keys. */
function userAnnotations(live: Props, reservedPrefix: string): Record<string, string> | undefined {
  const stamped = new Set<string>(OWNERSHIP_KEYS);
  const entries = Object.entries(annotationsOf(live) ?? {}).filter(
    ([key]) => !stamped.has(key) && !key.startsWith(reservedPrefix),
  );
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/**
 * What `pulumi import` needs from a read given only an id: the inputs a program would write to manage the live
 * object as it is (every field the kind manages that is set, side fields included, and its own annotations), and the
 * outputs as if those inputs had just been written, so `check` passes them and `diff` finds no change. The outputs
 * record this stack's ownership, so the ownership guard and the audit know the object as this stack's, and, for a
 * kind with annotations, that its stamps are pending: they ride along with its next write (as after a move from the
 * dynamic classes) and never cause one. An object whose annotations name another workspace or tool is refused, as
 * adoption refuses it.
 */
export function importedState(
  kind: ResourceKind,
  live: { id: string; fields: Props },
  ownership: Ownership,
  reservedPrefix: string,
): { inputs: Props; outputs: Props; leftOut: LeftOutField[] } {
  if (kind.annotations) {
    const conflict = ownershipConflict(annotationsOf(live.fields), ownership);
    if (conflict) {
      throw new IdgovAdoptionError(
        `cannot import ${kind.name} "${live.id}": it is managed elsewhere (${conflict}); adopt it with ` +
          `adoptId and allowTakeover: true to take it over`,
        { kind: kind.name, objectId: live.id },
      );
    }
  }
  const inputs = liveInputsOf(managedFieldTable(kind), live.fields);
  const annotations = kind.annotations ? userAnnotations(live.fields, reservedPrefix) : undefined;
  if (annotations) inputs.annotations = annotations;
  const leftOut = withoutUnlistedMembers(kind, inputs);
  const outputs = buildOutputs(kind, live, undefined, decodeProps(inputs, ownership));
  if (kind.annotations) writeState(outputs, { stampsPending: true });
  return { inputs, outputs, leftOut };
}

/** A field an import leaves out of the program it writes: the enumeration member there that no schema type takes. */
export interface LeftOutField {
  readonly field: string;
  readonly member: string;
}

/**
 * Takes out of `inputs` every field holding an enumeration member this package does not list (the service may send
 * members newer than the schema): a program written with it would not type-check. The whole top-level field is left
 * out, so the program does not manage it and previews with no change.
 */
function withoutUnlistedMembers(kind: ResourceKind, inputs: Props): LeftOutField[] {
  const result = kind.inputSchema.safeParse(inputs);
  if (result.success) return [];
  const leftOut = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (issue.code !== "custom" || !issue.params?.[UNLISTED_MEMBER] || typeof field !== "string") continue;
    const member = issue.path.reduce<unknown>(
      (value, key) => (value as Record<PropertyKey, unknown>)?.[key],
      inputs,
    );
    if (!leftOut.has(field)) leftOut.set(field, String(member));
  }
  for (const field of leftOut.keys()) delete inputs[field];
  return [...leftOut].map(([field, member]) => ({ field, member }));
}

/**
 * Reads the object `id` for `pulumi import` with the settings of `source`: the inputs and outputs of
 * {@link importedState}, the outputs recording the tenant the object lives in (as every create and read records
 * it); an empty id when no such object exists.
 */
export async function importRead(
  kind: ResourceKind,
  ownership: Ownership,
  id: string,
  source: ConfigSource | undefined,
): Promise<{ id: string; props: Props; inputs?: Props; leftOut?: LeftOutField[] }> {
  try {
    const connection = sharedConnection(source);
    const client = connection.client.labelled(`import ${kind.name} ${id}`);
    const live = await kind.api.get(client, id);
    if (!live) return { id: "", props: {} };
    const { inputs, outputs, leftOut } = importedState(
      kind,
      live,
      ownership,
      reservedAnnotationPrefix(source),
    );
    const props = withWriter(withTenant(outputs, tenantAddress(connection.config.baseUrl)), packageVersion());
    return { id: live.id, props, inputs, ...(leftOut.length > 0 ? { leftOut } : {}) };
  } catch (error) {
    throw redactError(error);
  }
}
