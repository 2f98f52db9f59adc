/**
 * How a managed field is compared, masked and stored.
 *
 * - `scalar`: strings, numbers, booleans and enums; unset-equivalents (`""`, `0`, `false`, `*_UNSPECIFIED`) are unset.
 * - `duration`: protobuf JSON duration text; `"1h"`, `"60m"` and `"3600s"` are equal.
 * - `timestamp`: RFC 3339 text; `"2027-03-01T10:00:00+02:00"` equals `"2027-03-01T08:00:00Z"`.
 * - `int64`: decimal digit strings; `"042"` and `42` equal `"42"`.
 * - `set`: unordered list; order and duplicates never differ.
 * - `list`: ordered list of values or opaque objects (automation steps, triggers); an empty object inside an opaque
 *   item is a set oneof member (`{removeFromDelegation: {}}`), so it differs from an absent one.
 * - `json`: opaque object carried through untouched, compared independently of key order.
 * - `map`: string map compared key by key.
 * - `message`: nested object whose subfields are compared and masked one by one (`ssoAdminSource.sourceCidr`).
 */
export type FieldType =
  "scalar" | "duration" | "timestamp" | "int64" | "set" | "list" | "json" | "map" | "message";

export interface FieldSpec {
  readonly type: FieldType;
  /** A change to this field replaces the object instead of updating it. */
  readonly immutable?: boolean;
  /**
   * The service never answers this field (a write-only secret). Outputs keep only a salted digest of the last value
   * sent, never the value: a change of the program's value is detected against the digest, and the live value is
   * never compared, so it never shows as drift.
   */
  readonly writeOnly?: boolean;
  /** Subfields of a `message` field, or the compared fields of each item of a `list` or `set` of objects. */
  readonly fields?: FieldTable;
  /** Sent on create only; never part of an update mask. */
  readonly createOnly?: boolean;
  /**
   * For `json`: an empty object inside the value is a set message (a oneof member such as `allUsers: {}`), so it
   * differs from an absent one. @default false
   */
  readonly presence?: boolean;
  /**
   * For `json`: puts the inner values whose form the service fixes (durations, timestamps, set-like lists) in that
   * form. Applied to the program's value in check (so it is what is sent) and to both sides before they compare.
   */
  readonly normalize?: (value: unknown) => unknown;
}

export type FieldTable = Readonly<Record<string, FieldSpec>>;

export const scalar: FieldSpec = { type: "scalar" };
export const duration: FieldSpec = { type: "duration" };
export const timestamp: FieldSpec = { type: "timestamp" };
export const int64: FieldSpec = { type: "int64" };
export const set: FieldSpec = { type: "set" };
export const list: FieldSpec = { type: "list" };
export const json: FieldSpec = { type: "json" };
export const map: FieldSpec = { type: "map" };

/** A nested message whose subfields are compared, masked and cleared one by one. */
export function message(fields: FieldTable, options: Omit<FieldSpec, "type" | "fields"> = {}): FieldSpec {
  return { ...options, type: "message", fields };
}

/** An ordered list of objects compared on the given fields only (the service adds others on read). */
export function listOf(fields: FieldTable): FieldSpec {
  return { type: "list", fields };
}

/** An unordered list of objects compared on the given fields only. */
export function setOf(fields: FieldTable): FieldSpec {
  return { type: "set", fields };
}

/** A write-only secret: sent when it changes, kept in outputs only as a salted digest. */
export const writeOnlySecret: FieldSpec = { type: "scalar", writeOnly: true };

/** The dotted paths of every leaf field of a table: `["enabled", "ssoAdminSource.enabled", ...]`. */
export function leafPaths(fields: FieldTable, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([name, spec]) =>
    spec.type === "message" && spec.fields
      ? leafPaths(spec.fields, `${prefix}${name}.`)
      : [`${prefix}${name}`],
  );
}

/** The spec of the field at a dotted path, or undefined when the table has no such field. */
export function fieldAt(fields: FieldTable, path: string): FieldSpec | undefined {
  const [head, ...rest] = path.split(".");
  const spec = head === undefined ? undefined : fields[head];
  if (!spec || rest.length === 0) return spec;
  return spec.fields ? fieldAt(spec.fields, rest.join(".")) : undefined;
}
