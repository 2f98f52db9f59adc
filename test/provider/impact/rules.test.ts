import { describe, expect, it } from "vitest";
import { impactRulesOf, type PlannedChange } from "../../../provider/impact";

const USERS = { live: "userCount" };
const MEMBERS = { live: "memberCount" };
const GRANTS = { live: "grantCount" };
const NO_ENTITLEMENT_LIST = {
  unknown: "the service lists no app's entitlements, so their grantCount cannot be summed",
};
const NO_USER_COUNT = { unknown: "the service answers no count of the tenant's users" };
const NO_TRIGGER_COUNT = { unknown: "the service does not count whom an automation's triggers match" };

function change(fields: Partial<PlannedChange> & Pick<PlannedChange, "kind" | "operation">): PlannedChange {
  return { changedPaths: [], id: "obj-1", ...fields };
}

const catalog = (
  changedPaths: string[],
  oldInputs: Record<string, unknown>,
  newInputs: Record<string, unknown>,
) => change({ kind: "RequestCatalog", operation: "update", changedPaths, oldInputs, newInputs });

describe("which changes touch whom (impact rules)", () => {
  it.each([
    [
      "an app deleted: its users, and its entitlements' grants, unknown",
      change({ kind: "App", operation: "delete" }),
      [
        { change: "delete", count: USERS, tenantWide: false },
        { change: "delete", count: NO_ENTITLEMENT_LIST, tenantWide: false },
      ],
    ],
    [
      "an app replaced names the fields that replace it",
      change({ kind: "App", operation: "replace", changedPaths: ["displayName"] }),
      [
        { change: "replace (delete, then create): displayName changed", count: USERS, tenantWide: false },
        {
          change: "replace (delete, then create): displayName changed",
          count: NO_ENTITLEMENT_LIST,
          tenantWide: false,
        },
      ],
    ],
    [
      "an app's description changed: no one",
      change({ kind: "App", operation: "update", changedPaths: ["description"] }),
      [],
    ],
    [
      "an app created: no one yet",
      change({ kind: "App", operation: "create", changedPaths: ["displayName"] }),
      [],
    ],
    [
      "a catalog made invisible: its members, tenant-wide",
      catalog(["visibleToEveryone"], { visibleToEveryone: true }, { visibleToEveryone: false }),
      [{ change: "visibleToEveryone: true → false", count: MEMBERS, tenantWide: true }],
    ],
    [
      "a catalog's enrollment changed: its members",
      catalog(
        ["enrollmentBehavior"],
        {},
        { enrollmentBehavior: "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_BYPASS_ENTITLEMENT_REQUEST_POLICY" },
      ),
      [
        {
          change:
            "enrollmentBehavior: unset → REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_BYPASS_ENTITLEMENT_REQUEST_POLICY",
          count: MEMBERS,
          tenantWide: false,
        },
      ],
    ],
    [
      "a catalog's entitlements changed: its members, naming what is added and removed",
      catalog(
        ["accessEntitlements"],
        { accessEntitlements: [{ appId: "app-aws", id: "ent-aws-billing" }] },
        { accessEntitlements: [{ appId: "app-aws", id: "ent-aws-admin" }] },
      ),
      [
        {
          change: "accessEntitlements: + app-aws/ent-aws-admin, − app-aws/ent-aws-billing",
          count: MEMBERS,
          tenantWide: false,
        },
      ],
    ],
    ["a catalog renamed: no one", catalog(["displayName"], { displayName: "a" }, { displayName: "b" }), []],
    [
      "a catalog deleted: its members, naming what it bundles",
      change({
        kind: "RequestCatalog",
        operation: "delete",
        oldInputs: { accessEntitlements: [{ appId: "app-aws", id: "ent-aws-billing" }] },
      }),
      [{ change: "delete; it bundles app-aws/ent-aws-billing", count: MEMBERS, tenantWide: false }],
    ],
    [
      "an app resource deleted: its grants",
      change({ kind: "AppResource", operation: "delete" }),
      [{ change: "delete", count: GRANTS, tenantWide: false }],
    ],
    [
      "an app resource renamed: no one",
      change({ kind: "AppResource", operation: "update", changedPaths: ["displayName"] }),
      [],
    ],
    [
      "an automation disabled: unknown",
      change({
        kind: "Automation",
        operation: "update",
        changedPaths: ["enabled"],
        oldInputs: { enabled: true },
        newInputs: { enabled: false },
      }),
      [{ change: "disabled", count: NO_TRIGGER_COUNT, tenantWide: false }],
    ],
    [
      "an automation created enabled: unknown",
      change({ kind: "Automation", operation: "create", newInputs: { enabled: true } }),
      [{ change: "create, enabled", count: NO_TRIGGER_COUNT, tenantWide: false }],
    ],
    [
      "an automation created disabled: no one",
      change({ kind: "Automation", operation: "create", newInputs: { enabled: false } }),
      [],
    ],
    [
      "an automation deleted: unknown",
      change({ kind: "Automation", operation: "delete" }),
      [{ change: "delete", count: NO_TRIGGER_COUNT, tenantWide: false }],
    ],
    ["an auth config changed: not counted", change({ kind: "AuthConfig", operation: "delete" }), []],
    [
      "session settings deleted without restore: no one (they stay as they are)",
      change({ kind: "SessionSettings", operation: "delete", changedPaths: ["maxSessionLength"] }),
      [],
    ],
  ] as const)("%s", (_, planned, expected) => {
    expect(
      impactRulesOf(planned).map(({ change: what, count, tenantWide }) => ({
        change: what,
        count,
        tenantWide,
      })),
    ).toEqual(expected);
  });

  it.each([
    [
      "SessionSettings",
      ["ssoAdminSource.sourceCidr", "ssoAdminSource.enabled"],
      "administrators signing in through SSO (ssoAdminSource address restriction)",
    ],
    [
      "SessionSettings",
      ["maxSessionLength", "pccUserSource.enabled"],
      "every signed-in session (its longest length); users signing in directly (pccUserSource address restriction)",
    ],
    ["SsoSettings", ["defaultAssertionLifetime"], "how long SSO assertions to apps last"],
    ["XaaSettings", ["enabled"], "cross-app access: apps exchanging tokens on users' behalf"],
  ])("%s changing %j reaches every user, naming the sign-in paths", (kind, changedPaths, paths) => {
    const [rule, ...others] = impactRulesOf(change({ kind, operation: "update", changedPaths }));
    expect(others).toEqual([]);
    expect(rule).toMatchObject({
      count: NO_USER_COUNT,
      tenantWide: true,
      meaning: `every user of the tenant: ${paths}`,
    });
  });

  it("says which way a catalog's visibility turns, leading with who starts or stops seeing it", () => {
    const [opened] = impactRulesOf(catalog(["visibleToEveryone"], {}, { visibleToEveryone: true }));
    expect(opened?.counted?.(14)).toBe(
      "every user of the tenant starts seeing the catalog, beside its 14 members (RequestCatalogView.memberCount)",
    );
    const [closed] = impactRulesOf(catalog(["visibleToEveryone"], { visibleToEveryone: true }, {}));
    expect(closed?.counted?.(14)).toBe(
      "every user of the tenant but the catalog's 14 members stops seeing it (RequestCatalogView.memberCount)",
    );
    expect(closed?.counted?.(1)).toBe(
      "every user of the tenant but the catalog's 1 member stops seeing it (RequestCatalogView.memberCount)",
    );
  });

  it("takes a visibility the preview does not know yet as tenant-wide, never as no change", () => {
    const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    const [hidden] = impactRulesOf(
      catalog(["visibleToEveryone"], { visibleToEveryone: true }, { visibleToEveryone: unknown }),
    );
    expect(hidden).toMatchObject({
      change: "visibleToEveryone: true → (known after apply)",
      tenantWide: true,
    });
    expect(hidden?.counted?.(14)).toBe(
      "every user of the tenant but the catalog's 14 members may stop seeing it: the preview does not know " +
        "visibleToEveryone yet (RequestCatalogView.memberCount)",
    );
    const [opened] = impactRulesOf(
      catalog(["visibleToEveryone"], { visibleToEveryone: false }, { visibleToEveryone: unknown }),
    );
    expect(opened).toMatchObject({
      tenantWide: true,
      meaning: expect.stringContaining("may start seeing it"),
    });
  });

  it.each([
    [change({ kind: "App", operation: "delete" }), 1, "1 user loses the app (App.userCount)"],
    [change({ kind: "App", operation: "delete" }), 6, "6 users lose the app (App.userCount)"],
    [change({ kind: "App", operation: "delete" }), 0, "0 users lose the app (App.userCount)"],
    [
      change({ kind: "RequestCatalog", operation: "delete" }),
      1,
      "1 member loses the catalog (RequestCatalogView.memberCount)",
    ],
    [
      change({ kind: "AppResource", operation: "delete" }),
      3,
      "3 grants on the resource end (AppResource.grantCount)",
    ],
    [
      change({ kind: "AppResource", operation: "delete" }),
      1,
      "1 grant on the resource ends (AppResource.grantCount)",
    ],
    [
      catalog(
        ["accessEntitlements"],
        { accessEntitlements: [{ appId: "app-github", id: "ent-member" }] },
        { accessEntitlements: [{ appId: "app-aws", id: "ent-admin" }] },
      ),
      6,
      "6 members of the catalog gain app-aws/ent-admin and lose app-github/ent-member (RequestCatalogView.memberCount)",
    ],
    [
      catalog(["published"], { published: true }, { published: false }),
      1,
      "1 member of the catalog sees the change (RequestCatalogView.memberCount)",
    ],
  ])("leads with who gains or loses, with the right plural: %#", (planned, count, sentence) => {
    expect(impactRulesOf(planned)[0]?.counted?.(count)).toBe(sentence);
  });
});
