import { IdgovAdoptionError } from "../errors";
import {
  canonicalJson,
  isUnset,
  type FieldSpec,
  type FieldTable,
  OWNERSHIP_KEYS,
  ownershipConflict,
  type Ownership,
  type ResourceKind,
} from "../engine";
import { buildOutputs } from "../engine/state";
import { annotationsOf } from "../engine/stateCodec";
import type { Props } from "./values";

/**
 * The value a program would write for a live field: unset members left out (the service answers every field), so
 * the inputs hold only what the object sets. Undefined when nothing is set.
 */
function writtenValue(value: unknown, spec: FieldSpec): unknown {
  if (isUnset(value)) return undefined;
  const { fields } = spec;
  if (fields && Array.isArray(value)) {
    // Items of a list or set of objects: the fields compared, which are the ones a program writes.
    return value.map((item) => inputsOfFields(fields, (item ?? {}) as Props));
  }
  if (fields && value !== null && typeof value === "object") {
    const inner = inputsOfFields(fields, value as Props);
    return Object.keys(inner).length === 0 ? undefined : inner;
  }
  if (Array.isArray(value) || (value !== null && typeof value === "object"))
    return canonicalJson(value, true);
  return value;
}

function inputsOfFields(fields: FieldTable, live: Props): Props {
  const inputs: Props = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.writeOnly || spec.createOnly) continue;
    const value = writtenValue(live[name], spec);
    if (value !== undefined) inputs[name] = value;
  }
  return inputs;
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
 * object as it is (its writable fields that are set, and its own annotations), and the outputs as if those inputs
 * had just been written, so `check` passes them and `diff` finds no change but the ownership stamps, which the next
 * up writes (see `importStamps.ts`). An object whose annotations name another workspace or tool is refused, as
 * adoption refuses it.
 */
export function importedState(
  kind: ResourceKind,
  live: { id: string; fields: Props },
  ownership: Ownership,
  reservedPrefix: string,
): { inputs: Props; outputs: Props } {
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
  const inputs = inputsOfFields(kind.fields, live.fields);
  const annotations = kind.annotations ? userAnnotations(live.fields, reservedPrefix) : undefined;
  if (annotations) inputs.annotations = annotations;
  return { inputs, outputs: buildOutputs(kind, live, undefined, inputs) };
}
