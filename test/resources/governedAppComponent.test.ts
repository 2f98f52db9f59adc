import { describe, expect, it } from "vitest";
import { runMockedProgram } from "../../testkit/mockedProgram";

const REQUIRED = `displayName: "Payroll", owners: ["user-0001"], grantPolicyId: "policy-manager-approval", revokePolicyId: "policy-auto-revoke"`;

describe("GovernedApp of the dynamic classes: the plugin's component as a ComponentResource, under Pulumi's mocks", () => {
  it("registers the component under the plugin's token, then its children parented to it, with the declaration's defaults", async () => {
    const run = await runMockedProgram([
      `const payroll = new idgov.GovernedApp("payroll", { ${REQUIRED}, annotations: { team: "finance" },
         catalogEntitlements: [{ appId: "app-github", id: "ent-github-org-member" }], accessReviewId: "ar-2027-q1-draft",
         automationSteps: [{ stepName: "welcome", sendEmail: { subject: "Hi", body: "Hi", useSubjectUser: true } }] });
       pulumi.all([payroll.urn, payroll.appId, payroll.requestCatalogId, payroll.automationId]).apply((values) => run.logged.push(values));`,
    ]);
    expect(run.thrown).toEqual([]);
    // The component first; its children as their inputs resolve (the order the SDK sends them in is its own).
    expect(run.registered[0]).toMatchObject({ type: "idgov:index:GovernedApp", name: "payroll" });
    expect(run.registered.map((resource) => [resource.type, resource.name]).sort()).toEqual([
      ["idgov:index:GovernedApp", "payroll"],
      ["pulumi-nodejs:dynamic/idgov:AccessReviewScope", "payroll-review"],
      ["pulumi-nodejs:dynamic/idgov:App", "payroll-app"],
      ["pulumi-nodejs:dynamic/idgov:Automation", "payroll-automation"],
      ["pulumi-nodejs:dynamic/idgov:RequestCatalog", "payroll-catalog"],
    ]);
    const inputs = Object.fromEntries(run.registered.map((resource) => [resource.name, resource.inputs]));
    expect(inputs["payroll-catalog"]).toMatchObject({ visibleToEveryone: false, published: true });
    expect(inputs["payroll-app"]).toMatchObject({
      owners: ["user-0001"],
      grantPolicyId: "policy-manager-approval",
      revokePolicyId: "policy-auto-revoke",
      defaultRequestCatalogId: "payroll-catalog-id",
      annotations: expect.objectContaining({ team: "finance" }),
    });
    expect(inputs["payroll-review"]).toMatchObject({
      scopeV2: { appAccess: {}, allUsers: {}, allGrants: {} },
      entitlements: [{ appId: "app-github", appEntitlementId: "ent-github-org-member" }],
      restoreOnDelete: true,
    });
    expect(inputs["payroll-automation"]).toMatchObject({
      appId: "payroll-app-id",
      circuitBreakerMax: 100,
      circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
    });
    expect(run.logged).toEqual([
      [
        "urn:pulumi:dev::idgov-test::idgov:index:GovernedApp::payroll",
        "payroll-app-id",
        "payroll-catalog-id",
        "payroll-automation-id",
      ],
    ]);
  });

  it("parents each child to the component (its options reach every child), and two or more children register: none waits for its siblings", async () => {
    const run = await runMockedProgram([
      `new idgov.GovernedApp("payroll", { ${REQUIRED} }, { transformations: [(resource) => {
         run.logged.push([resource.name, resource.opts.parent instanceof idgov.GovernedApp]);
         return undefined;
       }] })`,
    ]);
    expect(run.thrown).toEqual([]);
    expect(run.logged).toEqual([
      ["payroll", false],
      ["payroll-catalog", true],
      ["payroll-app", true],
    ]);
  });

  it("refuses an input the policy pack would report before any child is made, with the plugin's message", async () => {
    const run = await runMockedProgram([
      `new idgov.GovernedApp("payroll", { ${REQUIRED}, owners: [], catalogVisibleToEveryone: true })`,
    ]);
    expect(run.registered).toEqual([]);
    expect(run.thrown).toHaveLength(1);
    expect(run.thrown[0]).toContain(
      `GovernedApp "payroll" refused 2 inputs before any request (the policy pack's rules and its children's checks)`,
    );
    expect(run.thrown[0]).toContain("- property owners: idgov-app-owners:");
    expect(run.thrown[0]).toContain("- property catalogVisibleToEveryone: idgov-catalog-visibility:");
  });
});
