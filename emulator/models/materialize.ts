import { badRequest } from "../errors";
import { canonicalDurationText, canonicalTimestamp, DURATION_TEXT } from "../time";
import { zeroValue, type FieldModel, type MessageModel } from "./model";
import { isJsonObject } from "../state";

/** Canonical text of a protobuf-JSON duration, or a 400 naming the field. */
export function canonicalDurationField(value: unknown, path: string): string {
  if (typeof value !== "string" || !DURATION_TEXT.test(value)) {
    throw badRequest(
      `invalid body: ${path}: must be a protobuf duration in seconds such as "3600s" or "1.5s"`,
    );
  }
  const canonical = canonicalDurationText(value);
  if (canonical === undefined) {
    throw badRequest(`invalid body: ${path}: must be within the protobuf duration range of ±315576000000s`);
  }
  return canonical;
}

function canonicalTimestampField(value: unknown, path: string): string {
  const canonical = typeof value === "string" ? canonicalTimestamp(value) : undefined;
  if (canonical === undefined) {
    throw badRequest(`invalid body: ${path}: must be an RFC 3339 timestamp such as "2026-11-21T14:00:00Z"`);
  }
  return canonical;
}

/** One field's value in stored form: zero when unset, canonical durations and timestamps. */
export function materializeField(field: FieldModel, value: unknown, path: string): unknown {
  if (value === undefined || value === null) return zeroValue(field);
  switch (field.kind) {
    case "duration":
      return canonicalDurationField(value, path);
    case "timestamp":
      return canonicalTimestampField(value, path);
    case "message":
      return isJsonObject(value) ? materialize(value, field.fields ?? {}, path) : structuredClone(value);
    case "list":
      if (!Array.isArray(value)) return structuredClone(value);
      if (field.element === "duration") {
        return value.map((item, index) => canonicalDurationField(item, `${path}[${index}]`));
      }
      if (field.element === "timestamp") {
        return value.map((item, index) => canonicalTimestampField(item, `${path}[${index}]`));
      }
      return structuredClone(value);
    default:
      return structuredClone(value);
  }
}

/**
 * A full record of `model` from a client's (already validated) object: every field present,
 * unset ones at their zero value (unset oneof members left out), durations and timestamps in
 * canonical form.
 */
export function materialize(
  value: Record<string, unknown>,
  model: MessageModel,
  path = "",
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(model)) {
    if (field.oneof !== undefined && (value[name] === undefined || value[name] === null)) continue;
    record[name] = materializeField(field, value[name], path === "" ? name : `${path}.${name}`);
  }
  return record;
}
