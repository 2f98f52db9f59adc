import { describe, expect, it } from "vitest";
import { decodeProps } from "../../../provider/engine/decoded";
import { buildOutputs } from "../../../provider/engine/state";
import {
  OWNERSHIP_KEY,
  ownershipIn,
  readState,
  STATE_KEY_NAMES,
  writeState,
} from "../../../provider/engine/stateCodec";
import { liveFieldsOf } from "../../../provider/engine/plan";
import { kindNamed } from "../../../provider/kinds";

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

const engineKeys = (props: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(props).filter(([key]) => (STATE_KEY_NAMES as string[]).includes(key)));

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

  it("writes back what it read, byte for byte", () => {
    const { ownership, ...rest } = OLD_STATE;
    const state = { ...rest, [OWNERSHIP_KEY]: ownership, writeOnlyDigests: { clientSecret: "sha256:0f1e" } };
    const written = writeState({}, readState(state));
    expect(JSON.stringify(written, Object.keys(written).sort())).toBe(
      JSON.stringify(engineKeys(state), Object.keys(engineKeys(state)).sort()),
    );
  });

  it("refreshes a state of the previous release keeping every engine value, the ownership under its new key", () => {
    const kind = kindNamed("App");
    const live = { id: "app-github", fields: liveFieldsOf(kind, OLD_STATE) };
    const outputs = buildOutputs(kind, live, decodeProps(OLD_STATE));
    const { ownership, ...unmoved } = engineKeys(OLD_STATE);
    expect(engineKeys(outputs)).toEqual({ ...unmoved, [OWNERSHIP_KEY]: ownership });
    expect(liveFieldsOf(kind, outputs)).toEqual(live.fields);
  });
});
