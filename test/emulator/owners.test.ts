import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { SEED } from "../../emulator/index";

const suite = useEmulator();

const users = (...numbers: number[]) => numbers.map((number) => `user-${String(number).padStart(4, "0")}`);

describe("app owners", () => {
  it("answers the owners of an app as user records, in the order they became owners", async () => {
    const answer = await suite.api.get(`/api/v1/apps/app-aws/owners`);
    expect(answer.status).toBe(200);
    expect(answer.body.nextPageToken).toBe("");
    expect(answer.body.list.map((user: { id: string }) => user.id)).toEqual(users(2, 3, 4));
    expect(answer.body.list[0]).toMatchObject({
      id: "user-0002",
      displayName: "Grace Hopper",
      email: "grace.hopper@acme.example.com",
      status: "ENABLED",
      origin: "USER_ORIGIN_DIRECTORY",
      delegatedUserId: "",
      deletedAt: null,
    });
  });

  it("pages the 14 owners of GitHub at page size 10", async () => {
    const first = await suite.api.get(`/api/v1/apps/${SEED.appWithOwners.appId}/owners?page_size=10`);
    const second = await suite.api.get(
      `/api/v1/apps/${SEED.appWithOwners.appId}/owners?page_size=10&page_token=${first.body.nextPageToken}`,
    );
    const ids = [...first.body.list, ...second.body.list].map((user: { id: string }) => user.id);
    expect(ids).toEqual(
      users(...Array.from({ length: SEED.appWithOwners.ownerCount }, (_, index) => index + 1)),
    );
    expect([first.body.list.length, second.body.nextPageToken]).toEqual([10, ""]);
  });

  it.each([
    ["0 selects the default of 25", "page_size=0", 14, ""],
    ["a size below 10 is set to 10", "page_size=3", 10, "token"],
    ["12 answers 12", "page_size=12", 12, "token"],
  ])("page size: %s", async (_name, query, length, token) => {
    const answer = await suite.api.get(`/api/v1/apps/app-github/owners?${query}`);
    expect(answer.body.list).toHaveLength(length);
    expect(answer.body.nextPageToken === "" ? "" : "token").toBe(token);
  });

  it.each([-1, 101])(
    "answers 400 for the page size %i, outside the range 0 <= pageSize <= 100 of spec 8.3",
    async (size) => {
      expect((await suite.api.get(`/api/v1/apps/app-github/owners?page_size=${size}`)).body).toEqual({
        code: 3,
        message: `page_size: must be between 0 and 100 (0 <= pageSize <= 100, spec 8.3), got ${size}`,
        details: [],
      });
    },
  );

  it("accepts the page size 100, the top of the range", async () => {
    expect((await suite.api.get("/api/v1/apps/app-github/owners?page_size=100")).status).toBe(200);
  });

  it("answers an empty list for an app without owners", async () => {
    expect((await suite.api.get("/api/v1/apps/app-directory/owners")).body).toEqual({
      list: [],
      nextPageToken: "",
    });
  });

  it("answers 404 for an unknown app, and for an app once deleted", async () => {
    expect((await suite.api.get("/api/v1/apps/app-nope/owners")).body).toEqual({
      code: 5,
      message: 'app "app-nope" not found',
      details: [],
    });
    await suite.api.delete("/api/v1/apps/app-aws");
    expect((await suite.api.get("/api/v1/apps/app-aws/owners")).status).toBe(404);
  });
});

describe("app entitlement owners (v2)", () => {
  const path = `/api/v2/apps/${SEED.entitlementOwners.appId}/owners/entitlements`;

  it("answers rows of entitlement, app, createdAt and role, oldest first", async () => {
    const answer = await suite.api.get(`${path}?page_size=100`);
    expect(answer.body.list).toHaveLength(SEED.entitlementOwners.count);
    expect(Object.keys(answer.body.list[0]).sort()).toEqual([
      "appEntitlement",
      "appId",
      "createdAt",
      "roleSlug",
    ]);
    expect(answer.body.list[0]).toMatchObject({
      appId: "app-github",
      createdAt: "2025-09-27T09:00:00Z",
      roleSlug: "owner",
      appEntitlement: {
        id: "ent-github-org-member",
        appId: "app-github",
        displayName: "Organization member",
      },
    });
  });

  it("answers 400 naming the camelCase query names, which the document does not declare (reference 5.4)", async () => {
    const answer = await suite.api.get(`${path}?roleSlug=approver&pageSize=10`);
    expect(answer.body).toEqual({
      code: 3,
      message:
        'unknown query parameters "roleSlug", "pageSize" (GET /api/v2/apps/{app_id}/owners/entitlements takes page_size, page_token, role_slug)',
      details: [],
    });
  });

  it("keeps the rows of one role with role_slug", async () => {
    const answer = await suite.api.get(`${path}?role_slug=approver`);
    expect(answer.body.list.map((row: { appEntitlement: { id: string } }) => row.appEntitlement.id)).toEqual([
      "ent-github-repo-maintain",
      "ent-github-team-03",
      "ent-github-team-06",
      "ent-github-team-09",
    ]);
    expect((await suite.api.get(`${path}?role_slug=auditor`)).body).toEqual({ list: [], nextPageToken: "" });
  });

  it("pages 12 rows at size 10 and refuses the token with another role_slug", async () => {
    const first = await suite.api.get(`${path}?page_size=10`);
    expect(first.body.list).toHaveLength(10);
    const second = await suite.api.get(`${path}?page_size=10&page_token=${first.body.nextPageToken}`);
    expect([second.body.list.length, second.body.nextPageToken]).toEqual([2, ""]);
    const mixed = await suite.api.get(`${path}?role_slug=owner&page_token=${first.body.nextPageToken}`);
    expect(mixed.body).toEqual({
      code: 3,
      message: `invalid page_token "${first.body.nextPageToken}"`,
      details: [],
    });
  });

  it("answers 404 for an unknown app", async () => {
    expect((await suite.api.get("/api/v2/apps/app-nope/owners/entitlements")).status).toBe(404);
  });
});
