import { canonicalJson, isUnset } from "./canonical";
import type { FieldSpec, FieldTable } from "./fields";
import type { ResourceKind } from "./kind";
import type { Props } from "./state";

/**
 * The value a program would write for a live field: unset members left out (the service answers every field), so
 * the inputs hold only what the object sets. Undefined when nothing is set.
 */
function writtenValue(value: unknown, spec: FieldSpec): unknown {
  if (isUnset(value)) return undefined;
  const { fields } = spec;
  if (fields && Array.isArray(value)) {
    // Items of a list or set of objects: the fields compared, which are the ones a program writes.
    return value.map((item) => liveInputsOf(fields, (item ?? {}) as Props));
  }
  if (fields && value !== null && typeof value === "object") {
    const inner = liveInputsOf(fields, value as Props);
    return Object.keys(inner).length === 0 ? undefined : inner;
  }
  if (Array.isArray(value) || (value !== null && typeof value === "object"))
    return canonicalJson(value, true);
  return value;
}

/**
 * The inputs a program would write to manage a live object as it is: its writable fields that are set (neither
 * write-only nor create-only ones), in the shape a program gives them.
 */
export function liveInputsOf(fields: FieldTable, live: Props): Props {
  const inputs: Props = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.writeOnly || spec.createOnly) continue;
    const value = writtenValue(live[name], spec);
    if (value !== undefined) inputs[name] = value;
  }
  return inputs;
}

/**
 * Every field a program of the kind manages: the masked ones and those changed through calls of their own (a
 * catalog's access entitlements), each with how it compares.
 */
export function managedFieldTable(kind: ResourceKind): FieldTable {
  const side = Object.entries(kind.sideFields ?? {}).map(([name, field]) => [name, field.spec] as const);
  return { ...kind.fields, ...Object.fromEntries(side) };
}
