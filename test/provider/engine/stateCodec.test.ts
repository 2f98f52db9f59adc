import { describe, expect, it } from "vitest";
import { decodeProps } from "../../../provider/engine/decoded";
import { buildOutputs } from "../../../provider/engine/state";
import {
  BOOKKEEPING_KEY,
  BOOKKEEPING_KEYS,
  CONTROL_KEYS,
  OWNERSHIP_KEY,
  ownershipIn,
  readState,
  writeState,
} from "../../../provider/engine/stateCodec";
import { liveFieldsOf } from "../../../provider/engine/plan";
import { kindNamed, KINDS } from "../../../provider/kinds";

const urn = "urn:pulumi:prod::tenant::pulumi-idgov:index:App::github";

/** An App's outputs exactly as the release before the codec wrote them (ownership still under `ownership`). */
const OLD_STATE = JSON.parse(`{
  "displayName": "GitHub",
  "description": "Source code",
  "monthlyCostUsd": 21,
  "annotations": {
    "team": "platform",
    "managed_by": "pulumi",
    "iac_workspace": "acme/tenant/prod",
    "iac_resource_address": "tenant::github",
    "iac_tool_version": "pulumi-idgov/0.1.0"
  },
  "createTime": "2026-01-01T00:00:00Z",
  "managedFields": ["displayName", "description", "monthlyCostUsd"],
  "managedAnnotationKeys": ["team"],
  "adoptId": "app-github",
  "restoreOnDelete": true,
  "ownership": { "workspace": "acme/tenant/prod", "resourceAddress": "${urn}" },
  "replacedValues": { "description": "", "displayName": "GitHub (old)" }
}`) as Record<string, unknown>;

describe("the engine's state codec", () => {
  it("reads every key a state of the previous release holds, typed", () => {
    expect(readState(OLD_STATE)).toEqual({
      managedFields: ["displayName", "description", "monthlyCostUsd"],
      managedAnnotationKeys: ["team"],
      replacedValues: { description: "", displayName: "GitHub (old)" },
      adoptId: "app-github",
      restoreOnDelete: true,
      ownership: { workspace: "acme/tenant/prod", resourceAddress: urn },
    });
    expect(ownershipIn(OLD_STATE)).toEqual({ workspace: "acme/tenant/prod", resourceAddress: urn });
  });

  it("reads the ownership under its new key first", () => {
    const moved = { workspace: "acme/tenant/stage", resourceAddress: urn };
    expect(ownershipIn({ ...OLD_STATE, [OWNERSHIP_KEY]: moved })).toEqual(moved);
  });

  it.each([
    ["managedFields", "displayName"],
    ["managedAnnotationKeys", [1]],
    ["writeOnlyDigests", { clientSecret: 7 }],
    ["restoreOnDelete", "yes"],
    ["ownership", { workspace: "acme/tenant/prod" }],
  ])("reads a %s of another shape (a state edited by hand) as unset", (key, value) => {
    expect(readState({ ...OLD_STATE, [key]: value })).not.toHaveProperty(key);
  });

  it("writes back what it read: the bookkeeping in one output, each other key an output of its own", () => {
    const { ownership, ...rest } = OLD_STATE;
    const state = { ...rest, [OWNERSHIP_KEY]: ownership, writeOnlyDigests: { clientSecret: "sha256:0f1e" } };
    const written = writeState({}, readState(state));
    expect(readState(written)).toEqual(readState(state));
    expect(Object.keys(written).sort()).toEqual(
      [BOOKKEEPING_KEY, "adoptId", "replacedValues", "restoreOnDelete", "writeOnlyDigests"].sort(),
    );
    expect(writeState({}, readState(written))).toEqual(written);
  });

  it("reads a bookkeeping output that is not a JSON object (a state edited by hand) as none", () => {
    for (const edited of ["{not json", "[1]", 7]) {
      expect(readState({ ...OLD_STATE, [BOOKKEEPING_KEY]: edited })).toEqual(readState(OLD_STATE));
    }
  });

  it("keeps out of the bookkeeping every value a program may set or a kind keeps secret", () => {
    const secretOutputs = KINDS.flatMap((kind) => kind.secretOutputs);
    for (const key of [...secretOutputs, ...CONTROL_KEYS])
      expect(BOOKKEEPING_KEYS.has(key as never)).toBe(false);
  });

  it("refreshes a state of the previous release keeping every engine value, the ownership under its new key", () => {
    const kind = kindNamed("App");
    const live = { id: "app-github", fields: liveFieldsOf(kind, OLD_STATE) };
    const outputs = buildOutputs(kind, live, decodeProps(OLD_STATE));
    const { ownership, ...unmoved } = readState(OLD_STATE);
    expect(readState(outputs)).toEqual({ ...unmoved, [OWNERSHIP_KEY]: ownership });
    expect(liveFieldsOf(kind, outputs)).toEqual(live.fields);
  });
});
