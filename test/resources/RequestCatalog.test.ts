import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { apiRequests, clearRequests, outOfBand, setFaults, isWrite } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();
const [memberRef, adminRef, maintainRef] = SEED.entitlements;
const ref = (e: { appId: string; id: string }) => ({ appId: e.appId, id: e.id });

async function createCatalog(name: string, program: Record<string, unknown>) {
  const result = await ctx.engine.up("RequestCatalog", name, program);
  if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
  await clearRequests(ctx.emulator);
  return result.state;
}

describe("RequestCatalog in Pulumi's dynamic-provider host", () => {
  it("creates a catalog, then binds its entitlements with one add", async () => {
    const program = {
      displayName: "Engineering",
      published: true,
      accessEntitlements: [ref(memberRef!), ref(adminRef!)],
    };
    const result = await ctx.engine.up("RequestCatalog", "eng", program);
    const requests = await apiRequests(ctx.emulator);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/v1/catalogs",
      "POST /api/v1/catalogs",
      `POST /api/v1/catalogs/${result.action === "create" ? result.state.id : "?"}/visibility_bindings`,
    ]);
    expect(requests[1]?.body).not.toHaveProperty("accessEntitlements");
    expect(requests[2]?.body).toEqual({ accessEntitlements: [ref(memberRef!), ref(adminRef!)] });
    expect(result.action === "create" && result.state.outputs.accessEntitlements).toEqual([
      ref(memberRef!),
      ref(adminRef!),
    ]);
  });

  it("sends only the difference of the entitlement set, and nothing for a reordering", async () => {
    const { id } = await createCatalog("diff", {
      displayName: "Diff",
      accessEntitlements: [ref(memberRef!), ref(adminRef!)],
    });
    expect(
      (
        await ctx.engine.up("RequestCatalog", "diff", {
          displayName: "Diff",
          accessEntitlements: [ref(adminRef!), ref(memberRef!)],
        })
      ).action,
    ).toBe("same");
    await ctx.engine.up("RequestCatalog", "diff", {
      displayName: "Diff",
      accessEntitlements: [ref(adminRef!), ref(maintainRef!)],
    });
    const requests = await apiRequests(ctx.emulator);
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["GET", `/api/v1/catalogs/${id}`, null],
      ["POST", `/api/v1/catalogs/${id}/visibility_bindings`, { accessEntitlements: [ref(maintainRef!)] }],
      ["DELETE", `/api/v1/catalogs/${id}/visibility_bindings`, { accessEntitlements: [ref(memberRef!)] }],
    ]);
  });

  it("removes every entitlement when the program stops listing them, and its outputs say so at once", async () => {
    const { id } = await createCatalog("dropped", {
      displayName: "Dropped",
      accessEntitlements: [ref(memberRef!), ref(adminRef!)],
    });
    const result = await ctx.engine.up("RequestCatalog", "dropped", { displayName: "Dropped" });
    expect((await apiRequests(ctx.emulator)).map((r) => [r.method, r.path, r.body])).toEqual([
      ["GET", `/api/v1/catalogs/${id}`, null],
      [
        "DELETE",
        `/api/v1/catalogs/${id}/visibility_bindings`,
        { accessEntitlements: expect.arrayContaining([ref(memberRef!), ref(adminRef!)]) },
      ],
    ]);
    expect(result.action === "update" && result.state.outputs.accessEntitlements).toBeFalsy();
    expect((await ctx.engine.refresh("RequestCatalog", "dropped"))?.outputs.accessEntitlements ?? []).toEqual(
      [],
    );
  });

  it("changes one field with one masked update and never sends the entitlements through it", async () => {
    const { id } = await createCatalog("masked", {
      displayName: "Masked",
      accessEntitlements: [ref(memberRef!)],
    });
    await ctx.engine.up("RequestCatalog", "masked", {
      displayName: "Masked",
      description: "now described",
      accessEntitlements: [ref(memberRef!)],
    });
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `/api/v1/catalogs/${id}` }),
      expect.objectContaining({
        method: "POST",
        path: `/api/v1/catalogs/${id}`,
        body: { catalog: { description: "now described" }, updateMask: "description" },
      }),
    ]);
  });

  it("shows an entitlement removed outside Pulumi as drift, and adds it back", async () => {
    const { id } = await createCatalog("drift", {
      displayName: "Drift",
      accessEntitlements: [ref(memberRef!), ref(adminRef!)],
    });
    await outOfBand(ctx.emulator, "DELETE", `/api/v1/catalogs/${id}/visibility_bindings`, {
      accessEntitlements: [ref(adminRef!)],
    });
    const refreshed = await ctx.engine.refresh("RequestCatalog", "drift");
    expect(refreshed?.outputs.accessEntitlements).toEqual([ref(memberRef!)]);
    const program = { displayName: "Drift", accessEntitlements: [ref(memberRef!), ref(adminRef!)] };
    expect(await ctx.engine.preview("RequestCatalog", "drift", program)).toBe("update");
    await ctx.engine.up("RequestCatalog", "drift", program);
    expect((await apiRequests(ctx.emulator)).filter(isWrite).map((r) => [r.method, r.body])).toEqual([
      ["POST", { accessEntitlements: [ref(adminRef!)] }],
    ]);
  });

  it("keeps the catalog in state when binding its entitlements fails after it was created", async () => {
    await setFaults(ctx.emulator, { script: [{ fault: "500", pathPrefix: "/api/v1/catalogs/", times: 10 }] });
    const error = await ctx.engine
      .up("RequestCatalog", "half", { displayName: "Half", accessEntitlements: [ref(memberRef!)] })
      .catch((e: Error) => e);
    await setFaults(ctx.emulator, {});
    expect(String(error)).toContain("accessEntitlements was not changed");
    const catalogs = (await apiRequests(ctx.emulator)).filter(
      (r) => r.method === "POST" && r.path === "/api/v1/catalogs",
    );
    expect(catalogs).toHaveLength(1);
  });

  it("deletes the catalog with one GET that checks the owner and one DELETE", async () => {
    const { id } = await createCatalog("bye", { displayName: "Bye" });
    await ctx.engine.destroy("RequestCatalog", "bye");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: `/api/v1/catalogs/${id}`, status: 200 }),
      expect.objectContaining({ method: "DELETE", path: `/api/v1/catalogs/${id}`, status: 200 }),
    ]);
  });

  it.each([
    [{ displayName: "X", accessEntitlements: [{ appId: "app-github" }] }, "accessEntitlements[0].id"],
    [
      { displayName: "X", accessEntitlements: [{ appId: "a", id: "b", alias: "c" }] },
      "accessEntitlements[0].alias",
    ],
    [{ displayName: "X", published: "yes" }, "published"],
  ])("fails check on %j naming %s, before any request", async (program, property) => {
    const result = await ctx.engine.up("RequestCatalog", "invalid", program);
    expect(result.action === "failed-check" && result.failures.map((f) => f.property)).toContain(property);
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });
});
