import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { refreshCounts, removeGrants } from "../../emulator/counts";
import { SEED } from "../../emulator/index";
import { buildTenant } from "../../emulator/seedData";
import { appAnswer } from "../../emulator/routes/apps";

const suite = useEmulator();

describe("counts the emulator answers", () => {
  it("seeds users, grants and members that the answered counts count", () => {
    const tenant = buildTenant(true);
    for (const [id, app] of Object.entries(tenant.apps)) {
      expect(app["userCount"]).toBe(String(tenant.appUsers[id]?.length));
    }
    for (const [id, entitlement] of Object.entries(tenant.entitlements)) {
      const grants = tenant.grants.filter((grant) => grant.appEntitlementId === id);
      expect(grants.every((grant) => tenant.appUsers[grant.appId]?.includes(grant.appUserId))).toBe(true);
      expect(entitlement["grantCount"]).toBe(String(grants.length));
    }
    for (const [id, resource] of Object.entries(tenant.appResources)) {
      expect(resource["grantCount"]).toBe(String(tenant.grants.filter((g) => g.appResourceId === id).length));
    }
    expect(tenant.apps["app-github"]?.["userCount"]).toBe("412");
    expect(tenant.grants.length).toBeGreaterThan(300);
    expect(tenant.catalogs["cat-engineering"]?.memberIds).toHaveLength(14);
  });

  it("recounts after grants are removed", () => {
    const tenant = buildTenant(true);
    removeGrants(tenant, (grant) => grant.appEntitlementId === "ent-aws-admin");
    delete tenant.appUsers["app-aws"];
    refreshCounts(tenant);
    expect(tenant.entitlements["ent-aws-admin"]?.["grantCount"]).toBe("0");
    expect(appAnswer(tenant, tenant.apps["app-aws"]!)["userCount"]).toBe("0");
    expect(tenant.entitlements["ent-aws-readonly"]?.["grantCount"]).not.toBe("0");
  });

  it("answers a catalog's memberCount and its entitlements' grantCount from its members and grants", async () => {
    const tenant = buildTenant(true);
    const answer = await suite.api.get("/api/v1/catalogs/cat-engineering");
    const view = (answer.body as { requestCatalogView: Record<string, any> }).requestCatalogView;
    expect(view["memberCount"]).toBe("14");
    const counts = (view["requestCatalog"].accessEntitlements as Record<string, string>[]).map((e) => [
      e["id"],
      e["grantCount"],
    ]);
    expect(counts).toEqual(
      ["ent-github-org-member", "ent-aws-readonly"].map((id) => [
        id,
        String(tenant.grants.filter((grant) => grant.appEntitlementId === id).length),
      ]),
    );
  });

  it("answers a seeded resource's grants, and no users for a new app", async () => {
    const [resource] = SEED.appResources;
    const path = `/api/v1/apps/${resource.appId}/resource_types/${resource.appResourceTypeId}/resources/${resource.id}`;
    expect((await suite.api.get(path)).body.appResourceView.appResource.grantCount).toBe("3");
    const created = await suite.api.post("/api/v1/apps", { displayName: "Fresh" });
    expect(created.body.app.userCount).toBe("0");
    expect((await suite.api.get("/api/v1/apps/app-github")).body.app.userCount).toBe("412");
  });
});
