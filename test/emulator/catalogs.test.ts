import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator/index";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

const [member, admin] = SEED.entitlements;

async function createCatalog(body: Record<string, unknown> = {}) {
  const answer = await suite.api.post("/api/v1/catalogs", { displayName: "Data team", ...body });
  expect(answer.status).toBe(200);
  return answer.body as { requestCatalogView: Record<string, any>; expanded: Record<string, any>[] };
}

describe("catalog create and read", () => {
  it("answers a view with memberCount as an int64 string and no entitlements", async () => {
    const { requestCatalogView, expanded } = await createCatalog({
      published: true,
      annotations: { team: "data" },
    });
    expect(requestCatalogView).toMatchObject({
      accessEntitlementsPath: "",
      createdByUserPath: "",
      memberCount: "0",
      requestCatalog: {
        displayName: "Data team",
        published: true,
        accessEntitlements: [],
        annotations: { team: "data" },
        createdByUserId: SEED.callerUserId,
        enrollmentBehavior: "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_UNSPECIFIED",
      },
    });
    expect(expanded).toEqual([]);
  });

  it("answers 400 when displayName is missing", async () => {
    const answer = await suite.api.post("/api/v1/catalogs", { description: "x" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("invalid body: displayName: required");
  });

  it("answers 400 naming an enumeration value without its enumeration's prefix, and keeps unknown prefixed ones", async () => {
    const answer = await suite.api.post("/api/v1/catalogs", {
      displayName: "x",
      enrollmentBehavior: "BYPASS",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'invalid body: enrollmentBehavior: unknown value "BYPASS" (expected a value starting with REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_)',
    );
    const future = await createCatalog({ enrollmentBehavior: "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_FUTURE" });
    expect(future.requestCatalogView.requestCatalog.enrollmentBehavior).toBe(
      "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_FUTURE",
    );
  });

  it("answers the expanded creator with its @type and path when expandMask asks for it", async () => {
    const { requestCatalogView, expanded } = await createCatalog({
      expandMask: { paths: ["createdByUser"] },
    });
    expect(requestCatalogView.createdByUserPath).toBe("$.expanded[0]");
    expect(expanded[0]).toMatchObject({
      "@type": "type.googleapis.com/idgov.v1.User",
      id: SEED.callerUserId,
    });
  });

  it("answers 400 naming an unknown expand path", async () => {
    const answer = await suite.api.post("/api/v1/catalogs", {
      displayName: "x",
      expandMask: { paths: ["owner"] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'invalid expandMask: unknown path "owner" (known: accessEntitlements, createdByUser, *)',
    );
  });

  it("answers a seeded catalog with its entitlements, memberCount and an unlisted enum value", async () => {
    const answer = await suite.api.get("/api/v1/catalogs/cat-finance");
    expect(answer.body.requestCatalogView.memberCount).toBe("11");
    expect(answer.body.requestCatalogView.requestCatalog.unenrollmentBehavior).toBe(
      "REQUEST_CATALOG_UNENROLLMENT_BEHAVIOR_REVOKE_ALL",
    );
    expect(
      answer.body.requestCatalogView.requestCatalog.accessEntitlements.map((e: { id: string }) => e.id),
    ).toEqual(["ent-aws-billing"]);
  });

  it("lists catalog views page by page", async () => {
    const first = await suite.api.get("/api/v1/catalogs?page_size=10");
    expect(first.body.list.map((view: any) => view.requestCatalog.id)).toEqual(SEED.catalogs);
    expect(first.body.nextPageToken).toBe("");
  });
});

describe("catalog visibility bindings", () => {
  it("adds entitlements with a POST and removes them with a DELETE carrying a body", async () => {
    const { requestCatalogView } = await createCatalog();
    const id = requestCatalogView.requestCatalog.id;
    const bindings = { accessEntitlements: [member, admin] };
    expect((await suite.api.post(`/api/v1/catalogs/${id}/visibility_bindings`, bindings)).body).toEqual({});
    const bound = await suite.api.get(`/api/v1/catalogs/${id}`);
    expect(
      bound.body.requestCatalogView.requestCatalog.accessEntitlements.map((e: { id: string }) => e.id),
    ).toEqual([member.id, admin.id]);
    await suite.api.delete(`/api/v1/catalogs/${id}/visibility_bindings`, { accessEntitlements: [member] });
    const after = await suite.api.get(`/api/v1/catalogs/${id}`);
    expect(
      after.body.requestCatalogView.requestCatalog.accessEntitlements.map((e: { id: string }) => e.id),
    ).toEqual([admin.id]);
  });

  it("answers the bound entitlements as expanded objects with @type", async () => {
    const { requestCatalogView } = await createCatalog();
    const id = requestCatalogView.requestCatalog.id;
    await suite.api.post(`/api/v1/catalogs/${id}/visibility_bindings`, {
      accessEntitlements: [member, admin],
    });
    const answer = await suite.api.post(`/api/v1/catalogs/${id}`, {
      catalog: { description: "x" },
      updateMask: "description",
      expandMask: { paths: ["*"] },
    });
    expect(answer.body.requestCatalogView.accessEntitlementsPath).toBe("$.expanded[0:2]");
    expect(answer.body.expanded.map((item: any) => [item["@type"], item.id])).toEqual([
      ["type.googleapis.com/idgov.v1.AppEntitlement", member.id],
      ["type.googleapis.com/idgov.v1.AppEntitlement", admin.id],
      ["type.googleapis.com/idgov.v1.User", SEED.callerUserId],
    ]);
  });

  it("answers 400 naming an entitlement that does not exist", async () => {
    const answer = await suite.api.post("/api/v1/catalogs/cat-engineering/visibility_bindings", {
      accessEntitlements: [{ appId: "app-aws", id: "ent-github-org-admin" }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'invalid body: accessEntitlements[0]: entitlement "ent-github-org-admin" of app "app-aws" not found',
    );
  });
});

describe("catalog update and delete", () => {
  it("answers 400 when the mask names accessEntitlements", async () => {
    const answer = await suite.api.post("/api/v1/catalogs/cat-engineering", {
      catalog: {},
      updateMask: "accessEntitlements",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'invalid update_mask: path "accessEntitlements" is read-only: it changes only through the visibility_bindings calls',
    );
  });

  it("applies masked fields, merges annotations and moves updatedAt", async () => {
    const answer = await suite.api.post("/api/v1/catalogs/cat-engineering", {
      catalog: { published: false, annotations: { team: "", owner: "ada" } },
      updateMask: "published,annotations",
    });
    const catalog = answer.body.requestCatalogView.requestCatalog;
    expect(catalog).toMatchObject({
      published: false,
      annotations: { owner: "ada" },
      displayName: "Engineering essentials",
    });
    expect(catalog.updatedAt).not.toBe("2025-12-27T09:00:00Z");
  });

  it("answers 404 after delete, and 404 for a second delete", async () => {
    expect((await suite.api.delete("/api/v1/catalogs/cat-finance")).status).toBe(200);
    expect((await suite.api.get("/api/v1/catalogs/cat-finance")).status).toBe(404);
    const again = await suite.api.delete("/api/v1/catalogs/cat-finance");
    expect(again.body).toEqual({ code: 5, message: 'catalog "cat-finance" not found', details: [] });
  });
});
