import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { startEmulator } from "../../emulator/index";
import { ApiSession } from "../../emulator/testing";

const suite = useEmulator();

const entries = (count: number, keyLength = 4, valueLength = 1) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `k${String(index).padStart(keyLength - 1, "0")}`,
      "v".repeat(valueLength),
    ]),
  );

describe("annotation rules (spec 2.1) on create", () => {
  it.each([
    ["17 entries", entries(17), "at most 16 annotations are allowed (got 17)"],
    ["more than 4096 bytes", entries(16, 128, 256), "annotations serialize to 6241 bytes; the limit is 4096"],
    [
      "a key starting with a digit",
      { "1team": "x" },
      'annotation key "1team" does not match ^[A-Za-z][A-Za-z0-9._/-]{0,127}$',
    ],
    [
      "a key with a space",
      { "cost center": "x" },
      'annotation key "cost center" does not match ^[A-Za-z][A-Za-z0-9._/-]{0,127}$',
    ],
    [
      "a key of 129 characters",
      { [`k${"e".repeat(128)}`]: "x" },
      `annotation key "k${"e".repeat(128)}" is 129 characters; keys are 1 to 128 characters`,
    ],
    [
      "a value of 257 characters",
      { team: "v".repeat(257) },
      'annotation "team" value is 257 characters; the limit is 256',
    ],
    [
      "a value with a space",
      { team: "red team" },
      'annotation "team" value has a character that is not URL-safe ASCII: " "',
    ],
    [
      "a non-ASCII value",
      { team: "équipe" },
      'annotation "team" value has a character that is not URL-safe ASCII: "é"',
    ],
    ["the reserved prefix", { "c1/owner": "x" }, 'annotation key "c1/owner" uses the reserved prefix "c1/"'],
  ])("answers 400 for %s", async (_name, annotations, rule) => {
    const answer = await suite.api.post("/api/v1/apps", { displayName: "Tagged", annotations });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 3, message: `invalid annotations: ${rule}`, details: [] });
  });

  it("accepts 16 entries, 128-character keys, empty and 256-character URL-safe values", async () => {
    const annotations = {
      ...entries(14),
      [`k${"e".repeat(127)}`]: "",
      urn: "urn:pulumi:prod::tenant::idgov:App::x?y#z[0]@!$&'()*+,;=~".padEnd(256, "v"),
    };
    const answer = await suite.api.post("/api/v1/apps", { displayName: "Tagged", annotations });
    expect(answer.status).toBe(200);
    expect(answer.body.app.annotations).toEqual(annotations);
  });
});

describe("annotation rules on update", () => {
  it("answers 400 when the merged map would hold 17 entries", async () => {
    const created = await suite.api.post("/api/v1/apps", { displayName: "Tagged", annotations: entries(10) });
    const answer = await suite.api.post(`/api/v1/apps/${created.body.app.id}`, {
      app: {
        annotations: Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`extra${index}`, "x"])),
      },
      updateMask: "annotations",
    });
    expect(answer.body).toEqual({
      code: 3,
      message: "invalid annotations: at most 16 annotations are allowed (got 17)",
      details: [],
    });
  });

  it("lets an update that removes keys make room for new ones", async () => {
    const created = await suite.api.post("/api/v1/apps", { displayName: "Tagged", annotations: entries(16) });
    const answer = await suite.api.post(`/api/v1/apps/${created.body.app.id}`, {
      app: { annotations: { k000: "", k001: "", fresh: "yes" } },
      updateMask: "annotations",
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.app.annotations)).toHaveLength(15);
    expect(answer.body.app.annotations.fresh).toBe("yes");
  });
});

describe("the reserved prefix is a setting", () => {
  it("rejects the configured prefix and accepts c1/ once another prefix is set", async () => {
    const emulator = await startEmulator({ quiet: true, reservedAnnotationPrefix: "corp/" });
    try {
      const api = new ApiSession(emulator.url);
      const reserved = await api.post("/api/v1/apps", {
        displayName: "x",
        annotations: { "corp/owner": "a" },
      });
      expect(reserved.body.message).toBe(
        'invalid annotations: annotation key "corp/owner" uses the reserved prefix "corp/"',
      );
      const free = await api.post("/api/v1/apps", { displayName: "x", annotations: { "c1/owner": "a" } });
      expect(free.status).toBe(200);
    } finally {
      await emulator.close();
    }
  });
});
