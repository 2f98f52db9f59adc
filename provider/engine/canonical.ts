import { normalizeDuration } from "../schemas";
import type { FieldSpec, FieldTable } from "./fields";
import { containsUnknown, UNKNOWN } from "./unknowns";

/**
 * Whether a value means "unset" on the wire (proto3 JSON): absent, null, "", 0, false, [], {} or an `*_UNSPECIFIED`
 * enum member.
 */
export function isUnset(value: unknown): boolean {
  if (value === undefined || value === null || value === "" || value === 0 || value === false) return true;
  if (typeof value === "string") return value.endsWith("_UNSPECIFIED");
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/**
 * Opaque JSON in canonical form: keys sorted, unset members dropped, so key order and proto3 defaults never differ.
 * With `presence`, an empty object nested in the value stays `{}`: a message that is set, though empty.
 */
export function canonicalJson(value: unknown, presence = false): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonicalJson(item, presence) ?? null);
    return items.length === 0 ? undefined : items;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((key) => [key, canonicalJson((value as Record<string, unknown>)[key], presence)] as const)
      .filter(([, item]) => item !== undefined);
    if (entries.length === 0) return presence ? {} : undefined;
    return Object.fromEntries(entries);
  }
  return isUnset(value) ? undefined : value;
}

function canonicalDurationText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const canonical = normalizeDuration(value);
  if (canonical === undefined) return value;
  return canonical === "0s" ? undefined : canonical;
}

/** RFC 3339 text in UTC with the fraction only when there is one: `"2027-03-01T08:00:00Z"`. */
function canonicalTimestampText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const millis = Date.parse(value);
  if (Number.isNaN(millis)) return value;
  return new Date(millis).toISOString().replace(".000Z", "Z");
}

function canonicalInt64(value: unknown): unknown {
  if (typeof value === "number" && Number.isInteger(value)) return value === 0 ? undefined : String(value);
  if (typeof value === "string" && /^-?\d+$/.test(value)) {
    const text = BigInt(value).toString();
    return text === "0" ? undefined : text;
  }
  return value;
}

/** An opaque item keeps its empty objects: `{removeFromDelegation: {}}` is a step kind, not an empty step. */
function canonicalItem(item: unknown, fields: FieldTable | undefined): unknown {
  return fields ? canonicalMessage(item, fields) : canonicalJson(item, true);
}

function canonicalList(value: unknown, fields: FieldTable | undefined): unknown {
  if (!Array.isArray(value)) return canonicalJson(value);
  const items = value.map((item) => canonicalItem(item, fields) ?? null);
  return items.length === 0 ? undefined : items;
}

function canonicalSet(value: unknown, fields: FieldTable | undefined): unknown {
  if (!Array.isArray(value)) return value;
  const byText = new Map<string, unknown>();
  for (const item of value) {
    const canonical = canonicalItem(item, fields);
    if (canonical !== undefined) byText.set(JSON.stringify(canonical), canonical);
  }
  const sorted = [...byText.keys()].sort().map((text) => byText.get(text));
  return sorted.length === 0 ? undefined : sorted;
}

function canonicalMessage(value: unknown, fields: FieldTable): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return canonicalJson(value);
  const entries = Object.keys(fields)
    .sort()
    .map(
      (key) =>
        [key, canonicalValue((value as Record<string, unknown>)[key], fields[key] as FieldSpec)] as const,
    )
    .filter(([, item]) => item !== undefined);
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/**
 * The canonical form of a field's value: what both the program's value and the live value are reduced to before
 * they are compared. `undefined` means unset. A value that is still unknown stays {@link UNKNOWN}.
 */
export function canonicalValue(value: unknown, spec: FieldSpec): unknown {
  if (containsUnknown(value)) return UNKNOWN;
  if (isUnset(value)) return undefined;
  switch (spec.type) {
    case "duration":
      return canonicalDurationText(value);
    case "timestamp":
      return canonicalTimestampText(value);
    case "int64":
      return canonicalInt64(value);
    case "set":
      return canonicalSet(value, spec.fields);
    case "list":
      return canonicalList(value, spec.fields);
    case "message":
      return canonicalMessage(value, spec.fields ?? {});
    case "scalar":
      return value;
    case "json":
      return canonicalJson(spec.normalize ? spec.normalize(value) : value, spec.presence === true);
    case "map":
      return canonicalJson(value);
  }
}

/** Whether two canonical values are equal. An unknown value never equals anything. */
export function sameCanonical(a: unknown, b: unknown): boolean {
  if (a === UNKNOWN || b === UNKNOWN) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
