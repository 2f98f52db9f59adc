import { describe, expect, it } from "vitest";
import { providerProto, structProto } from "../../provider/native/protocol";
import { WireReader } from "../../provider/native/wire/protobuf";
import { type DiffAnswer, RESOURCE_CODECS } from "../../provider/native/wire/resourceCalls";
import { encodeStruct, readStruct } from "../../provider/native/wire/struct";
import { wrongReadsOfPrefixes } from "./harness/truncatedReads";

/**
 * The plugin's own protocol-buffers reader and writer (provider/native/wire/) against the reference implementation,
 * google-protobuf with Pulumi's generated stubs: random and edge-case messages of every type the plugin reads or
 * writes by hand (the per-resource calls; every other call is read and written by the stubs themselves).
 */

const { Struct, ListValue, Value } = structProto;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A seeded generator (mulberry32): the same messages on every run, a failure reproducible by its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const text = () =>
    pick([
      "",
      "a",
      "displayName",
      "Zürich — 🧾",
      "urn:pulumi:dev::p::idgov:index:App::x",
      "\u0000\n\t\"'\\",
      "x".repeat(int(300)),
    ]);
  const number = () =>
    pick([0, -0, 1, -1, 0.5, 2 ** 53 - 1, -(2 ** 53) + 1, 2 ** 63, 1e308, -1e-308, 5e-324, int(1e6) / 7]);
  const value = (depth: number): Json => {
    const kind = int(depth > 4 ? 4 : 6);
    if (kind === 0) return null;
    if (kind === 1) return next() < 0.5;
    if (kind === 2) return number();
    if (kind === 3) return text();
    if (kind === 4) return Array.from({ length: int(5) }, () => value(depth + 1));
    return struct(depth + 1);
  };
  const struct = (depth = 0): { [key: string]: Json } =>
    Object.fromEntries(Array.from({ length: int(6) }, () => [text(), value(depth)]));
  return { next, int, pick, text, struct };
}

/** Raw protocol-buffers bytes, written by hand: for encodings the reference never writes but must read. */
const raw = {
  varint(value: bigint): Buffer {
    const bytes: number[] = [];
    let rest = BigInt.asUintN(64, value);
    do {
      const low = Number(rest & 0x7fn);
      rest >>= 7n;
      bytes.push(rest > 0n ? low | 0x80 : low);
    } while (rest > 0n);
    return Buffer.from(bytes);
  },
  key: (field: number, wireType: number) => raw.varint(BigInt(field * 8 + wireType)),
  delimited: (field: number, body: Buffer) =>
    Buffer.concat([raw.key(field, 2), raw.varint(BigInt(body.length)), body]),
  /** A field of every wire type at numbers no message of the protocol uses: what a newer engine may send. */
  unknownFields(): Buffer {
    const fixed64 = Buffer.alloc(8, 0xff);
    const fixed32 = Buffer.alloc(4, 0xab);
    return Buffer.concat([
      raw.key(9_001, 0),
      raw.varint(2n ** 64n - 1n),
      raw.key(9_002, 1),
      fixed64,
      raw.delimited(9_003, Buffer.from("a newer engine's field")),
      raw.key(9_004, 5),
      fixed32,
      raw.key(536_870_911, 0),
      raw.varint(1n),
    ]);
  },
};

const Reference = {
  struct: (value: { [key: string]: Json }) => Struct.fromJavaScript(value as never),
  read: (bytes: Uint8Array) => Struct.deserializeBinary(bytes).toJavaScript(),
  /** A value as it reaches the other side: written and read back by the reference. */
  plain: (value: { [key: string]: Json }) => Reference.read(Reference.struct(value).serializeBinary()),
};
const ownStruct = (bytes: Uint8Array) => readStruct(new WireReader(Buffer.from(bytes)));

/**
 * A Struct's bytes with unknown fields inside every Struct, Value and list (and every map entry with `insideEntries`:
 * google-protobuf's map reader stops there, so only the plugin's reading of those is checked), as a newer writer may
 * add.
 */
function withUnknownFieldsInside(value: { [key: string]: Json }, insideEntries = false): Buffer {
  const valueBytes = (item: Json): Buffer => {
    let kind: Buffer;
    if (item === null) kind = Buffer.concat([raw.key(1, 0), raw.varint(0n)]);
    else if (typeof item === "number") {
      const double = Buffer.alloc(8);
      double.writeDoubleLE(item);
      kind = Buffer.concat([raw.key(2, 1), double]);
    } else if (typeof item === "string") kind = raw.delimited(3, Buffer.from(item));
    else if (typeof item === "boolean") kind = Buffer.concat([raw.key(4, 0), raw.varint(item ? 1n : 0n)]);
    else if (Array.isArray(item)) {
      kind = raw.delimited(
        6,
        Buffer.concat([raw.unknownFields(), ...item.map((each) => raw.delimited(1, valueBytes(each)))]),
      );
    } else kind = raw.delimited(5, structBytes(item));
    return Buffer.concat([raw.unknownFields(), kind, raw.unknownFields()]);
  };
  const structBytes = (fields: { [key: string]: Json }): Buffer =>
    Buffer.concat([
      raw.unknownFields(),
      ...Object.entries(fields).map(([key, item]) =>
        raw.delimited(
          1,
          Buffer.concat([
            raw.delimited(2, valueBytes(item)),
            ...(insideEntries ? [raw.unknownFields()] : []),
            raw.delimited(1, Buffer.from(key)),
          ]),
        ),
      ),
    ]);
  return structBytes(value);
}

/** The bytes of each top-level field of a message, read here rather than by the code under test. */
function topLevelFields(bytes: Buffer): Buffer[] {
  const fields: Buffer[] = [];
  let at = 0;
  const varint = () => {
    let value = 0n;
    let shift = 0n;
    for (;;) {
      const byte = bytes[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
      shift += 7n;
    }
  };
  while (at < bytes.length) {
    const start = at;
    const wireType = Number(varint() & 7n);
    if (wireType === 0) varint();
    else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else {
      const length = Number(varint());
      at += length;
    }
    fields.push(bytes.subarray(start, at));
  }
  return fields;
}

const SEEDS = Array.from({ length: 300 }, (_, index) => index + 1);

describe("Struct: the plugin's codec against google-protobuf", () => {
  it.each([[SEEDS.length]])(
    "reads what the reference writes, and the reference reads what it writes (%i seeds)",
    () => {
      for (const seed of SEEDS) {
        const value = random(seed).struct();
        const expected = Reference.plain(value);
        expect(ownStruct(Reference.struct(value).serializeBinary()), `seed ${seed}`).toEqual(expected);
        expect(Reference.read(encodeStruct(value)), `seed ${seed}`).toEqual(expected);
      }
    },
  );

  it("writes what the reference writes, byte for byte once the reference has read it back", () => {
    for (const seed of SEEDS) {
      const value = random(seed).struct();
      const canonical = Buffer.from(Reference.struct(value).serializeBinary());
      const ours = Buffer.from(Struct.deserializeBinary(encodeStruct(value)).serializeBinary());
      expect(ours.equals(canonical), `seed ${seed}`).toBe(true);
    }
  });

  it("skips unknown fields of every wire type in every Struct, Value and list, as the reference does, and in every map entry", () => {
    for (const seed of SEEDS.slice(0, 100)) {
      const value = random(seed).struct();
      const expected = Reference.plain(value);
      const outsideEntries = withUnknownFieldsInside(value);
      expect(ownStruct(outsideEntries), `seed ${seed}`).toEqual(Reference.read(outsideEntries));
      expect(ownStruct(withUnknownFieldsInside(value, true)), `seed ${seed}`).toEqual(expected);
    }
  });

  it("reads what the reference reads of encodings it never writes: the last of a repeated oneof, fields out of order, an overlong varint", () => {
    const entry = (key: string, value: Buffer) =>
      raw.delimited(1, Buffer.concat([raw.delimited(2, value), raw.delimited(1, Buffer.from(key))]));
    const bytes = Buffer.concat([
      entry("k", Buffer.concat([raw.delimited(3, Buffer.from("first")), raw.key(4, 0), raw.varint(1n)])),
      entry("n", Buffer.from([0x08, 0x80, 0x00])),
      entry("s", Buffer.concat([raw.key(2, 1), Buffer.alloc(8), raw.delimited(3, Buffer.from("last"))])),
    ]);
    expect(ownStruct(bytes)).toEqual(Reference.read(bytes));
    expect(ownStruct(bytes)).toEqual({ k: true, n: null, s: "last" });
  });

  it("reads a bool written as a ten-byte varint as true, as the protocol says (Go's protowire; google-protobuf reads its low 32 bits)", () => {
    const bytes = raw.delimited(
      1,
      Buffer.concat([
        raw.delimited(1, Buffer.from("b")),
        raw.delimited(2, Buffer.concat([raw.key(4, 0), raw.varint(2n ** 63n)])),
      ]),
    );
    expect(ownStruct(bytes)).toEqual({ b: true });
  });

  it("skips a known field sent with another wire type, as an unknown field (the protocol's rule)", () => {
    const bytes = Buffer.concat([
      raw.key(1, 0),
      raw.varint(5n),
      raw.delimited(
        1,
        Buffer.concat([
          raw.delimited(1, Buffer.from("kept")),
          raw.delimited(
            2,
            Buffer.concat([raw.key(3, 0), raw.varint(1n), raw.delimited(3, Buffer.from("text"))]),
          ),
        ]),
      ),
    ]);
    expect(ownStruct(bytes)).toEqual({ kept: "text" });
  });

  it("reads a Struct nested 200 deep and values of 10 MB as the reference does", () => {
    let deep: Json = { leaf: "end" };
    for (let depth = 0; depth < 200; depth++) deep = { [`level${depth}`]: depth % 2 ? [deep] : deep };
    const large = {
      text: "é".repeat(5 * 1024 * 1024),
      numbers: Array.from({ length: 200_000 }, (_, at) => at / 3),
      deep,
    };
    const bytes = Reference.struct(large).serializeBinary();
    expect(bytes.length).toBeGreaterThan(10 * 1024 * 1024);
    expect(ownStruct(bytes)).toEqual(Reference.read(bytes));
    expect(Reference.read(encodeStruct(large))).toEqual(Reference.read(bytes));
  });

  it("refuses truncated and malformed bytes with an Error, never a wrong value or a hang", () => {
    const messages = SEEDS.slice(0, 50)
      .map((seed) => Buffer.from(Reference.struct(random(seed).struct()).serializeBinary()))
      .filter((bytes) => bytes.length > 0);
    expect(messages.length).toBeGreaterThan(30);
    for (const [at, bytes] of messages.entries()) {
      expect(wrongReadsOfPrefixes(bytes, ownStruct, Reference.read), `message ${at}`).toEqual([]);
    }
    expect(() => ownStruct(Buffer.from([0x0b, 0x00]))).toThrow(/wire type 3/);
  });

  it("the check of truncated bytes fails a reader that answers a wrong value or throws a non-Error (mutations)", () => {
    const bytes = Buffer.from(
      Reference.struct({ a: "hello", b: [1, 2, { c: true }], d: { e: "x" } }).serializeBinary(),
    );
    const readOrEmpty = (prefix: Buffer) => {
      try {
        return ownStruct(prefix);
      } catch {
        return {};
      }
    };
    const oneKeyMore = (prefix: Buffer) => ({ ...ownStruct(prefix), extra: null });
    const throwsText = (prefix: Buffer) => {
      try {
        return ownStruct(prefix);
      } catch {
        throw "truncated";
      }
    };
    for (const mutant of [readOrEmpty, oneKeyMore, throwsText]) {
      expect(wrongReadsOfPrefixes(bytes, mutant, Reference.read), mutant.name).not.toEqual([]);
    }
    expect(wrongReadsOfPrefixes(bytes, readOrEmpty, Reference.read)[0]?.problem).toMatch(
      /^read \{\} where the reference refuses the bytes$/,
    );
  });
});

const URN = "urn:pulumi:dev::proj::idgov:index:App::payroll";

/** A request of each per-resource call with every field of the message set (random), and what the plugin reads of it. */
const REQUESTS = {
  check(r: ReturnType<typeof random>) {
    const news = r.struct();
    const message = new providerProto.CheckRequest()
      .setUrn(r.text())
      .setType(r.text())
      .setName(r.text())
      .setOlds(Reference.struct(r.struct()))
      .setNews(Reference.struct(news))
      .setRandomseed(Uint8Array.from([1, 2, 3]));
    return {
      message,
      expected: {
        urn: message.getUrn(),
        type: message.getType(),
        news: Reference.plain(news),
      },
    };
  },
  diff(r: ReturnType<typeof random>) {
    const [olds, news, oldInputs] = [r.struct(), r.struct(), r.struct()];
    const message = new providerProto.DiffRequest()
      .setId(r.text())
      .setUrn(URN)
      .setType(r.text())
      .setName(r.text())
      .setOlds(Reference.struct(olds))
      .setNews(Reference.struct(news))
      .setOldInputs(Reference.struct(oldInputs))
      .setIgnorechangesList([r.text(), r.text()]);
    return {
      message,
      expected: {
        id: message.getId(),
        urn: URN,
        type: message.getType(),
        olds: Reference.plain(olds),
        news: Reference.plain(news),
        oldInputs: Reference.plain(oldInputs),
      },
    };
  },
  create(r: ReturnType<typeof random>) {
    const properties = r.struct();
    const preview = r.next() < 0.5;
    const message = new providerProto.CreateRequest()
      .setUrn(URN)
      .setType(r.text())
      .setName(r.text())
      .setProperties(Reference.struct(properties))
      .setTimeout(r.int(1000) / 3)
      .setPreview(preview);
    return {
      message,
      expected: {
        urn: URN,
        type: message.getType(),
        properties: Reference.plain(properties),
        preview,
      },
    };
  },
  read(r: ReturnType<typeof random>) {
    const properties = r.struct();
    const message = new providerProto.ReadRequest()
      .setId(r.text())
      .setUrn(URN)
      .setType(r.text())
      .setName(r.text())
      .setProperties(Reference.struct(properties))
      .setInputs(Reference.struct(r.struct()));
    return {
      message,
      expected: {
        id: message.getId(),
        urn: URN,
        type: message.getType(),
        properties: Reference.plain(properties),
      },
    };
  },
  update(r: ReturnType<typeof random>) {
    const [olds, news] = [r.struct(), r.struct()];
    const preview = r.next() < 0.5;
    const message = new providerProto.UpdateRequest()
      .setId(r.text())
      .setUrn(URN)
      .setType(r.text())
      .setName(r.text())
      .setOlds(Reference.struct(olds))
      .setNews(Reference.struct(news))
      .setOldInputs(Reference.struct(r.struct()))
      .setIgnorechangesList([r.text()])
      .setTimeout(r.int(1000))
      .setPreview(preview);
    return {
      message,
      expected: {
        id: message.getId(),
        urn: URN,
        type: message.getType(),
        olds: Reference.plain(olds),
        news: Reference.plain(news),
        preview,
      },
    };
  },
  delete(r: ReturnType<typeof random>) {
    const properties = r.struct();
    const message = new providerProto.DeleteRequest()
      .setId(r.text())
      .setUrn(URN)
      .setType(r.text())
      .setName(r.text())
      .setProperties(Reference.struct(properties))
      .setOldInputs(Reference.struct(r.struct()))
      .setTimeout(r.int(1000));
    return {
      message,
      expected: {
        id: message.getId(),
        urn: URN,
        type: message.getType(),
        properties: Reference.plain(properties),
      },
    };
  },
} as const;

describe.each(Object.keys(REQUESTS) as (keyof typeof REQUESTS)[])("the %s request", (call) => {
  const decode = RESOURCE_CODECS[call].request as (bytes: Buffer) => unknown;

  it("reads every field the plugin uses as the reference does, with every other field set (300 seeds)", () => {
    for (const seed of SEEDS) {
      const { message, expected } = REQUESTS[call](random(seed));
      expect(decode(Buffer.from(message.serializeBinary())), `seed ${seed}`).toEqual(expected);
    }
  });

  it("reads the same with unknown fields of every wire type before, between and after the known ones", () => {
    for (const seed of SEEDS.slice(0, 50)) {
      const { message, expected } = REQUESTS[call](random(seed));
      const fields = topLevelFields(Buffer.from(message.serializeBinary()));
      const interleaved = Buffer.concat([
        raw.unknownFields(),
        ...fields.flatMap((field) => [field, raw.unknownFields()]),
      ]);
      expect(decode(interleaved), `seed ${seed}`).toEqual(expected);
    }
  });
});

describe("the answers the plugin writes, read by the reference", () => {
  const { CheckResponse, DiffResponse, CreateResponse, ReadResponse, UpdateResponse, PropertyDiff } =
    providerProto;

  it("check: the inputs and every failure, byte for byte what the reference writes once read back", () => {
    for (const seed of SEEDS) {
      const r = random(seed);
      const answer = {
        inputs: r.struct(),
        failures: Array.from({ length: r.int(4) }, () => ({ property: r.text(), reason: r.text() })),
      };
      const read = CheckResponse.deserializeBinary(RESOURCE_CODECS.check.answer(answer));
      expect(read.getInputs()?.toJavaScript(), `seed ${seed}`).toEqual(Reference.plain(answer.inputs));
      expect(read.getFailuresList().map((failure) => failure.toObject())).toEqual(answer.failures);
      const canonical = new CheckResponse().setInputs(Reference.struct(answer.inputs));
      for (const failure of answer.failures) {
        canonical.addFailures(
          new providerProto.CheckFailure().setProperty(failure.property).setReason(failure.reason),
        );
      }
      expect(
        Buffer.from(read.serializeBinary()).equals(Buffer.from(canonical.serializeBinary())),
        `seed ${seed}`,
      ).toBe(true);
    }
  });

  it("diff: changes, replaces, diffs, the detailed diff and deleteBeforeReplace", () => {
    for (const seed of SEEDS) {
      const r = random(seed);
      const paths = Array.from({ length: r.int(5) }, (_, at) => `${r.text()}${at}`);
      const answer: DiffAnswer = {
        changes: r.pick([DiffResponse.DiffChanges.DIFF_NONE, DiffResponse.DiffChanges.DIFF_SOME]),
        replaces: paths.filter(() => r.next() < 0.3),
        diffs: paths,
        detailedDiff: new Map(paths.map((path) => [path, { kind: r.int(6), inputDiff: r.next() < 0.5 }])),
        deleteBeforeReplace: r.next() < 0.5,
      };
      const read = DiffResponse.deserializeBinary(RESOURCE_CODECS.diff.answer(answer));
      const canonical = new DiffResponse()
        .setChanges(answer.changes)
        .setReplacesList([...answer.replaces])
        .setDiffsList([...answer.diffs])
        .setDeletebeforereplace(answer.deleteBeforeReplace)
        .setHasdetaileddiff(true);
      for (const [path, change] of answer.detailedDiff) {
        canonical
          .getDetaileddiffMap()
          .set(path, new PropertyDiff().setKind(change.kind as never).setInputdiff(change.inputDiff));
      }
      expect(read.toObject(), `seed ${seed}`).toEqual(canonical.toObject());
      expect(
        Buffer.from(read.serializeBinary()).equals(Buffer.from(canonical.serializeBinary())),
        `seed ${seed}`,
      ).toBe(true);
    }
  });

  it("create, read and update: the id, the properties and the inputs, absent ones left absent", () => {
    for (const seed of SEEDS) {
      const r = random(seed);
      const [id, properties, inputs] = [r.text(), r.struct(), r.next() < 0.5 ? r.struct() : undefined];
      const created = CreateResponse.deserializeBinary(RESOURCE_CODECS.create.answer({ id, properties }));
      const canonicalCreate = new CreateResponse().setId(id).setProperties(Reference.struct(properties));
      expect(
        Buffer.from(created.serializeBinary()).equals(Buffer.from(canonicalCreate.serializeBinary())),
        `seed ${seed}`,
      ).toBe(true);

      const read = ReadResponse.deserializeBinary(
        RESOURCE_CODECS.read.answer({ id, properties, ...(inputs ? { inputs } : {}) }),
      );
      const canonicalRead = new ReadResponse().setId(id).setProperties(Reference.struct(properties));
      if (inputs) canonicalRead.setInputs(Reference.struct(inputs));
      expect(read.hasInputs()).toBe(inputs !== undefined);
      expect(
        Buffer.from(read.serializeBinary()).equals(Buffer.from(canonicalRead.serializeBinary())),
        `seed ${seed}`,
      ).toBe(true);

      const updated = UpdateResponse.deserializeBinary(RESOURCE_CODECS.update.answer({ properties }));
      const canonicalUpdate = new UpdateResponse().setProperties(Reference.struct(properties));
      expect(
        Buffer.from(updated.serializeBinary()).equals(Buffer.from(canonicalUpdate.serializeBinary())),
        `seed ${seed}`,
      ).toBe(true);
    }
    expect(ReadResponse.deserializeBinary(RESOURCE_CODECS.read.answer({ id: "gone" })).hasProperties()).toBe(
      false,
    );
  });

  it("an answer with a value of 10 MB and a Struct nested 200 deep", () => {
    let deep: Json = [1];
    for (let depth = 0; depth < 200; depth++) deep = { [`d${depth}`]: deep };
    const properties = { blob: "x".repeat(10 * 1024 * 1024), deep };
    const read = UpdateResponse.deserializeBinary(RESOURCE_CODECS.update.answer({ properties }));
    expect(read.getProperties()?.toJavaScript()).toEqual(properties);
  });
});

describe("Value and ListValue, as the reference builds them", () => {
  it("every kind of Value inside a list reads back as the reference reads it", () => {
    const list = new ListValue();
    list.addValues(new Value().setNullValue(0));
    list.addValues(new Value().setNumberValue(-0));
    list.addValues(new Value().setStringValue(""));
    list.addValues(new Value().setBoolValue(false));
    list.addValues(new Value().setStructValue(new Struct()));
    list.addValues(new Value().setListValue(new ListValue()));
    const struct = new Struct();
    struct.getFieldsMap().set("all", new Value().setListValue(list));
    const bytes = struct.serializeBinary();
    expect(ownStruct(bytes)).toEqual(Reference.read(bytes));
    expect(Object.is((ownStruct(bytes).all as Json[])[1], -0)).toBe(true);
  });
});
