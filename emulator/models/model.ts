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
  /** The oneof group the field belongs to: left out of records while unset. */
  oneof?: string;
}

/** The fields of one message, by camelCase name. */
export type MessageModel = Readonly<Record<string, FieldModel>>;

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

/** A record with every field of the model at its zero value (oneof members left out). */
export function zeroRecord(model: MessageModel): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(model)
      .filter(([, field]) => field.oneof === undefined)
      .map(([name, field]) => [name, zeroValue(field)]),
  );
}
