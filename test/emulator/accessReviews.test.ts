import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator/index";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

const path = `/api/v1/access_review/${SEED.emptyAccessReviewId}/scope_and_entitlements`;
const selector = (index: number) => ({
  appEntitlementId: SEED.entitlements[index]!.id,
  appId: SEED.entitlements[index]!.appId,
});

describe("access-review scope and entitlements", () => {
  it("answers the seeded campaign's rows and scope", async () => {
    const answer = await suite.api.get(`/api/v1/access_review/${SEED.accessReviewId}/scope_and_entitlements`);
    expect(answer.body.list).toHaveLength(2);
    expect(answer.body.list[0]).toMatchObject({
      accessReviewEntitlement: {
        accessReviewId: SEED.accessReviewId,
        appEntitlementId: "ent-github-org-admin",
      },
      appPath: "",
      entitlementPath: "",
      policyPath: "",
    });
    expect(answer.body.scopeV2.grantsByCriteria.daysSinceReviewed).toBe("7776000s");
  });

  it("replaces scope and entitlements, answering every non-oneof field and durations canonical (reference 1.1)", async () => {
    const answer = await suite.api.post(path, {
      entitlements: [selector(0), selector(3)],
      scopeV2: {
        allUsers: {},
        appAccess: {},
        grantsByCriteria: { daysSinceLastUsed: "2592000.000s", daysSinceAdded: "86400s" },
      },
      expandMask: { paths: ["entitlement"] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.scopeV2).toEqual({
      allUsers: {},
      appAccess: {},
      grantsByCriteria: {
        daysSinceAdded: "86400s",
        daysSinceLastUsed: "2592000s",
        accessProfileFilter: null,
        sourceFilter: "GRANT_SOURCE_FILTER_UNSPECIFIED",
        typeFilter: "GRANT_FILTER_TYPE_UNSPECIFIED",
      },
      principalTypeFilter: "PRINCIPAL_TYPE_FILTER_UNSPECIFIED",
      scopeRoleSelection: null,
    });
    expect(answer.body.list.map((row: any) => row.entitlementPath)).toEqual([
      "$.expanded[0]",
      "$.expanded[1]",
    ]);
    const replaced = await suite.api.post(path, { entitlements: [selector(3)] });
    expect(replaced.body.list).toHaveLength(1);
    expect(replaced.body.scopeV2).toEqual({
      principalTypeFilter: "PRINCIPAL_TYPE_FILTER_UNSPECIFIED",
      scopeRoleSelection: null,
    });
  });

  it("keeps every digit of a grant duration and answers 400 naming one outside the protobuf range", async () => {
    const exact = await suite.api.post(path, {
      entitlements: [],
      scopeV2: { grantsByCriteria: { daysSinceAdded: "123456789.123456789s" } },
    });
    expect(exact.body.scopeV2.grantsByCriteria).toEqual({
      daysSinceAdded: "123456789.123456789s",
      accessProfileFilter: null,
      daysSinceLastUsed: null,
      sourceFilter: "GRANT_SOURCE_FILTER_UNSPECIFIED",
      typeFilter: "GRANT_FILTER_TYPE_UNSPECIFIED",
    });
    const huge = await suite.api.post(path, {
      entitlements: [],
      scopeV2: { grantsByCriteria: { daysSinceAdded: "1000000000000000000000s" } },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe(
      "invalid body: scopeV2.grantsByCriteria.daysSinceAdded: must be within the protobuf duration range of ±315576000000s",
    );
  });

  it("answers 400 when two members of one scope oneof are set", async () => {
    const answer = await suite.api.post(path, {
      entitlements: [],
      scopeV2: { allUsers: {}, selectedUsers: { userIds: [] } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "invalid body: scopeV2: at most one of allUsers, selectedUsers, userCriteria, celExpression may be set (got: allUsers, selectedUsers)",
    );
  });

  it("answers 400 naming an unknown scope member", async () => {
    const answer = await suite.api.post(path, { entitlements: [], scopeV2: { everyone: {} } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("invalid body: scopeV2.everyone: unrecognized field");
  });

  it.each([
    ["absent", { scopeV2: { allUsers: {} } }],
    ["null", { entitlements: null, scopeV2: { allUsers: {} } }],
  ])("reads an %s entitlements list as none selected (proto3 unset)", async (_label, body) => {
    const answer = await suite.api.post(path, body);
    expect(answer.status).toBe(200);
    expect(answer.body.list).toEqual([]);
    expect(answer.body.scopeV2).toEqual({
      allUsers: {},
      principalTypeFilter: "PRINCIPAL_TYPE_FILTER_UNSPECIFIED",
      scopeRoleSelection: null,
    });
  });

  it("reads a null scope as an empty one", async () => {
    const answer = await suite.api.post(path, { entitlements: [], scopeV2: null });
    expect(answer.status).toBe(200);
    expect(answer.body.scopeV2).toEqual({
      principalTypeFilter: "PRINCIPAL_TYPE_FILTER_UNSPECIFIED",
      scopeRoleSelection: null,
    });
  });

  it("answers 400 naming an entitlement that does not exist", async () => {
    const answer = await suite.api.post(path, {
      entitlements: [{ appEntitlementId: "ent-nope", appId: "app-aws" }],
    });
    expect(answer.body.message).toBe(
      'invalid body: entitlements[0]: entitlement "ent-nope" of app "app-aws" not found',
    );
  });

  it("answers 404 for an unknown campaign", async () => {
    const answer = await suite.api.get("/api/v1/access_review/ar-nope/scope_and_entitlements");
    expect(answer.body).toEqual({ code: 5, message: 'access review "ar-nope" not found', details: [] });
  });
});
