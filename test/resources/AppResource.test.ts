import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { packageVersion } from "../../provider/version";
import { apiRequests, clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const version = packageVersion();

const ctx = useProviderHost();
const { appId, appResourceTypeId } = SEED.resourceType;
const collection = `/api/v1/apps/${appId}/resource_types/${appResourceTypeId}/resources`;
const placed = { appId, appResourceTypeId };
const stamps = (name: string) => ({
  managed_by: "pulumi",
  iac_workspace: ctx.engine.workspace,
  iac_resource_address: ctx.engine.urn("AppResource", name),
  iac_tool_version: `pulumi-idgov/${version}`,
});
const resourceIdOf = (pulumiId: string) => pulumiId.split("/")[2] ?? "";

async function create(name: string, program: Record<string, unknown>) {
  const result = await ctx.engine.up("AppResource", name, program);
  if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
  await clearRequests(ctx.emulator);
  return result.state;
}

describe("AppResource in Pulumi's dynamic-provider host", () => {
  it("creates a resource with one flat POST (after the process's one listing of the type) and an id naming app, resource type and resource", async () => {
    const result = await ctx.engine.up("AppResource", "docs", {
      ...placed,
      displayName: "acme/docs",
      description: "Documentation site",
      annotations: { team: "docs" },
    });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: collection }),
      expect.objectContaining({
        method: "POST",
        path: collection,
        status: 200,
        body: {
          displayName: "acme/docs",
          description: "Documentation site",
          annotations: { team: "docs", ...stamps("docs") },
        },
      }),
    ]);
    if (result.action !== "create") throw new Error(result.action);
    expect(result.state.id).toMatch(new RegExp(`^${appId}/${appResourceTypeId}/[\\w-]+$`));
    expect(result.state.outputs).toMatchObject({
      ...placed,
      displayName: "acme/docs",
      grantCount: "0",
      annotations: { team: "docs", ...stamps("docs") },
    });
  });

  it("sends matchConnectorId and resourceOwnerUserIds in the create, as the document's create body takes them", async () => {
    const program = {
      ...placed,
      displayName: "acme/owned",
      matchConnectorId: "conn-github",
      resourceOwnerUserIds: ["user-0001", "user-0002"],
    };
    await ctx.engine.up("AppResource", "owned", program);
    expect((await apiRequests(ctx.emulator)).map((r) => `${r.method} ${JSON.stringify(r.body)}`)).toEqual([
      `POST ${JSON.stringify({
        displayName: "acme/owned",
        matchConnectorId: "conn-github",
        resourceOwnerUserIds: ["user-0001", "user-0002"],
        annotations: stamps("owned"),
      })}`,
    ]);
    expect(await ctx.engine.preview("AppResource", "owned", program)).toBe("same");
  });

  it("sets what a create cannot take with one masked update right after it", async () => {
    const { appId: agentApp, appResourceTypeId: agentType } = SEED.agentResourceType;
    const result = await ctx.engine.up("AppResource", "bot", {
      appId: agentApp,
      appResourceTypeId: agentType,
      displayName: "Release bot",
      customDescription: "Ships releases",
      agentTrait: { identityAppUserId: "appuser-release-bot" },
    });
    if (result.action !== "create") throw new Error(result.action);
    const requests = await apiRequests(ctx.emulator);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v1/apps/${agentApp}/resource_types/${agentType}/resources`,
      `POST /api/v1/apps/${agentApp}/resource_types/${agentType}/resources`,
      `POST /api/v1/apps/${agentApp}/resource_types/${agentType}/resources/${resourceIdOf(result.state.id)}`,
    ]);
    expect(requests[2]?.body).toEqual({
      appResource: {
        customDescription: "Ships releases",
        agentTrait: { identityAppUserId: "appuser-release-bot" },
      },
      updateMask: "customDescription,agentTrait.identityAppUserId",
    });
    expect(result.state.outputs.agentTrait).toEqual({
      identityAppUserId: "appuser-release-bot",
      status: "AGENT_STATUS_UNSPECIFIED",
    });
  });

  it("changes one field with one update whose mask names that field, and sends nothing when nothing changed", async () => {
    const program = { ...placed, displayName: "acme/api", description: "old" };
    const { id } = await create("api", program);
    expect((await ctx.engine.up("AppResource", "api", program)).action).toBe("same");
    await ctx.engine.up("AppResource", "api", { ...program, description: "new" });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `${collection}/${resourceIdOf(id)}` }),
      expect.objectContaining({
        method: "POST",
        path: `${collection}/${resourceIdOf(id)}`,
        body: { appResource: { description: "new" }, updateMask: "description" },
      }),
    ]);
  });

  it("adopts an existing resource with one GET, one masked update and one confirming GET, answering its traits and profile", async () => {
    const seeded = SEED.appResources[4]!;
    const result = await ctx.engine.up("AppResource", "deploy-key", {
      appId: seeded.appId,
      appResourceTypeId: seeded.appResourceTypeId,
      adoptId: seeded.id,
      customDescription: "Rotated by the platform team",
    });
    const item = `/api/v1/apps/${seeded.appId}/resource_types/${seeded.appResourceTypeId}/resources/${seeded.id}`;
    const requests = await apiRequests(ctx.emulator);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${item}`,
      `POST ${item}`,
      `GET ${item}`,
    ]);
    expect(requests[1]?.body).toEqual({
      appResource: { customDescription: "Rotated by the platform team", annotations: stamps("deploy-key") },
      updateMask: "customDescription,annotations",
    });
    if (result.action !== "create") throw new Error(result.action);
    expect(result.state.id).toBe(`${seeded.appId}/${seeded.appResourceTypeId}/${seeded.id}`);
    expect(result.state.outputs).toMatchObject({
      nhiType: "NHI_TYPE_APP_REGISTRATION",
      grantCount: "19",
      profile: { source: "seed", index: 4 },
      secretTrait: { credentialDetail: "ed25519 SSH key", identityAppUserId: "appuser-deployer" },
    });
  });

  it("shows an out-of-band change on refresh, and deletes after two GETs (a missing one counts as done)", async () => {
    const { id } = await create("drift", { ...placed, displayName: "acme/drift" });
    const item = `${collection}/${resourceIdOf(id)}`;
    await outOfBand(ctx.emulator, "POST", item, {
      appResource: { displayName: "renamed by hand" },
      updateMask: "displayName",
    });
    expect((await ctx.engine.refresh("AppResource", "drift"))?.outputs.displayName).toBe("renamed by hand");
    expect(await ctx.engine.preview("AppResource", "drift", { ...placed, displayName: "acme/drift" })).toBe(
      "update",
    );
    await ctx.engine.destroy("AppResource", "drift");
    await ctx.engine.up("AppResource", "drift", { ...placed, displayName: "acme/drift" });
    const { id: second } = ctx.engine.state.get(ctx.engine.urn("AppResource", "drift"))!;
    await outOfBand(ctx.emulator, "DELETE", `${collection}/${resourceIdOf(second)}`);
    await ctx.engine.destroy("AppResource", "drift");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `${collection}/${resourceIdOf(second)}`, status: 404 }),
      expect.objectContaining({ method: "GET", path: `${collection}/${resourceIdOf(second)}`, status: 404 }),
    ]);
  });

  it("replaces the resource when it moves to another resource type", async () => {
    await create("moved", { ...placed, displayName: "acme/moved" });
    const moved = { appId: "app-aws", appResourceTypeId: "rt-aws-account", displayName: "acme/moved" };
    expect(await ctx.engine.preview("AppResource", "moved", moved)).toBe("replace");
  });

  it.each([
    [{ appId, displayName: "x" }, "appResourceTypeId", "is required (it names where the resource lives)"],
    [{ ...placed, displayName: "x", profile: {} }, "profile", "is not a known field"],
    [{ ...placed, description: "no name" }, "displayName", "is required (unless adoptId is set)"],
  ])("fails check on %j naming %s, before any request", async (invalid, property, rule) => {
    const result = await ctx.engine.up("AppResource", "invalid", invalid);
    expect(result.action === "failed-check" && result.failures).toContainEqual({
      property,
      reason: expect.stringContaining(rule),
    });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });
});
