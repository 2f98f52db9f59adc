import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { apiRequests, clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();

const campaign = SEED.emptyAccessReviewId;
const path = (id: string) => `/api/v1/access_review/${id}/scope_and_entitlements`;
const orgAdmin = { appId: "app-github", appEntitlementId: "ent-github-org-admin" };
const awsAdmin = { appId: "app-aws", appEntitlementId: "ent-aws-admin" };
const program = { accessReviewId: campaign, scopeV2: { allUsers: {} }, entitlements: [orgAdmin, awsAdmin] };
const up = (name: string, declared: Record<string, unknown>) =>
  ctx.engine.up("AccessReviewScope", name, declared);

async function create(name: string, declared: Record<string, unknown> = program) {
  const result = await up(name, declared);
  if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
  await clearRequests(ctx.emulator);
  return result.state;
}

describe("AccessReviewScope in Pulumi's dynamic-provider host", () => {
  it("reads the campaign and sends its whole scope and entitlement list in one POST", async () => {
    const result = await up("scope", program);
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({ method: "GET", path: path(campaign), status: 200 }),
      expect.objectContaining({
        method: "POST",
        path: path(campaign),
        status: 200,
        body: { entitlements: [orgAdmin, awsAdmin], scopeV2: { allUsers: {} } },
      }),
    ]);
    if (result.action !== "create") throw new Error(result.action);
    expect(result.state.id).toBe(campaign);
    expect(result.state.outputs).toMatchObject({
      scopeV2: { allUsers: {} },
      entitlements: [orgAdmin, awsAdmin],
      accessReviewEntitlements: [
        expect.objectContaining({ ...orgAdmin, accessReviewId: campaign }),
        expect.objectContaining({ ...awsAdmin, accessReviewId: campaign }),
      ],
    });
  });

  it("writes a users, apps and grants scope at once (one member of each of several oneof groups) and sees no drift", async () => {
    const usual = {
      accessReviewId: campaign,
      scopeV2: {
        selectedUsers: { userIds: ["user-0001", "user-0002"] },
        appAccess: {},
        grantsByCriteria: { daysSinceAdded: "7776000s", daysSinceLastUsed: "2592000s" },
        principalTypeFilter: "PRINCIPAL_TYPE_FILTER_USERS",
      },
      entitlements: [orgAdmin],
    };
    const result = await up("usual", usual);
    if (result.action !== "create") throw new Error(result.action);
    const [, post] = await apiRequests(ctx.emulator);
    expect(post?.body).toEqual({ entitlements: [orgAdmin], scopeV2: usual.scopeV2 });
    expect(result.state.outputs.scopeV2).toEqual(usual.scopeV2);
    await ctx.engine.refresh("AccessReviewScope", "usual");
    expect(await ctx.engine.preview("AccessReviewScope", "usual", usual)).toBe("same");
  });

  it("sees no change in another entitlement order, and an empty member stays a set member", async () => {
    await create("same");
    const reordered = { ...program, entitlements: [awsAdmin, orgAdmin] };
    expect((await up("same", reordered)).action).toBe("same");
    expect(await ctx.engine.preview("AccessReviewScope", "same", { ...program, scopeV2: {} })).toBe("update");
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("sends durations, timestamps and id lists in the service's form, and then sees no drift", async () => {
    const written = {
      accessReviewId: campaign,
      scopeV2: {
        grantsByCriteria: {
          daysSinceLastUsed: "2592000.000s",
          grantsAddedBetween: { startDate: "2027-01-01T02:00:00+02:00" },
          accessProfileFilter: { includedAccessProfileIds: ["profile-b", "profile-a"] },
        },
      },
    };
    await up("forms", written);
    const [, post] = await apiRequests(ctx.emulator);
    expect(post?.body).toEqual({
      entitlements: [],
      scopeV2: {
        grantsByCriteria: {
          daysSinceLastUsed: "2592000s",
          grantsAddedBetween: { startDate: "2027-01-01T00:00:00Z" },
          accessProfileFilter: { includedAccessProfileIds: ["profile-a", "profile-b"] },
        },
      },
    });
    await clearRequests(ctx.emulator);
    expect((await up("forms", written)).action).toBe("same");
    await ctx.engine.refresh("AccessReviewScope", "forms");
    expect(await ctx.engine.preview("AccessReviewScope", "forms", written)).toBe("same");
    const reordered = structuredClone(written);
    reordered.scopeV2.grantsByCriteria.accessProfileFilter.includedAccessProfileIds.reverse();
    expect(await ctx.engine.preview("AccessReviewScope", "forms", reordered)).toBe("same");
    expect((await apiRequests(ctx.emulator)).map((request) => request.method)).toEqual(["GET"]);
  });

  it("replaces the scope by sending all of it again, entitlements included", async () => {
    await create("replace");
    const users = { ...program, scopeV2: { selectedUsers: { userIds: ["user-0001", "user-0002"] } } };
    expect((await up("replace", users)).action).toBe("update");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: path(campaign),
        body: {
          entitlements: [orgAdmin, awsAdmin],
          scopeV2: { selectedUsers: { userIds: ["user-0001", "user-0002"] } },
        },
      }),
    ]);
  });

  it("reads an out-of-band change of the scope as drift", async () => {
    await create("drift");
    await outOfBand(ctx.emulator, "POST", path(campaign), {
      entitlements: [orgAdmin],
      scopeV2: { allGrants: {} },
    });
    const refreshed = await ctx.engine.refresh("AccessReviewScope", "drift");
    expect(refreshed?.outputs).toMatchObject({ scopeV2: { allGrants: {} }, entitlements: [orgAdmin] });
    expect(refreshed?.inputs).toMatchObject({ scopeV2: { allGrants: {} }, entitlements: [orgAdmin] });
    expect(await ctx.engine.preview("AccessReviewScope", "drift", program)).toBe("update");
  });

  it("leaves the campaign's scope as it is on delete", async () => {
    await create("kept");
    await ctx.engine.destroy("AccessReviewScope", "kept");
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("puts back the scope and entitlements it replaced on delete when restoreOnDelete is set", async () => {
    const seeded = SEED.accessReviewId;
    const before = await outOfBand(ctx.emulator, "GET", path(seeded));
    await create("restored", { ...program, accessReviewId: seeded, restoreOnDelete: true });
    await ctx.engine.destroy("AccessReviewScope", "restored");
    expect(await apiRequests(ctx.emulator)).toEqual([
      expect.objectContaining({
        method: "POST",
        path: path(seeded),
        status: 200,
        body: { entitlements: [orgAdmin, awsAdmin], scopeV2: expect.any(Object) },
      }),
    ]);
    // The scope is sent without its unset members; what the service holds afterwards is exactly what it held before.
    expect((await outOfBand(ctx.emulator, "GET", path(seeded))).scopeV2).toEqual(before.scopeV2);
  });

  it("fails to create for a campaign that does not exist, and writes nothing", async () => {
    await expect(up("missing", { ...program, accessReviewId: "ar-nope" })).rejects.toThrow(
      'no AccessReviewScope "ar-nope" exists to manage',
    );
    expect((await apiRequests(ctx.emulator)).map((r) => `${r.method} ${r.status}`)).toEqual([
      "GET 404",
      "GET 404",
    ]);
  });

  it.each([
    [
      { accessReviewId: campaign, scopeV2: { allUsers: {}, selectedUsers: { userIds: ["user-0001"] } } },
      "scopeV2",
      "at most one of allUsers, selectedUsers, userCriteria, celExpression may be set (got: allUsers, selectedUsers)",
    ],
    [
      {
        accessReviewId: campaign,
        scopeV2: { grantsByCriteria: { daysSinceAdded: "7776000s", daysSinceReviewed: "86400s" } },
      },
      "scopeV2.grantsByCriteria",
      "at most one of daysSinceAdded, daysSinceReviewed, grantsAddedBetween may be set (got: daysSinceAdded, daysSinceReviewed)",
    ],
    [{ scopeV2: { allUsers: {} } }, "accessReviewId", "is required (the id of an existing campaign)"],
    [
      { accessReviewId: campaign, entitlements: [{ appId: "app-aws" }] },
      "entitlements[0].appEntitlementId",
      "expected string",
    ],
  ])("fails check on %j naming %s, before any request", async (invalid, property, rule) => {
    const result = await up("invalid", invalid);
    expect(result.action === "failed-check" && result.failures).toContainEqual({
      property,
      reason: expect.stringContaining(rule),
    });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });
});
