import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { apiRequests, outOfBand, isWrite } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";
import { packageVersion } from "../../provider/version";

const version = packageVersion();

const ctx = useProviderHost();
const TOOL = `pulumi-idgov/${version}`;
const urn = (name: string) => ctx.engine.urn("App", name);
const stamps = (name: string) => ({
  managed_by: "pulumi",
  iac_workspace: ctx.engine.workspace,
  iac_resource_address: urn(name),
  iac_tool_version: TOOL,
});

async function createApp(name: string, program: Record<string, unknown>) {
  const result = await ctx.engine.up("App", name, program);
  if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
  return result.state;
}

describe("App in Pulumi's dynamic-provider host", () => {
  it("creates an app with one POST stamped with ownership annotations, after the process's one listing of apps", async () => {
    const state = await createApp("github", { displayName: "GitHub", annotations: { team: "iam" } });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: "/api/v1/apps", query: { page_size: "100" } }),
      expect.objectContaining({
        method: "POST",
        path: "/api/v1/apps",
        status: 200,
        body: { displayName: "GitHub", annotations: { team: "iam", ...stamps("github") } },
      }),
    ]);
    expect(state.outputs).toMatchObject({
      displayName: "GitHub",
      annotations: { team: "iam", ...stamps("github") },
    });
  });

  it("creates with owners, identity matching and entitlement owners, and sets iconUrl by the masked update after", async () => {
    const program = {
      displayName: "Owned",
      iconUrl: "https://icons.example.com/owned.png",
      identityMatching: "APP_USER_IDENTITY_MATCHING_STRICT",
      owners: ["user-0001"],
      appEntitlementOwnerRefs: [{ appId: "app-github", id: "ent-github-org-admin" }],
    };
    const state = await createApp("owned", program);
    expect((await apiRequests(ctx.emulator)).map((r) => r.body)).toEqual([
      {
        displayName: "Owned",
        identityMatching: "APP_USER_IDENTITY_MATCHING_STRICT",
        owners: ["user-0001"],
        appEntitlementOwnerRefs: [{ appId: "app-github", id: "ent-github-org-admin" }],
        annotations: stamps("owned"),
      },
      { app: { iconUrl: "https://icons.example.com/owned.png" }, updateMask: "iconUrl" },
    ]);
    expect(state.outputs).toMatchObject({ identityMatching: "APP_USER_IDENTITY_MATCHING_STRICT" });
    expect((await ctx.engine.up("App", "owned", program)).action).toBe("same");
  });

  it("creates with the fields a create takes, then sets the others with one masked update", async () => {
    const state = await createApp("mapped", {
      displayName: "Mapped",
      monthlyCostUsd: 3,
      isManuallyManaged: true,
      defaultRequestCatalogId: "catalog-1",
      appUserMapper: { mappingCases: [{ appUserKeyCel: "a.email", userKeyCel: "u.email" }] },
    });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/api/v1/apps",
        status: 200,
        body: { displayName: "Mapped", monthlyCostUsd: 3, annotations: stamps("mapped") },
      }),
      expect.objectContaining({
        method: "POST",
        path: `/api/v1/apps/${state.id}`,
        status: 200,
        body: {
          app: {
            appUserMapper: { mappingCases: [{ appUserKeyCel: "a.email", userKeyCel: "u.email" }] },
            defaultRequestCatalogId: "catalog-1",
            isManuallyManaged: true,
          },
          updateMask: "appUserMapper.mappingCases,defaultRequestCatalogId,isManuallyManaged",
        },
      }),
    ]);
    expect(state.outputs).toMatchObject({ isManuallyManaged: true, defaultRequestCatalogId: "catalog-1" });
    expect(
      (
        await ctx.engine.up("App", "mapped", {
          displayName: "Mapped",
          monthlyCostUsd: 3,
          isManuallyManaged: true,
          defaultRequestCatalogId: "catalog-1",
          appUserMapper: { mappingCases: [{ appUserKeyCel: "a.email", userKeyCel: "u.email" }] },
        })
      ).action,
    ).toBe("same");
  });

  it("sends no request when nothing changed", async () => {
    await createApp("quiet", { displayName: "Quiet", description: "d", monthlyCostUsd: 12 });
    const before = (await apiRequests(ctx.emulator)).length;
    expect(
      (await ctx.engine.up("App", "quiet", { displayName: "Quiet", description: "d", monthlyCostUsd: 12 }))
        .action,
    ).toBe("same");
    expect((await apiRequests(ctx.emulator)).length).toBe(before);
  });

  it("changes one field with one update whose mask names that field, after one GET that checks the owner", async () => {
    const { id } = await createApp("one", { displayName: "One", description: "old" });
    await fetch(`${ctx.emulator.url}/__emulator/requests`, { method: "DELETE" });
    expect((await ctx.engine.up("App", "one", { displayName: "One", description: "new" })).action).toBe(
      "update",
    );
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `/api/v1/apps/${id}` }),
      expect.objectContaining({
        method: "POST",
        path: `/api/v1/apps/${id}`,
        body: { app: { description: "new" }, updateMask: "description" },
      }),
    ]);
  });

  it("clears a field the program stopped setting, naming it in the mask without a value", async () => {
    const { id } = await createApp("clear", { displayName: "Clear", description: "gone soon" });
    await fetch(`${ctx.emulator.url}/__emulator/requests`, { method: "DELETE" });
    const result = await ctx.engine.up("App", "clear", { displayName: "Clear" });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `/api/v1/apps/${id}` }),
      expect.objectContaining({ path: `/api/v1/apps/${id}`, body: { app: {}, updateMask: "description" } }),
    ]);
    expect(result.action === "update" && result.state.outputs.description).toBeFalsy();
  });

  it("removes a dropped annotation by sending it empty, and nothing else", async () => {
    const { id } = await createApp("tags", { displayName: "Tags", annotations: { team: "iam", tier: "1" } });
    await fetch(`${ctx.emulator.url}/__emulator/requests`, { method: "DELETE" });
    const result = await ctx.engine.up("App", "tags", { displayName: "Tags", annotations: { team: "iam" } });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `/api/v1/apps/${id}` }),
      expect.objectContaining({
        path: `/api/v1/apps/${id}`,
        body: { app: { annotations: { tier: "" } }, updateMask: "annotations" },
      }),
    ]);
    expect(result.action === "update" && result.state.outputs.annotations).toEqual({
      team: "iam",
      ...stamps("tags"),
    });
  });

  it("shows an out-of-band change on refresh, and the next up puts it back with a one-field mask", async () => {
    const { id } = await createApp("drift", { displayName: "Drift", description: "as declared" });
    await outOfBand(ctx.emulator, "POST", `/api/v1/apps/${id}`, {
      app: { description: "edited by hand" },
      updateMask: "description",
    });
    const refreshed = await ctx.engine.refresh("App", "drift");
    expect(refreshed?.outputs.description).toBe("edited by hand");
    expect(refreshed?.inputs.description).toBe("edited by hand");
    expect(
      await ctx.engine.preview("App", "drift", { displayName: "Drift", description: "as declared" }),
    ).toBe("update");
    await ctx.engine.up("App", "drift", { displayName: "Drift", description: "as declared" });
    const writes = (await apiRequests(ctx.emulator)).filter((r) => r.method === "POST");
    expect(writes).toEqual([
      expect.objectContaining({ body: { app: { description: "as declared" }, updateMask: "description" } }),
    ]);
  });

  it("reads an app deleted outside Pulumi as gone", async () => {
    const { id } = await createApp("deleted", { displayName: "Deleted" });
    await outOfBand(ctx.emulator, "DELETE", `/api/v1/apps/${id}`);
    expect(await ctx.engine.refresh("App", "deleted")).toBeUndefined();
  });

  it("counts deleting an app that is already gone as done: the owner check's two GETs find it gone", async () => {
    const { id } = await createApp("gone", { displayName: "Gone" });
    await outOfBand(ctx.emulator, "DELETE", `/api/v1/apps/${id}`);
    await ctx.engine.destroy("App", "gone");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `/api/v1/apps/${id}`, status: 404 }),
      expect.objectContaining({ method: "GET", path: `/api/v1/apps/${id}`, status: 404 }),
    ]);
  });

  it("adopts an existing app with one GET, one masked update, and one GET that confirms no one claimed it meanwhile", async () => {
    const existing = SEED.apps[1]!;
    const result = await ctx.engine.up("App", "adopted", {
      adoptId: existing.id,
      description: "kept in code",
    });
    expect(result.action).toBe("create");
    const requests = await apiRequests(ctx.emulator);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v1/apps/${existing.id}`,
      `POST /api/v1/apps/${existing.id}`,
      `GET /api/v1/apps/${existing.id}`,
    ]);
    expect(requests[1]?.body).toEqual({
      app: { description: "kept in code", annotations: stamps("adopted") },
      updateMask: "description,annotations",
    });
  });

  it("refuses to adopt an app another workspace manages, and writes nothing", async () => {
    const existing = SEED.apps[2]!;
    await outOfBand(ctx.emulator, "POST", `/api/v1/apps/${existing.id}`, {
      app: { annotations: { managed_by: "pulumi", iac_workspace: "acme/other/prod" } },
      updateMask: "annotations",
    });
    await expect(ctx.engine.up("App", "stolen", { adoptId: existing.id })).rejects.toThrow(
      `cannot adopt App "${existing.id}": it is managed elsewhere (workspace "acme/other/prod", tool "pulumi"); set allowTakeover: true to take it over`,
    );
    expect((await apiRequests(ctx.emulator)).filter(isWrite)).toEqual([]);
    const taken = await ctx.engine.up("App", "stolen", { adoptId: existing.id, allowTakeover: true });
    expect(taken.action === "create" && taken.state.outputs.annotations).toMatchObject(stamps("stolen"));
  });

  it("fails on an owner the tenant does not know with the service's message and, once, the lookup that lists an app's owners", async () => {
    const refused = await ctx.engine
      .up("App", "payroll", { displayName: "Payroll", owners: ["nobody"] })
      .then(
        () => expect.unreachable("the service accepted the owner"),
        (error: unknown) => String(error),
      );
    expect(refused).toContain(
      'create App payroll: 400 INVALID_ARGUMENT: invalid body: owners[0]: user "nobody" not found (request id ',
    );
    expect(refused.split("idgov:index:listAppOwners (TypeScript idgov.listAppOwners").length - 1).toBe(1);
  });

  it.each([
    [{ displayName: "X", annotations: { "Bad Key": "v" } }, "annotations.Bad Key", "does not match"],
    [{ displayName: "X", annotations: { team: "two words" } }, "annotations.team", "URL-safe"],
    [
      { displayName: "X", annotations: { managed_by: "me" } },
      "annotations.managed_by",
      "stamped by pulumi-idgov",
    ],
    [{ displayName: "X", monthlyCostUsd: "a lot" }, "monthlyCostUsd", "number"],
    [{ displayName: "X", monthlyCostUsd: 12.5 }, "monthlyCostUsd", "must be a whole number (int32)"],
    [{ displayName: "X", monthlyCostUsd: 2 ** 31 }, "monthlyCostUsd", "must be at most 2147483647 (int32)"],
    [{ displayName: "X", connectorVersion: -1 }, "connectorVersion", "must be 0 or more (uint32)"],
    [
      { displayName: "X", matchConnectorRef: { connectorId: "conn-1", externalId: "ext-1" } },
      "matchConnectorRef.appId",
      "appId is required when matchConnectorRef is set",
    ],
    [{ displayName: "X", colour: "blue" }, "colour", "is not a known field"],
    [{ description: "no name" }, "displayName", "is required (unless adoptId is set)"],
  ])("fails check on %j naming %s, before any request", async (program, property, rule) => {
    const result = await ctx.engine.up("App", "invalid", program);
    expect(result.action).toBe("failed-check");
    const failures = result.action === "failed-check" ? result.failures : [];
    expect(failures).toContainEqual({ property, reason: expect.stringContaining(rule) });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("serializes a provider under 2 KB with no secret and no absolute path", () => {
    const text = ctx.host.provider("App");
    expect(Buffer.byteLength(text)).toBeLessThan(2048);
    expect(text).not.toMatch(/\/work\/|\/home\/|\/root\/|\/tmp\//);
    expect(text).not.toContain("emulator-secret");
    expect(text).toContain('require("pulumi-idgov/host")');
  });
});
