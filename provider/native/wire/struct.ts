/**
 * `google.protobuf.Struct` straight between its bytes and plain values, the shape Pulumi sends every resource's
 * properties in. google-protobuf builds a message object for every value and walks them again for `toJavaScript`:
 * about five times the work, once per call on the plugin's only thread.
 */
import { FIXED64, LENGTH_DELIMITED, VARINT, varintSize, WireReader, writeVarint } from "./protobuf";

/** A plain value as a Struct carries it. */
export type StructValue = null | boolean | number | string | StructValue[] | { [key: string]: StructValue };

/** Field numbers of `google.protobuf.Value`'s kinds, of a Struct's entries and of a list's values. */
const NULL_VALUE = 1;
const NUMBER_VALUE = 2;
const STRING_VALUE = 3;
const BOOL_VALUE = 4;
const STRUCT_VALUE = 5;
const LIST_VALUE = 6;
const ENTRY = 1;
const ENTRY_KEY = 1;
const ENTRY_VALUE = 2;
const LIST_ITEM = 1;

/**
 * The fields of a Struct, read from `reader` (positioned on the Struct's own bytes). As the protocol reads them, a
 * field this reader does not know, or knows with another wire type, is skipped.
 */
export function readStruct(reader: WireReader): Record<string, StructValue> {
  const fields: Record<string, StructValue> = {};
  while (!reader.done) {
    const { field, wireType } = reader.tag();
    if (field !== ENTRY || wireType !== LENGTH_DELIMITED) {
      reader.skip(wireType);
      continue;
    }
    const entry = reader.nested();
    let key = "";
    let value: StructValue = null;
    while (!entry.done) {
      const tag = entry.tag();
      if (tag.wireType !== LENGTH_DELIMITED) entry.skip(tag.wireType);
      else if (tag.field === ENTRY_KEY) key = entry.string();
      else if (tag.field === ENTRY_VALUE) value = readValue(entry.nested());
      else entry.skip(tag.wireType);
    }
    fields[key] = value;
  }
  return fields;
}

/** The wire type of each kind of `google.protobuf.Value`, by field number. */
const VALUE_WIRE_TYPES: Readonly<Record<number, number>> = {
  [NULL_VALUE]: VARINT,
  [NUMBER_VALUE]: FIXED64,
  [STRING_VALUE]: LENGTH_DELIMITED,
  [BOOL_VALUE]: VARINT,
  [STRUCT_VALUE]: LENGTH_DELIMITED,
  [LIST_VALUE]: LENGTH_DELIMITED,
};

function readValue(reader: WireReader): StructValue {
  let value: StructValue = null;
  while (!reader.done) {
    const { field, wireType } = reader.tag();
    if (VALUE_WIRE_TYPES[field] !== wireType) reader.skip(wireType);
    else if (field === NULL_VALUE) {
      reader.varint();
      value = null;
    } else if (field === NUMBER_VALUE) value = reader.double();
    else if (field === STRING_VALUE) value = reader.string();
    else if (field === BOOL_VALUE) value = reader.varint() !== 0;
    else if (field === STRUCT_VALUE) value = readStruct(reader.nested());
    else value = readList(reader.nested());
  }
  return value;
}

function readList(reader: WireReader): StructValue[] {
  const items: StructValue[] = [];
  while (!reader.done) {
    const { field, wireType } = reader.tag();
    if (field === LIST_ITEM && wireType === LENGTH_DELIMITED) items.push(readValue(reader.nested()));
    else reader.skip(wireType);
  }
  return items;
}

/**
 * What a value stands for in a Struct, with JSON's reading of JavaScript values (the one the engine's SDKs use): an
 * object's `toJSON` answer, `null` for a number that is not finite and for an absent list item; `undefined` for an
 * object member that is left out.
 */
function normalized(value: unknown): unknown {
  if (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  ) {
    return (value as { toJSON(): unknown }).toJSON();
  }
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value === "function" || typeof value === "symbol") return undefined;
  return value;
}

/**
 * Encodes in two passes: the sizes of every nested message first (each length prefix needs its body's size before
 * the body is written), in the order the write then meets them, then the bytes into one buffer.
 */
class StructEncoder {
  private readonly sizes: number[] = [];
  private next = 0;
  private bytes: Buffer = Buffer.alloc(0);
  private offset = 0;

  encode(fields: Record<string, unknown>): Buffer {
    const size = this.structSize(fields);
    this.bytes = Buffer.allocUnsafe(size);
    this.writeStruct(fields);
    return this.bytes;
  }

  private reserve(): number {
    this.sizes.push(0);
    return this.sizes.length - 1;
  }

  private static delimitedSize(size: number): number {
    return 1 + varintSize(size) + size;
  }

  private structSize(fields: Record<string, unknown>): number {
    let size = 0;
    for (const key of Object.keys(fields)) {
      const value = normalized(fields[key]);
      if (value === undefined) continue;
      const slot = this.reserve();
      const entry =
        StructEncoder.delimitedSize(Buffer.byteLength(key)) +
        StructEncoder.delimitedSize(this.valueSize(value));
      this.sizes[slot] = entry;
      size += StructEncoder.delimitedSize(entry);
    }
    return size;
  }

  /** The size of a Value message; a list or Struct keeps its body's size in a slot of its own, next. */
  private valueSize(value: unknown): number {
    const slot = this.reserve();
    let size: number;
    if (value === null || value === undefined) size = 2;
    else if (typeof value === "number") size = 9;
    else if (typeof value === "boolean") size = 2;
    else if (typeof value === "string") size = StructEncoder.delimitedSize(Buffer.byteLength(value));
    else {
      const bodySlot = this.reserve();
      const body = Array.isArray(value)
        ? this.listSize(value)
        : this.structSize(value as Record<string, unknown>);
      this.sizes[bodySlot] = body;
      size = StructEncoder.delimitedSize(body);
    }
    this.sizes[slot] = size;
    return size;
  }

  private listSize(items: readonly unknown[]): number {
    let size = 0;
    for (const item of items) size += StructEncoder.delimitedSize(this.valueSize(normalized(item) ?? null));
    return size;
  }

  private key(field: number, wireType: number): void {
    this.bytes[this.offset++] = field * 8 + wireType;
  }

  private length(size: number): void {
    this.offset = writeVarint(this.bytes, this.offset, size);
  }

  private text(field: number, text: string): void {
    this.key(field, 2);
    this.length(Buffer.byteLength(text));
    this.offset += this.bytes.write(text, this.offset, "utf8");
  }

  private writeStruct(fields: Record<string, unknown>): void {
    for (const key of Object.keys(fields)) {
      const value = normalized(fields[key]);
      if (value === undefined) continue;
      this.key(ENTRY, 2);
      this.length(this.sizes[this.next++] as number);
      this.text(ENTRY_KEY, key);
      this.key(ENTRY_VALUE, 2);
      this.writeValue(value);
    }
  }

  /** A Value message, its length prefix first (the caller wrote its key). */
  private writeValue(value: unknown): void {
    this.length(this.sizes[this.next++] as number);
    if (value === null || value === undefined) {
      this.key(NULL_VALUE, 0);
      this.bytes[this.offset++] = 0;
    } else if (typeof value === "number") {
      this.key(NUMBER_VALUE, 1);
      this.offset = this.bytes.writeDoubleLE(value, this.offset);
    } else if (typeof value === "boolean") {
      this.key(BOOL_VALUE, 0);
      this.bytes[this.offset++] = value ? 1 : 0;
    } else if (typeof value === "string") this.text(STRING_VALUE, value);
    else if (Array.isArray(value)) {
      this.key(LIST_VALUE, 2);
      this.length(this.sizes[this.next++] as number);
      for (const item of value) {
        this.key(LIST_ITEM, 2);
        this.writeValue(normalized(item) ?? null);
      }
    } else {
      this.key(STRUCT_VALUE, 2);
      this.length(this.sizes[this.next++] as number);
      this.writeStruct(value as Record<string, unknown>);
    }
  }
}

/** The bytes of a Struct of `fields` (members left `undefined` are left out). */
export function encodeStruct(fields: Record<string, unknown>): Buffer {
  return new StructEncoder().encode(fields);
}
