import { describe, expect, it } from "vitest";
import { pulumiSecret } from "../../provider/engine/pulumiSecret";
import { providerProto, structProto } from "../../provider/native/protocol";
import { WireReader } from "../../provider/native/wire/protobuf";
import { RESOURCE_CODECS } from "../../provider/native/wire/resourceCalls";
import { encodeStruct, readStruct } from "../../provider/native/wire/struct";

const { Struct } = structProto;

/** Properties as the engine sends them: nesting, lists, every scalar, secrets, unknowns, text beyond ASCII. */
const PROPERTIES = {
  displayName: "Payroll — Zürich 🧾",
  empty: "",
  count: 42,
  negative: -7.25,
  large: 2 ** 53 - 1,
  tiny: 1e-300,
  enabled: true,
  disabled: false,
  nothing: null,
  tags: ["a", 1, false, null, { nested: ["deep"] }, []],
  oidc: { issuer: "https://idp.example.com", scopes: [], extra: {} },
  clientSecret: pulumiSecret("s3cr3t"),
  pending: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
  long: "x".repeat(300),
};

const fromGoogle = (bytes: Uint8Array) => Struct.deserializeBinary(bytes).toJavaScript();
const ownRead = (bytes: Uint8Array) => readStruct(new WireReader(Buffer.from(bytes)));

describe("Struct codec", () => {
  it("writes what google-protobuf reads, and reads what it writes", () => {
    expect(fromGoogle(encodeStruct(PROPERTIES))).toEqual(PROPERTIES);
    expect(ownRead(Struct.fromJavaScript(PROPERTIES).serializeBinary())).toEqual(PROPERTIES);
    expect(ownRead(encodeStruct(PROPERTIES))).toEqual(PROPERTIES);
  });

  it("writes as many bytes as google-protobuf (canonical lengths; only the order of members may differ)", () => {
    expect(encodeStruct(PROPERTIES).length).toBe(Struct.fromJavaScript(PROPERTIES).serializeBinary().length);
  });

  it("reads JavaScript values as JSON does: undefined members left out, non-finite numbers and holes null", () => {
    const when = new Date("2026-11-26T00:00:00.000Z");
    const written = { kept: 1, dropped: undefined, at: when, nan: Number.NaN, list: [undefined, Infinity] };
    expect(ownRead(encodeStruct(written))).toEqual(JSON.parse(JSON.stringify(written)));
  });

  it("writes an empty Struct as no bytes, and reads one", () => {
    expect(encodeStruct({}).length).toBe(0);
    expect(ownRead(new Uint8Array())).toEqual({});
  });

  it("refuses a truncated message with the protocol's reason", () => {
    const bytes = encodeStruct(PROPERTIES);
    expect(() => ownRead(bytes.subarray(0, bytes.length - 3))).toThrow(/protobuf: .* past the message's end/);
  });
});

describe("a fixed-size field past its message's end", () => {
  // A nested message of `length` bytes, followed in the same buffer by the next field's bytes.
  const within = (message: number[], next: number[]) =>
    new WireReader(Buffer.from([...message, ...next]), 0, message.length);
  const nextField = [0x12, 0x03, 0x61, 0x62, 0x63, 0x18, 0x01, 0x20];

  it.each([
    [
      "a double (wire type 1) cut after 3 of its 8 bytes",
      [0x11, 0x00, 0x00, 0xf0],
      (r: WireReader) => r.double(),
    ],
    ["a fixed64 skipped as unknown, cut after 5 bytes", [0x49, 1, 2, 3, 4, 5], (r: WireReader) => r.skip(1)],
    ["a fixed32 skipped as unknown, cut after 2 bytes", [0x4d, 1, 2], (r: WireReader) => r.skip(5)],
  ])("is refused, not read from the next field's bytes: %s", (_what, message, read) => {
    const reader = within(message, nextField);
    reader.tag();
    expect(() => read(reader)).toThrow("protobuf: a field runs past the message's end");
  });

  it("is read when the message holds it whole", () => {
    const reader = within([0x11, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f], nextField);
    reader.tag();
    expect(reader.double()).toBe(1);
    expect(reader.done).toBe(true);
  });

  it("inside a Struct's value, fails the Struct rather than reading the field after it", () => {
    // Struct{fields: {"n": Value{number_value (field 2, fixed64) cut to 3 bytes}}}, then the next field's bytes.
    const value = [0x11, 0x00, 0x00, 0xf0];
    const entry = [0x0a, 0x01, 0x6e, 0x12, value.length, ...value];
    const struct = [0x0a, entry.length, ...entry];
    expect(() => readStruct(within(struct, nextField))).toThrow(/past the message's end/);
  });
});

describe("per-resource calls", () => {
  const urn = "urn:pulumi:dev::proj::idgov:index:App::payroll";
  const olds = { displayName: "Old", description: "before" };
  const news = { displayName: "New" };
  const struct = (value: Record<string, unknown>) => Struct.fromJavaScript(value as never);
  const read = <T>(decode: (bytes: Buffer) => T, message: { serializeBinary(): Uint8Array }) =>
    decode(Buffer.from(message.serializeBinary()));

  it("reads every field the plugin uses, and skips the ones it does not", () => {
    const check = new providerProto.CheckRequest().setUrn(urn).setType("idgov:index:App").setName("payroll");
    check
      .setOlds(struct(olds))
      .setNews(struct(news))
      .setRandomseed(new Uint8Array([1, 2, 3]));
    expect(read(RESOURCE_CODECS.check.request, check)).toEqual({ urn, type: "idgov:index:App", news });

    const diff = new providerProto.DiffRequest().setId("app-1").setUrn(urn).setType("idgov:index:App");
    diff.setOlds(struct(olds)).setNews(struct(news)).setOldInputs(struct(olds)).setIgnorechangesList(["a"]);
    expect(read(RESOURCE_CODECS.diff.request, diff)).toEqual({
      id: "app-1",
      urn,
      type: "idgov:index:App",
      olds,
      news,
      oldInputs: olds,
    });

    const create = new providerProto.CreateRequest().setUrn(urn).setType("idgov:index:App").setPreview(true);
    create.setProperties(struct(news)).setTimeout(30).setName("payroll");
    expect(read(RESOURCE_CODECS.create.request, create)).toEqual({
      urn,
      type: "idgov:index:App",
      properties: news,
      preview: true,
    });

    const readCall = new providerProto.ReadRequest().setId("app-1").setUrn(urn).setType("idgov:index:App");
    readCall.setProperties(struct(olds)).setInputs(struct(news)).setTimeout(5);
    expect(read(RESOURCE_CODECS.read.request, readCall)).toEqual({
      id: "app-1",
      urn,
      type: "idgov:index:App",
      properties: olds,
    });

    const update = new providerProto.UpdateRequest().setId("app-1").setUrn(urn).setType("idgov:index:App");
    update.setOlds(struct(olds)).setNews(struct(news)).setOldInputs(struct(olds)).setPreview(true);
    expect(read(RESOURCE_CODECS.update.request, update)).toEqual({
      id: "app-1",
      urn,
      type: "idgov:index:App",
      olds,
      news,
      preview: true,
    });

    const del = new providerProto.DeleteRequest().setId("app-1").setUrn(urn).setProperties(struct(olds));
    expect(read(RESOURCE_CODECS.delete.request, del)).toEqual({
      id: "app-1",
      urn,
      type: "",
      properties: olds,
    });
  });

  it("tells an absent Struct from an empty one, and gives the proto3 defaults of absent scalars", () => {
    const diff = new providerProto.DiffRequest().setUrn(urn).setNews(struct({}));
    expect(read(RESOURCE_CODECS.diff.request, diff)).toEqual({ id: "", urn, type: "", news: {} });
    expect(read(RESOURCE_CODECS.create.request, new providerProto.CreateRequest())).toEqual({
      urn: "",
      type: "",
      preview: false,
    });
  });

  it("writes answers the generated messages read back", () => {
    const check = providerProto.CheckResponse.deserializeBinary(
      RESOURCE_CODECS.check.answer({
        inputs: news,
        failures: [{ property: "displayName", reason: "displayName: required" }],
      }),
    );
    expect(check.getInputs()?.toJavaScript()).toEqual(news);
    expect(check.getFailuresList().map((failure) => failure.toObject())).toEqual([
      { property: "displayName", reason: "displayName: required" },
    ]);

    const { PropertyDiff, DiffResponse } = providerProto;
    const diff = DiffResponse.deserializeBinary(
      RESOURCE_CODECS.diff.answer({
        changes: DiffResponse.DiffChanges.DIFF_SOME,
        replaces: ["name"],
        diffs: ["name", "description"],
        detailedDiff: new Map([
          ["name", { kind: PropertyDiff.Kind.UPDATE_REPLACE, inputDiff: true }],
          ["description", { kind: PropertyDiff.Kind.ADD, inputDiff: true }],
        ]),
        deleteBeforeReplace: false,
      }),
    );
    expect(diff.getChanges()).toBe(DiffResponse.DiffChanges.DIFF_SOME);
    expect(diff.getReplacesList()).toEqual(["name"]);
    expect(diff.getDiffsList()).toEqual(["name", "description"]);
    expect(diff.getHasdetaileddiff()).toBe(true);
    expect(diff.getDeletebeforereplace()).toBe(false);
    const detailed: Record<string, unknown> = {};
    diff.getDetaileddiffMap().forEach((change, path) => (detailed[path] = change.toObject()));
    expect(detailed).toEqual({
      name: { kind: PropertyDiff.Kind.UPDATE_REPLACE, inputdiff: true },
      description: { kind: PropertyDiff.Kind.ADD, inputdiff: true },
    });

    const created = providerProto.CreateResponse.deserializeBinary(
      RESOURCE_CODECS.create.answer({ id: "app-1", properties: olds }),
    );
    expect([created.getId(), created.getProperties()?.toJavaScript()]).toEqual(["app-1", olds]);

    const readAnswer = providerProto.ReadResponse.deserializeBinary(
      RESOURCE_CODECS.read.answer({ id: "app-1", properties: olds }),
    );
    expect([readAnswer.getId(), readAnswer.hasInputs()]).toEqual(["app-1", false]);
    const withInputs = providerProto.ReadResponse.deserializeBinary(
      RESOURCE_CODECS.read.answer({ id: "app-1", properties: olds, inputs: {} }),
    );
    expect(withInputs.getInputs()?.toJavaScript()).toEqual({});

    const updated = providerProto.UpdateResponse.deserializeBinary(
      RESOURCE_CODECS.update.answer({ properties: news }),
    );
    expect(updated.getProperties()?.toJavaScript()).toEqual(news);
    expect(RESOURCE_CODECS.delete.answer().length).toBe(0);
  });
});
