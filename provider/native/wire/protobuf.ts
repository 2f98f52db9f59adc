/**
 * The protocol-buffers wire format, as little of it as the resource calls need: a reader over one message's bytes,
 * and a builder of one message from its fields. Field numbers and types come from the caller.
 */

/** Wire types of the fields the reader can meet (groups are not used by any of Pulumi's messages). */
export const VARINT = 0;
export const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;
export const FIXED32 = 5;

/** Reads the fields of one message in order; a field the caller does not ask for is skipped by its wire type. */
export class WireReader {
  private position: number;

  constructor(
    private readonly bytes: Buffer,
    start = 0,
    private readonly end = bytes.length,
  ) {
    this.position = start;
  }

  get done(): boolean {
    return this.position >= this.end;
  }

  /** The next field's tag: its number and wire type. */
  tag(): { field: number; wireType: number } {
    const tag = this.varint();
    return { field: Math.floor(tag / 8), wireType: tag % 8 };
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.position >= this.end) throw new Error("protobuf: a varint runs past the message's end");
      const byte = this.bytes[this.position++] as number;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  }

  double(): number {
    const value = this.bytes.readDoubleLE(this.position);
    this.stepOver(8);
    return value;
  }

  /** Steps over `size` bytes of the message, which must hold them. */
  private stepOver(size: number): void {
    if (this.position + size > this.end) throw new Error("protobuf: a field runs past the message's end");
    this.position += size;
  }

  string(): string {
    const { start, end } = this.delimited();
    return this.bytes.toString("utf8", start, end);
  }

  /** The bounds of a length-delimited field's bytes, which the reader steps over. */
  delimited(): { start: number; end: number } {
    const length = this.varint();
    const start = this.position;
    const end = start + length;
    if (end > this.end) throw new Error("protobuf: a field runs past the message's end");
    this.position = end;
    return { start, end };
  }

  /** A reader of the nested message in the next length-delimited field. */
  nested(): WireReader {
    const { start, end } = this.delimited();
    return new WireReader(this.bytes, start, end);
  }

  skip(wireType: number): void {
    if (wireType === VARINT) this.varint();
    else if (wireType === FIXED64) this.stepOver(8);
    else if (wireType === LENGTH_DELIMITED) this.delimited();
    else if (wireType === FIXED32) this.stepOver(4);
    else throw new Error(`protobuf: unsupported wire type ${wireType}`);
  }
}

/** The byte count of `value` as a varint. */
export function varintSize(value: number): number {
  let size = 1;
  while (value >= 128) {
    value = Math.floor(value / 128);
    size += 1;
  }
  return size;
}

/** Writes `value` as a varint at `offset` of `into`; answers the offset after it. */
export function writeVarint(into: Buffer, offset: number, value: number): number {
  while (value >= 128) {
    into[offset++] = (value % 128) | 0x80;
    value = Math.floor(value / 128);
  }
  into[offset++] = value;
  return offset;
}

/**
 * Builds one message from its fields, in the order given. Proto3 defaults (an empty string, false, 0) are left out,
 * as Pulumi's own encoders do; nested messages are handed over already encoded.
 */
export class MessageBuilder {
  private readonly parts: Buffer[] = [];

  private key(field: number, wireType: number): void {
    this.varintBytes(field * 8 + wireType);
  }

  private varintBytes(value: number): void {
    const bytes = Buffer.allocUnsafe(varintSize(value));
    writeVarint(bytes, 0, value);
    this.parts.push(bytes);
  }

  string(field: number, value: string): this {
    if (value === "") return this;
    return this.bytes(field, Buffer.from(value, "utf8"));
  }

  strings(field: number, values: readonly string[]): this {
    for (const value of values) this.bytes(field, Buffer.from(value, "utf8"), true);
    return this;
  }

  bool(field: number, value: boolean): this {
    return this.enum(field, value ? 1 : 0);
  }

  enum(field: number, value: number): this {
    if (value === 0) return this;
    this.key(field, VARINT);
    this.varintBytes(value);
    return this;
  }

  /** A length-delimited field: a string's bytes or an encoded message; `always` keeps an empty one. */
  bytes(field: number, value: Buffer, always = false): this {
    if (value.length === 0 && !always) return this;
    this.key(field, LENGTH_DELIMITED);
    this.varintBytes(value.length);
    this.parts.push(value);
    return this;
  }

  finish(): Buffer {
    return Buffer.concat(this.parts);
  }
}
