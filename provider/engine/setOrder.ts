import { canonicalValue, sameCanonical } from "./canonical";
import type { FieldSpec } from "./fields";
import type { ResourceKind } from "./kind";
import { getPath, setPath } from "./paths";
import type { Props } from "./state";

/** The dotted paths of the `set` fields of a kind (table fields at any depth, and side fields), with their specs. */
function setFields(kind: ResourceKind): [string, FieldSpec][] {
  const walk = (fields: Record<string, FieldSpec>, prefix: string): [string, FieldSpec][] =>
    Object.entries(fields).flatMap(([name, spec]): [string, FieldSpec][] => {
      if (spec.type === "set") return [[`${prefix}${name}`, spec]];
      return spec.type === "message" && spec.fields ? walk(spec.fields, `${prefix}${name}.`) : [];
    });
  const side = Object.entries(kind.sideFields ?? {}).map(([name, field]): [string, FieldSpec] => [
    name,
    field.spec,
  ]);
  return [...walk(kind.fields, ""), ...side.filter(([, spec]) => spec.type === "set")];
}

/** The live items of a set, in the order of the reference's matching items (compared canonically). */
function inOrderOf(items: readonly unknown[], reference: readonly unknown[], spec: FieldSpec): unknown[] {
  const keyOf = (item: unknown) => JSON.stringify(canonicalValue([item], spec));
  const rank = new Map(reference.map((item, index) => [keyOf(item), index] as const).reverse());
  const ranked = items.map((item) => ({ item, at: rank.get(keyOf(item)) ?? reference.length }));
  return ranked.sort((a, b) => a.at - b.at).map(({ item }) => item);
}

/**
 * Puts each set in `outputs` in the order `reference` holds it when the two hold the same members: the program's
 * order after a write, the state's after a read. Pulumi compares lists by position, so a set the service answers in
 * another order would otherwise show as changed on a refresh's line and in the diff after it.
 */
export function keepSetOrder(kind: ResourceKind, outputs: Props, reference: Props | undefined): void {
  if (!reference) return;
  for (const [path, spec] of setFields(kind)) {
    const ordered = getPath(reference, path);
    const value = getPath(outputs, path);
    if (!Array.isArray(ordered) || !Array.isArray(value)) continue;
    if (sameCanonical(canonicalValue(value, spec), canonicalValue(ordered, spec)))
      setPath(outputs, path, inOrderOf(value, ordered, spec));
  }
}
