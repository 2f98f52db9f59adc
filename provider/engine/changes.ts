import { canonicalValue, sameCanonical } from "./canonical";
import { type FieldSpec, type FieldTable, fieldAt } from "./fields";
import { getPath } from "./paths";
import { UNKNOWN } from "./unknowns";
import { type WriteOnlyDigests, writeOnlyChanged } from "./writeOnly";

/** What differs between the program's values and the live object, field by field. */
export interface FieldChanges {
  /** Dotted paths of the managed fields whose values differ, in field-table order (the update mask). */
  readonly paths: readonly string[];
  /** Top-level fields whose change replaces the object. */
  readonly replaces: readonly string[];
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * The dotted paths the program manages: every field it sets, descending into `message` fields so that each subfield
 * is managed (and masked) on its own.
 */
export function managedPaths(fields: FieldTable, inputs: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([name, spec]) => {
    const value = inputs[name];
    if (!isPresent(value)) return [];
    const path = `${prefix}${name}`;
    if (spec.type === "message" && spec.fields && value !== UNKNOWN && typeof value === "object") {
      return managedPaths(spec.fields, value as Record<string, unknown>, `${path}.`);
    }
    return [path];
  });
}

/** Each table's dotted paths, by their place in declaration order (built once per table). */
const declarationOrders = new WeakMap<FieldTable, ReadonlyMap<string, number>>();

function declarationOrder(fields: FieldTable): ReadonlyMap<string, number> {
  let order = declarationOrders.get(fields);
  if (order) return order;
  const places = new Map<string, number>();
  const visit = (table: FieldTable, prefix: string): void => {
    for (const [name, spec] of Object.entries(table)) {
      places.set(`${prefix}${name}`, places.size);
      if (spec.fields) visit(spec.fields, `${prefix}${name}.`);
    }
  };
  visit(fields, "");
  declarationOrders.set(fields, (order = places));
  return order;
}

/** The distinct paths, in the order their fields are declared (the order masks name them in). */
export function inTableOrder(fields: FieldTable, paths: Iterable<string>): string[] {
  const order = declarationOrder(fields);
  return [...new Set(paths)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

function differs(spec: FieldSpec, path: string, desired: object, live: object, digests: WriteOnlyDigests) {
  if (spec.writeOnly) return writeOnlyChanged(getPath(desired, path), digests[path]);
  const wanted = canonicalValue(getPath(desired, path), spec);
  const actual = canonicalValue(getPath(live, path), spec);
  return !sameCanonical(wanted, actual);
}

/**
 * Compares the program's values with the live values in canonical form. `previouslyManaged` holds the paths the
 * program managed at its last write: those it no longer sets are compared with unset, so they are cleared.
 * Write-only fields are compared with the digests of the values last sent, never with the live object.
 */
export function computeChanges(
  fields: FieldTable,
  desired: Record<string, unknown>,
  live: Record<string, unknown>,
  previouslyManaged: readonly string[] = [],
  writeOnlyDigests: WriteOnlyDigests = {},
): FieldChanges {
  const candidates = inTableOrder(fields, [
    ...managedPaths(fields, desired),
    ...previouslyManaged,
    ...Object.keys(writeOnlyDigests),
  ]);
  const paths: string[] = [];
  const replaces = new Set<string>();
  for (const path of candidates) {
    const spec: FieldSpec | undefined = fieldAt(fields, path);
    if (!spec || spec.createOnly) continue;
    if (!differs(spec, path, desired, live, writeOnlyDigests)) continue;
    paths.push(path);
    const top = path.split(".")[0] as string;
    if (fields[top]?.immutable) replaces.add(top);
  }
  return { paths, replaces: [...replaces] };
}
