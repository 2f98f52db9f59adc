import { describe, expect, it } from "vitest";
import { apiRequests, clearRequests } from "../../testkit/emulatorApi";
import { serializedProvider } from "../../testkit/serialize";
import { useProviderHost } from "./harness/setup";
import { readState } from "../../provider/engine/stateCodec";

const ctx = useProviderHost();

/**
 * An App's outputs as the previous release wrote them: every field of the service's answer, unset ones included,
 * and an empty `managedAnnotationKeys` (copied from a `pulumi stack export`, with this harness's names).
 */
function previousOutputs(id: string, urn: string, workspace: string): Record<string, unknown> {
  return {
    id,
    accessModel: "APP_ACCESS_MODEL_UNSPECIFIED",
    annotations: {
      iac_resource_address: urn,
      iac_tool_version: "pulumi-idgov/0.1.0",
      iac_workspace: workspace,
      managed_by: "pulumi",
    },
    appAccountId: "",
    appAccountName: "",
    appOwners: [],
    certifyPolicyId: "",
    connectorVersion: 0,
    createdAt: "2026-11-24T00:59:57.263Z",
    defaultRequestCatalogId: "",
    description: "Made by an earlier release",
    displayName: "Legacy",
    enableConnectorSourcedOwnership: false,
    grantPolicyId: "",
    iconUrl: "",
    identityMatching: "APP_USER_IDENTITY_MATCHING_UNSPECIFIED",
    instructions: "",
    isDirectory: false,
    isManuallyManaged: false,
    logoUri: "",
    managedAnnotationKeys: [],
    managedFields: ["displayName", "description"],
    monthlyCostUsd: 0,
    ownership: { resourceAddress: urn, workspace },
    parentAppId: "",
    revokeGrantSources: false,
    revokePolicyId: "",
    strictAccessEntitlementProvisioning: false,
    updatedAt: "2026-11-24T00:59:57.263Z",
    userCount: "0",
  };
}

/** The `__provider` of an App as the previous release stored it: its shim requires `pulumi-idgov/internal/host`. */
const PREVIOUS_PROVIDER = [
  "exports.handler = __f0;",
  "",
  'var __provider = {kind: "App", configure: __f1};',
  "",
  "function __f1(__0) {",
  "  return (function() {",
  "    with({ this: undefined, arguments: undefined }) {",
  "",
  'return function (req) { require("pulumi-idgov/internal/host").configure(this, req); };',
  "",
  "    }",
  "  }).apply(undefined, undefined).apply(this, arguments);",
  "}",
  "",
  "function __f0() {",
  "  return (function() {",
  "    with({ provider: __provider, this: undefined, arguments: undefined }) {",
  "",
  "return () => provider;",
  "",
  "    }",
  "  }).apply(undefined, undefined).apply(this, arguments);",
  "}",
  "",
].join("\n");

const UNSET_UNMANAGED = [
  "iconUrl",
  "appAccountId",
  "appOwners",
  "connectorVersion",
  "isDirectory",
  "accessModel",
];

describe("a state written by the previous release (every unset field kept)", () => {
  const program = { displayName: "Legacy", description: "Made by an earlier release" };

  async function legacyApp() {
    const created = await ctx.engine.up("App", "legacy", program);
    if (created.action !== "create") throw new Error(`expected a create, got ${created.action}`);
    const urn = ctx.engine.urn("App", "legacy");
    const outputs = previousOutputs(created.state.id, urn, ctx.engine.workspace);
    ctx.engine.state.set(urn, { ...created.state, outputs });
    return { urn, id: created.state.id };
  }

  it("previews and refreshes with no change, and the refreshed state leaves the unset fields out", async () => {
    await legacyApp();
    expect(await ctx.engine.preview("App", "legacy", program)).toBe("same");
    const refreshed = await ctx.engine.refresh("App", "legacy");
    expect(refreshed?.inputs).toEqual(expect.objectContaining(program));
    expect(refreshed?.outputs).toMatchObject(program);
    const recorded = readState(refreshed?.outputs);
    expect(recorded.managedFields).toEqual(["displayName", "description"]);
    expect(recorded.managedAnnotationKeys).toBeUndefined();
    for (const key of UNSET_UNMANAGED) expect(refreshed?.outputs).not.toHaveProperty(key);
    expect(await ctx.engine.preview("App", "legacy", program)).toBe("same");
  });

  it("updates one field with one masked write, then destroys the app", async () => {
    const { id } = await legacyApp();
    await clearRequests(ctx.emulator);
    const changed = await ctx.engine.up("App", "legacy", { ...program, description: "changed" });
    expect(changed.action).toBe("update");
    if (changed.action !== "update") return;
    expect(changed.state.outputs).toMatchObject({ displayName: "Legacy", description: "changed" });
    for (const key of UNSET_UNMANAGED) expect(changed.state.outputs).not.toHaveProperty(key);
    await ctx.engine.destroy("App", "legacy");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `/api/v1/apps/${id}` }),
      expect.objectContaining({
        method: "POST",
        body: { app: { description: "changed" }, updateMask: "description" },
      }),
      expect.objectContaining({ method: "GET", path: `/api/v1/apps/${id}` }),
      expect.objectContaining({ method: "DELETE", path: `/api/v1/apps/${id}`, status: 200 }),
    ]);
  });

  it("is refreshed, updated and destroyed through the provider text that release stored", async () => {
    const { id } = await legacyApp();
    ctx.host.useProvider("App", PREVIOUS_PROVIDER);
    try {
      expect((await ctx.engine.refresh("App", "legacy"))?.id).toBe(id);
      const changed = await ctx.engine.up("App", "legacy", { ...program, description: "changed" });
      expect(changed.action).toBe("update");
      await clearRequests(ctx.emulator);
      await ctx.engine.destroy("App", "legacy");
    } finally {
      ctx.host.useProvider("App", serializedProvider("App"));
    }
    expect(await apiRequests(ctx.emulator)).toContainEqual(
      expect.objectContaining({ method: "DELETE", path: `/api/v1/apps/${id}`, status: 200 }),
    );
  });

  it("starts managing a field it left out as unset, and sees no change when the program sets it unset", async () => {
    await legacyApp();
    await ctx.engine.refresh("App", "legacy");
    expect(await ctx.engine.preview("App", "legacy", { ...program, iconUrl: "" })).toBe("same");
    expect(
      await ctx.engine.preview("App", "legacy", { ...program, iconUrl: "https://x.example/i.png" }),
    ).toBe("update");
  });
});
