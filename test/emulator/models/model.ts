/**
 * A resource model says, field by field, what the emulator stores and answers: the field's kind
 * (which gives its zero value and its canonical form), whether clients may write it, and, for
 * nested messages, the model of the message (which makes dotted update-mask paths valid).
 */
export type FieldKind =
  | "string"
  | "bool"
  | "number"
  | "int64"
  | "duration"
  | "timestamp"
  | "enum"
  | "list"
  | "map"
  | "annotations"
  | "opaque"
  | "message";

/** One field of a model. */
export interface FieldModel {
  kind: FieldKind;
  /** Returned on read, never written by clients; an update mask naming it answers 400. */
  readOnly?: boolean;
  /** Why the field is read-only, appended to the 400 message. */
  readOnlyReason?: string;
  /** Zero member of an enumeration (`*_UNSPECIFIED`). */
  enumZero?: string;
  /** Model of a nested message (of each element, for a list of messages). */
  fields?: MessageModel;
  /** Element kind of a list whose elements need normalising (durations, timestamps). */
  element?: FieldKind;
}

/** The fields of one message, by camelCase name. */
export type MessageModel = Readonly<Record<string, FieldModel>>;

/** A string field. */
export const string = (): FieldModel => ({ kind: "string" });
/** A boolean field. */
export const bool = (): FieldModel => ({ kind: "bool" });
/** An int32/uint32/double field (a JSON number). */
export const number = (): FieldModel => ({ kind: "number" });
/** An int64 field (a JSON string of digits). */
export const int64 = (): FieldModel => ({ kind: "int64" });
/** A duration (`"3600s"`), null when unset. */
export const duration = (): FieldModel => ({ kind: "duration" });
/** A timestamp (RFC 3339), null when unset. */
export const timestamp = (): FieldModel => ({ kind: "timestamp" });
/** An enumeration with its zero member. */
export const enumeration = (zero: string): FieldModel => ({ kind: "enum", enumZero: zero });
/** A repeated field (strings, enums or objects). */
export const list = (element?: FieldKind): FieldModel =>
  element === undefined ? { kind: "list" } : { kind: "list", element };
/** A repeated message; its model names the elements' read-only members. */
export const messageList = (fields: MessageModel): FieldModel => ({ kind: "list", fields });
/** A map of strings or an object whose keys are data. */
export const map = (): FieldModel => ({ kind: "map" });
/** An annotations map (spec 2.1): merged on update. */
export const annotations = (): FieldModel => ({ kind: "annotations" });
/** An object whose inner shape the spec does not show: carried through as sent, null when unset. */
export const opaque = (): FieldModel => ({ kind: "opaque" });
/** A nested message, null when unset. */
export const message = (fields: MessageModel): FieldModel => ({ kind: "message", fields });

/** Marks a field read-only (optionally saying why). */
export function readOnly(field: FieldModel, reason?: string): FieldModel {
  return reason === undefined
    ? { ...field, readOnly: true }
    : { ...field, readOnly: true, readOnlyReason: reason };
}

/** The value a field takes when unset or cleared by an update mask. */
export function zeroValue(field: FieldModel): unknown {
  switch (field.kind) {
    case "string":
      return "";
    case "bool":
      return false;
    case "number":
      return 0;
    case "int64":
      return "0";
    case "enum":
      return field.enumZero ?? "";
    case "list":
      return [];
    case "map":
    case "annotations":
      return {};
    case "duration":
    case "timestamp":
    case "opaque":
    case "message":
      return null;
  }
}

/** A record with every field of the model at its zero value. */
export function zeroRecord(model: MessageModel): Record<string, unknown> {
  return Object.fromEntries(Object.entries(model).map(([name, field]) => [name, zeroValue(field)]));
}

/** Names of the fields clients may write. */
export function writableFields(model: MessageModel): string[] {
  return Object.entries(model)
    .filter(([, field]) => field.readOnly !== true)
    .map(([name]) => name);
}

/** Names of the read-only fields. */
export function readOnlyFields(model: MessageModel): string[] {
  return Object.entries(model)
    .filter(([, field]) => field.readOnly === true)
    .map(([name]) => name);
}
