import { describe, expect, it } from "vitest";
import {
  ANNOTATION_LIMITS,
  WELL_KNOWN_ANNOTATION_KEYS,
  annotationsSchema,
  validateAnnotations,
  type AnnotationIssue,
} from "../../../provider/schemas";

const defaults = { reservedPrefix: "c1/" };

/** `count` entries `key01`, `key02`, … with value `"v"`. */
function entries(count: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`key${String(i + 1).padStart(2, "0")}`, "v"]),
  );
}

/** 16 entries `key01`…`key16` whose values are sized so that JSON.stringify(map) is exactly `bytes` long. */
function mapSerializingTo(bytes: number): Record<string, string> {
  const keys = Object.keys(entries(16));
  const overhead = JSON.stringify(Object.fromEntries(keys.map((key) => [key, ""]))).length;
  let remaining = bytes - overhead;
  const map: Record<string, string> = {};
  for (const key of keys) {
    const length = Math.min(remaining, ANNOTATION_LIMITS.valueMaxLength);
    map[key] = "x".repeat(length);
    remaining -= length;
  }
  return map;
}

describe("validateAnnotations", () => {
  it("exposes the limits of spec 2.1", () => {
    expect(ANNOTATION_LIMITS).toEqual({
      maxEntries: 16,
      keyMaxLength: 128,
      valueMaxLength: 256,
      maxSerializedBytes: 4096,
    });
    expect(WELL_KNOWN_ANNOTATION_KEYS).toEqual([
      "managed_by",
      "iac_workspace",
      "iac_resource_address",
      "iac_tool_version",
    ]);
  });

  it.each([
    ["16 entries", entries(16)],
    ["a 128-character key", { ["k".repeat(128)]: "v" }],
    ["a 256-character value", { team: "v".repeat(256) }],
    ["a map serializing to exactly 4096 bytes", mapSerializingTo(4096)],
    ["the well-known keys", Object.fromEntries(WELL_KNOWN_ANNOTATION_KEYS.map((key) => [key, "x"]))],
    ["a Pulumi URN as value", { iac_resource_address: "urn:pulumi:dev::proj::idgov:App::my-app" }],
    ["every URL-safe punctuation character", { chars: "-._~:/?#[]@!$&'()*+,;=" }],
    ["keys using dots, slashes, dashes and underscores", { "a.b/c-d_e": "v", Z9: "v" }],
    ["a key that merely contains the prefix text", { c1x: "v", "team/c1/": "v" }],
  ])("accepts %s", (_, map) => {
    expect(validateAnnotations(map, defaults)).toEqual([]);
  });

  it("builds its boundary maps at the exact byte sizes", () => {
    expect(Buffer.byteLength(JSON.stringify(mapSerializingTo(4096)))).toBe(4096);
    expect(Buffer.byteLength(JSON.stringify(mapSerializingTo(4097)))).toBe(4097);
  });

  it.each<[string, Record<string, string>, AnnotationIssue[]]>([
    [
      "17 entries",
      entries(17),
      [{ rule: "max-entries", message: "at most 16 annotations are allowed (got 17)" }],
    ],
    [
      "a 129-character key",
      { ["k".repeat(129)]: "v" },
      [
        {
          key: "k".repeat(129),
          rule: "key-length",
          message: `annotation key "${"k".repeat(129)}" is 129 characters; keys are 1 to 128 characters`,
        },
      ],
    ],
    [
      "an empty key",
      { "": "v" },
      [
        {
          key: "",
          rule: "key-length",
          message: 'annotation key "" is 0 characters; keys are 1 to 128 characters',
        },
      ],
    ],
    [
      "a 257-character value",
      { team: "v".repeat(257) },
      [
        {
          key: "team",
          rule: "value-length",
          message: 'annotation "team" value is 257 characters; the limit is 256',
        },
      ],
    ],
    [
      "a map serializing to 4097 bytes",
      mapSerializingTo(4097),
      [{ rule: "total-size", message: "annotations serialize to 4097 bytes; the limit is 4096" }],
    ],
    [
      "a key with a space",
      { "Bad Key": "v" },
      [
        {
          key: "Bad Key",
          rule: "key-pattern",
          message: 'annotation key "Bad Key" does not match ^[A-Za-z][A-Za-z0-9._/-]{0,127}$',
        },
      ],
    ],
  ])("rejects %s", (_, map, issues) => {
    expect(validateAnnotations(map, defaults)).toEqual(issues);
  });

  it.each(["1abc", "_x", ".x", "/x", "a:b", "a b", "a+b", "é"])(
    "rejects the key %j as not matching the pattern",
    (key) => {
      expect(validateAnnotations({ [key]: "v" }, defaults)).toEqual([
        {
          key,
          rule: "key-pattern",
          message: `annotation key ${JSON.stringify(key)} does not match ^[A-Za-z][A-Za-z0-9._/-]{0,127}$`,
        },
      ]);
    },
  );

  it.each([
    ["space", "a b", " "],
    ["double quote", 'a"b', '"'],
    ["percent sign", "100%", "%"],
    ["less-than", "<b>", "<"],
    ["greater-than", "b>", ">"],
    ["backslash", "a\\b", "\\"],
    ["caret", "a^b", "^"],
    ["backtick", "a`b", "`"],
    ["opening brace", "{x", "{"],
    ["closing brace", "x}", "}"],
    ["vertical bar", "a|b", "|"],
    ["non-ASCII letter", "café", "é"],
    ["emoji", "ok👍", "👍"],
    ["newline", "a\nb", "\n"],
    ["tab", "a\tb", "\t"],
  ])("rejects a value with a %s", (_, value, character) => {
    expect(validateAnnotations({ team: value }, defaults)).toEqual([
      {
        key: "team",
        rule: "value-charset",
        message: `annotation "team" value has a character that is not URL-safe ASCII: ${JSON.stringify(character)}`,
      },
    ]);
  });

  it('reports a space in a value as: annotation "team" value has a character that is not URL-safe ASCII: " "', () => {
    expect(validateAnnotations({ team: "a b" }, defaults)[0]?.message).toBe(
      'annotation "team" value has a character that is not URL-safe ASCII: " "',
    );
  });

  it.each([
    ["the default prefix", {}, "c1/x", "c1/"],
    ["the default prefix given explicitly", { reservedPrefix: "c1/" }, "c1/managed", "c1/"],
    ["a custom prefix with its slash", { reservedPrefix: "acme/" }, "acme/owner", "acme/"],
    ["a custom prefix without its slash", { reservedPrefix: "acme" }, "acme/owner", "acme/"],
  ])("rejects a key under %s", (_, options, key, prefix) => {
    expect(validateAnnotations({ [key]: "v" }, options)).toEqual([
      {
        key,
        rule: "reserved-prefix",
        message: `annotation key "${key}" uses the reserved prefix "${prefix}"`,
      },
    ]);
  });

  it("accepts the default prefix when a custom prefix is configured", () => {
    expect(validateAnnotations({ "c1/x": "v" }, { reservedPrefix: "acme/" })).toEqual([]);
  });

  it("rejects an empty value unless empty values are allowed", () => {
    expect(validateAnnotations({ team: "" }, defaults)).toEqual([
      {
        key: "team",
        rule: "value-length",
        message:
          'annotation "team" value is empty; an empty value is only allowed on update, where it removes the key',
      },
    ]);
    expect(validateAnnotations({ team: "" }, { ...defaults, allowEmptyValues: true })).toEqual([]);
  });

  it("reports every issue of a map, whole-map rules first", () => {
    const map = { ...entries(16), "Bad Key": "a b" };
    expect(validateAnnotations(map, defaults).map((issue) => issue.rule)).toEqual([
      "max-entries",
      "key-pattern",
      "value-charset",
    ]);
  });
});

describe("annotationsSchema", () => {
  it("puts each issue at the path of its key, whole-map issues at the map", () => {
    const result = annotationsSchema(defaults).safeParse({ ...entries(16), "c1/x": "ok" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[], "at most 16 annotations are allowed (got 17)"],
      [["c1/x"], 'annotation key "c1/x" uses the reserved prefix "c1/"'],
    ]);
  });

  it("keeps a valid map unchanged", () => {
    expect(annotationsSchema(defaults).parse({ managed_by: "pulumi" })).toEqual({ managed_by: "pulumi" });
  });

  it("rejects a non-string value", () => {
    expect(annotationsSchema(defaults).safeParse({ count: 3 }).success).toBe(false);
  });
});
