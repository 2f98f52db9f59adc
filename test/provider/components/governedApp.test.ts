import { describe, expect, it } from "vitest";
import { COMPONENTS, planComponent } from "../../../provider/components";
import { packViolations } from "./pack";

const governedApp = COMPONENTS.GovernedApp;

/** The decisions a team must make, and nothing else. */
const REQUIRED = {
  displayName: "Payroll",
  owners: ["user-0001"],
  grantPolicyId: "policy-manager-approval",
  revokePolicyId: "policy-auto-revoke",
};

/** Every child the component can make: the review's scope and the automation asked for too. */
const EVERY_CHILD = {
  ...REQUIRED,
  accessReviewId: "ar-2027-q1-draft",
  catalogEntitlements: [{ appId: "app-github", id: "ent-github-org-member" }],
  automationSteps: [{ stepName: "welcome", sendEmail: { subject: "Hi", body: "Hi", useSubjectUser: true } }],
};

describe("GovernedApp: compliant with the policy pack by construction", () => {
  it.each([
    ["the required inputs alone", REQUIRED],
    ["every child asked for", EVERY_CHILD],
  ])("its default children, from %s, pass every rule of the shipped pack", (_, inputs) => {
    const { children, failures } = planComponent(governedApp, "payroll", inputs);
    expect(failures).toEqual([]);
    expect(children.length).toBeGreaterThan(1);
    expect(packViolations(children)).toEqual([]);
  });

  it("makes the catalog first, the app with the catalog as its default, then the review's scope and the automation on the app", () => {
    const { children } = planComponent(governedApp, "payroll", EVERY_CHILD);
    expect(children.map((child) => [child.kind, child.name, child.idsOf])).toEqual([
      ["RequestCatalog", "payroll-catalog", {}],
      ["App", "payroll-app", { defaultRequestCatalogId: "requestCatalog" }],
      ["AccessReviewScope", "payroll-review", {}],
      ["Automation", "payroll-automation", { appId: "app" }],
    ]);
    expect(children[0]?.props).toMatchObject({ visibleToEveryone: false, published: true });
    expect(children[2]?.props).toMatchObject({
      scopeV2: { appAccess: {}, allUsers: {}, allGrants: {} },
      entitlements: [{ appId: "app-github", appEntitlementId: "ent-github-org-member" }],
      restoreOnDelete: true,
    });
    expect(children[3]?.props).toMatchObject({
      circuitBreakerMax: 100,
      circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
    });
  });

  it.each([
    ["owners", { owners: [] }, "idgov-app-owners", "list at least 1 user id in owners"],
    [
      "catalogVisibleToEveryone",
      { catalogVisibleToEveryone: true },
      "idgov-catalog-visibility",
      "set visibleToEveryone to false",
    ],
    [
      "automationCircuitBreakerMax",
      { automationCircuitBreakerMax: 0 },
      "idgov-automation-circuit-breaker",
      "set circuitBreakerMax",
    ],
    [
      "automationCircuitBreakerPeriod",
      { automationCircuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_UNSPECIFIED" },
      "idgov-automation-circuit-breaker",
      "set circuitBreakerPeriod to one of",
    ],
    ["grantPolicyId", { grantPolicyId: "" }, "idgov-app-approval", "set grantPolicyId to the id of a policy"],
    [
      "revokePolicyId",
      { revokePolicyId: "" },
      "idgov-app-approval",
      "set revokePolicyId to the id of a policy",
    ],
  ])(
    "refuses %s that breaks %s, naming the rule and the fix, where the pack reports the same rule",
    (property, override, rule, fix) => {
      const inputs = { ...EVERY_CHILD, ...override };
      const { failures } = planComponent(governedApp, "payroll", inputs);
      expect(failures.map((failure) => failure.property)).toEqual([property]);
      expect(failures[0]?.reason).toMatch(new RegExp(`^${rule}: `));
      expect(failures[0]?.reason).toContain(fix);
      expect(packViolations(governedApp.plan("payroll", inputs)).join("\n")).toContain(
        `To comply with ${rule}`,
      );
    },
  );

  it("refuses an input it does not take, listing those it does, and a required one left out", () => {
    const { failures } = planComponent(governedApp, "payroll", {
      ...REQUIRED,
      owner: "user-0001",
      displayName: undefined,
    });
    expect(failures).toEqual([
      {
        property: "owner",
        reason: expect.stringMatching(
          /^GovernedApp takes no input "owner"; it takes displayName, description, owners,/,
        ),
      },
      { property: "displayName", reason: "is required: The app's name." },
    ]);
  });

  it("refuses an owner that cannot be a user id, or one listed twice, by its index, pointing at the one user listing", () => {
    const { failures } = planComponent(governedApp, "payroll", {
      ...REQUIRED,
      owners: ["user-0001", "", "user-0002", "user-0001"],
    });
    expect(failures).toEqual([
      {
        property: "owners[1]",
        reason: expect.stringContaining(
          '"" is not a user id (the service lists no users; idgov:index:listAppOwners (TypeScript idgov.listAppOwners, Python idgov.list_app_owners, Go idgov.ListAppOwners, Java IdgovFunctions.listAppOwners) lists the owners of an existing app)',
        ),
      },
      { property: "owners[3]", reason: '"user-0001" is owners[0] again: list each owner once' },
    ]);
  });

  it("gives the team's annotations to every child that carries annotations, and a map of anything else is refused", () => {
    const { children } = planComponent(governedApp, "payroll", {
      ...EVERY_CHILD,
      annotations: { team: "finance" },
    });
    expect(
      children.filter((child) => child.kind !== "AccessReviewScope").map((child) => child.props.annotations),
    ).toEqual([{ team: "finance" }, { team: "finance" }, { team: "finance" }]);
    expect(planComponent(governedApp, "payroll", { ...REQUIRED, annotations: { team: 1 } }).failures).toEqual(
      [{ property: "annotations", reason: "must be a map of strings" }],
    );
  });
});
