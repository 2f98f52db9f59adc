import { readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { apiRequests, clearRequests, isWrite, outOfBand, setFaults } from "../../testkit/emulatorApi";
import { installPackage } from "../../testkit/example";
import { transcriptOf } from "../../testkit/command";
import { REPO_ROOT } from "../../testkit/pulumiCli";
import { managedObjects } from "./harness/managedObjects";
import { openScratchStack, type ScratchStack } from "./harness/scratchProject";

const STACK = "e2e";
const PROJECT = "idgov-governed-app";
const WORKSPACE = `organization/${PROJECT}/${STACK}`;
const COMPONENT = `urn:pulumi:${STACK}::${PROJECT}::idgov:index:GovernedApp::payroll`;
const CAMPAIGN = "ar-2027-q1-draft";
const APP = `urn:pulumi:${STACK}::${PROJECT}::idgov:index:GovernedApp$idgov:index:App::payroll-app`;
const AUTOMATION = `urn:pulumi:${STACK}::${PROJECT}::idgov:index:GovernedApp$idgov:index:Automation::payroll-automation`;
/** What a refusal of an unknown owner adds: the lookup that lists an existing app's owners, in each SDK. */
const OWNERS_LOOKUP =
  "the service lists no users; idgov:index:listAppOwners (TypeScript idgov.listAppOwners, Python idgov.list_app_owners, Go idgov.ListAppOwners, Java IdgovFunctions.listAppOwners) lists the owners of an existing app";
const BASELINE = `urn:pulumi:${STACK}::${PROJECT}::idgov:index:TenantBaseline::baseline`;
const SETTINGS = ["/api/v1/settings/session", "/api/v1/settings/sso", "/api/v1/settings/cross-app-access"];

let tenant: RunningEmulator;
let project: ScratchStack;
let program: string;
let scopeBefore: unknown;
let settingsBefore: unknown[];

/** The tenant's three settings as the service answers them, without the time of their last write. */
async function liveSettings(): Promise<unknown[]> {
  const answers = await Promise.all(SETTINGS.map((route) => outOfBand(tenant, "GET", route)));
  return answers.map((answer) => {
    const [settings = {}] = Object.values(answer) as Record<string, unknown>[];
    const { updatedAt: _updated, ...values } = settings;
    return values;
  });
}

type StateResource = { urn: string; type: string; parent?: string; id?: string };

async function stateResources(): Promise<StateResource[]> {
  const exported = JSON.parse(await project.stack.exportState()) as {
    deployment: { resources?: StateResource[] };
  };
  return exported.deployment.resources ?? [];
}

const childrenInState = async () =>
  (await stateResources())
    .filter((resource) => resource.parent === COMPONENT)
    .map((resource) => resource.type);

beforeAll(async () => {
  tenant = await startEmulator({ quiet: true });
  const source = path.join(REPO_ROOT, "examples", "governed-app");
  program = await readFile(path.join(source, "Pulumi.yaml"), "utf8");
  project = await openScratchStack({
    binDir: inject("pulumiBinDir"),
    files: { "Pulumi.yaml": program, "README.md": await readFile(path.join(source, "README.md"), "utf8") },
    stack: STACK,
  });
  await installPackage(project.projectDir, inject("packageTarball"));
  scopeBefore = (await outOfBand(tenant, "GET", `/api/v1/access_review/${CAMPAIGN}/scope_and_entitlements`))
    .scopeV2;
  settingsBefore = await liveSettings();
  await project.stack.setAllConfig(
    { "idgov:baseUrl": tenant.url, "idgov:clientId": DEFAULT_CREDENTIALS.clientId },
    { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
  );
});

afterAll(async () => {
  await project?.remove();
  await tenant?.close();
});

describe("examples/governed-app: idgov:index:GovernedApp and idgov:index:TenantBaseline built by the plugin's Construct, from Pulumi YAML", () => {
  it("refuses an input that would break a rule of the policy pack, naming the input, the rule and the fix, before any request", async () => {
    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    await writeFile(
      programFile,
      program
        .replace("owners: ${owners}", "owners: []\n      catalogVisibleToEveryone: true")
        .replace(
          "adminNetworks: ${adminNetworks}",
          "adminNetworks: ${adminNetworks}\n      sessionLength: 24h",
        ),
    );
    await clearRequests(tenant);
    const preview = await project.stack.preview();
    await writeFile(programFile, program);
    const text = transcriptOf(preview);
    expect(preview.code, text).not.toBe(0);
    expect(text).toContain("property owners with value '{[]}' has a problem: idgov-app-owners:");
    expect(text).toContain("list at least 1 user id in owners");
    expect(text).toContain(
      "property catalogVisibleToEveryone with value '{true}' has a problem: idgov-catalog-visibility:",
    );
    expect(text).toContain(
      "property sessionLength with value '{24h}' has a problem: idgov-session-length: " +
        'the SessionSettings "baseline-session" maxSessionLength is "24h", longer than the 12h idgov-session-length allows. ' +
        "To comply with idgov-session-length: set maxSessionLength to 12h or less.",
    );
    expect((await apiRequests(tenant)).filter(isWrite)).toEqual([]);
  });

  it("refuses a settings singleton the stack declares twice, the baseline's and a resource's own, naming both, before any request", async () => {
    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    await writeFile(
      programFile,
      program.replace(
        "\noutputs:",
        "\n  sso:\n    type: idgov:index:SsoSettings\n    properties:\n      enabled: true\noutputs:",
      ),
    );
    await clearRequests(tenant);
    const preview = await project.stack.preview();
    await writeFile(programFile, program);
    const text = transcriptOf(preview);
    expect(preview.code, text).not.toBe(0);
    expect(text).toMatch(
      /SsoSettings is one per tenant, but this program declares it 2 times \(("sso", "baseline-sso"|"baseline-sso", "sso")\): declare it once/,
    );
    expect((await apiRequests(tenant)).filter(isWrite)).toEqual([]);
  });

  it("refuses a repeated owner at preview by its index, and an owner the tenant does not know at the App's create, by the same field", async () => {
    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    await writeFile(
      programFile,
      program
        .replace("owners: ${owners}", "owners: [user-0001, user-0001]")
        .replace("adminNetworks: ${adminNetworks}", "adminNetworks: [10.20.0.0/16, 10.0.0.300/24]"),
    );
    await clearRequests(tenant);
    const preview = await project.stack.preview();
    expect(preview.code, transcriptOf(preview)).not.toBe(0);
    expect(transcriptOf(preview)).toContain(
      `property owners[1] with value '{user-0001}' has a problem: "user-0001" is owners[0] again`,
    );
    // A range that is not one, refused by the session settings' own check, under the component's input and index.
    expect(transcriptOf(preview)).toContain(
      `property adminNetworks[1] with value '{10.0.0.300/24}' has a problem: the SessionSettings "baseline-session": "10.0.0.300/24" is not a CIDR range`,
    );
    expect((await apiRequests(tenant)).filter(isWrite)).toEqual([]);

    await writeFile(programFile, program.replace("owners: ${owners}", "owners: [user-0001, nobody]"));
    const up = await project.stack.up();
    await writeFile(programFile, program);
    expect(up.code, transcriptOf(up)).not.toBe(0);
    const refused = transcriptOf(up)
      .split("\n")
      .filter((line) => line.includes('owners[1]: user "nobody" not found'));
    expect(refused.length, transcriptOf(up)).toBeGreaterThan(0);
    for (const line of refused) {
      expect(line.split(OWNERS_LOOKUP).length - 1, line).toBe(1);
    }
    expect(await childrenInState()).toEqual(["idgov:index:RequestCatalog"]);
  });

  it("keeps the children made before a child fails, and makes only the rest on the next up (no orphan, no duplicate)", async () => {
    await setFaults(tenant, {
      script: [{ fault: "400", method: "POST", pathPrefix: "/api/v1/automations", times: 1 }],
    });
    const failed = await project.stack.up();
    await setFaults(tenant, {});
    expect(failed.code, transcriptOf(failed)).not.toBe(0);
    expect(transcriptOf(failed)).toMatch(/idgov:index:Automation payroll-automation \*\*creating failed\*\*/);
    expect((await childrenInState()).sort()).toEqual([
      "idgov:index:AccessReviewScope",
      "idgov:index:App",
      "idgov:index:RequestCatalog",
    ]);

    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    expect((await childrenInState()).sort()).toEqual([
      "idgov:index:AccessReviewScope",
      "idgov:index:App",
      "idgov:index:Automation",
      "idgov:index:RequestCatalog",
    ]);
    const managed = await managedObjects(tenant, WORKSPACE);
    expect(managed.map((object) => [object.kind, object.address]).sort()).toEqual([
      ["App", `urn:pulumi:${STACK}::${PROJECT}::idgov:index:GovernedApp$idgov:index:App::payroll-app`],
      [
        "RequestCatalog",
        `urn:pulumi:${STACK}::${PROJECT}::idgov:index:GovernedApp$idgov:index:RequestCatalog::payroll-catalog`,
      ],
    ]);
  });

  it("builds the app the governed way: owners, policies, its private catalog as its default, the campaign's scope, a circuit breaker", async () => {
    const outputs = (await project.stack.outputs()) as Record<string, string>;
    const { app } = (await outOfBand(tenant, "GET", `/api/v1/apps/${outputs.appId}`)) as {
      app: Record<string, unknown>;
    };
    expect(app).toMatchObject({
      displayName: "Payroll",
      grantPolicyId: "policy-manager-approval",
      revokePolicyId: "policy-auto-revoke",
      defaultRequestCatalogId: outputs.requestCatalogId,
      annotations: expect.objectContaining({ team: "finance", managed_by: "pulumi" }),
    });
    expect((app.appOwners as { id: string }[]).map((owner) => owner.id).sort()).toEqual([
      "user-0001",
      "user-0002",
    ]);
    const catalog = (await outOfBand(tenant, "GET", `/api/v1/catalogs/${outputs.requestCatalogId}`))
      .requestCatalogView as { requestCatalog: Record<string, unknown> };
    expect(catalog.requestCatalog).toMatchObject({ displayName: "Payroll access", visibleToEveryone: false });
    const { automation } = (await outOfBand(
      tenant,
      "GET",
      `/api/v1/automations/${outputs.automationId}`,
    )) as {
      automation: Record<string, unknown>;
    };
    expect(automation).toMatchObject({
      appId: outputs.appId,
      enabled: true,
      circuitBreakerMax: 100,
      circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
    });
    expect(outputs.accessReviewScopeId).toBe(CAMPAIGN);
    const scope = await outOfBand(tenant, "GET", `/api/v1/access_review/${CAMPAIGN}/scope_and_entitlements`);
    expect(scope.scopeV2).toMatchObject({ appAccess: {}, allUsers: {}, allGrants: {} });
  });

  it("brings the App and its automation back under their URNs with pulumi import when their state is lost, and refuses an App another stack owns", async () => {
    const before = await stateResources();
    const [app, automation] = [APP, AUTOMATION].map((urn) => before.find((resource) => resource.urn === urn));
    // The automation reads the app's id: the app's state goes with its dependents, and both come back.
    const dropped = await project.stack.runOnStack(["state", "delete", APP, "--target-dependents", "--yes"]);
    expect(dropped.code, transcriptOf(dropped)).toBe(0);
    expect(await childrenInState()).not.toContain("idgov:index:App");

    await clearRequests(tenant);
    const importChild = (type: string, name: string, id: string) =>
      project.stack.runOnStack([
        ...["import", type, name, id, "--parent", `payroll=${COMPONENT}`],
        ...["--yes", "--protect=false", "--generate-code=false"],
      ]);
    const lost = [
      ["idgov:index:App", "payroll-app", APP, app],
      ["idgov:index:Automation", "payroll-automation", AUTOMATION, automation],
    ] as const;
    for (const [type, name, , old] of lost) {
      const imported = await importChild(type, name, old?.id ?? "");
      expect(imported.code, transcriptOf(imported)).toBe(0);
    }
    expect((await apiRequests(tenant)).filter(isWrite)).toEqual([]);
    const after = await stateResources();
    for (const [, , urn, old] of lost) {
      expect(after.find((resource) => resource.urn === urn)).toMatchObject({
        id: old?.id,
        parent: COMPONENT,
      });
    }
    const clean = await project.stack.preview("--expect-no-changes");
    expect(clean.code, transcriptOf(clean)).toBe(0);
    const refreshed = await project.stack.driftCheck();
    expect(refreshed.code, transcriptOf(refreshed)).toBe(0);
    const live = (await outOfBand(tenant, "GET", `/api/v1/apps/${app?.id}`)).app as {
      annotations: Record<string, string>;
    };
    expect(live.annotations).toMatchObject({
      managed_by: "pulumi",
      iac_workspace: WORKSPACE,
      iac_resource_address: APP,
    });
    const apps = (await managedObjects(tenant, WORKSPACE)).filter((object) => object.kind === "App");
    expect(apps).toEqual([{ kind: "App", id: app?.id, address: APP }]);

    const prodStack = "organization/idgov-governed-app/prod";
    const { app: theirs } = (await outOfBand(tenant, "POST", "/api/v1/apps", {
      displayName: "Payroll",
      annotations: {
        managed_by: "pulumi",
        iac_workspace: prodStack,
        iac_resource_address: APP.replace(`:${STACK}::`, ":prod::"),
      },
    })) as { app: { id: string } };
    const refused = await importChild("idgov:index:App", "payroll-prod-app", theirs.id);
    expect(refused.code, transcriptOf(refused)).not.toBe(0);
    expect(transcriptOf(refused)).toContain(
      `cannot import App "${theirs.id}": it is managed elsewhere (workspace "${prodStack}", tool "pulumi"); adopt it with adoptId and allowTakeover: true to take it over`,
    );
    expect((await stateResources()).map((resource) => resource.urn)).toEqual(
      after.map((resource) => resource.urn),
    );
  });

  it("sets the tenant's settings to the standard, each settings child parented to the baseline, with the values in effect as outputs", async () => {
    const children = (await stateResources()).filter((resource) => resource.parent === BASELINE);
    expect(children.map((child) => [child.type, child.id]).sort()).toEqual([
      ["idgov:index:SessionSettings", "session"],
      ["idgov:index:SsoSettings", "sso"],
      ["idgov:index:XaaSettings", "cross-app-access"],
    ]);
    const [session, sso, crossAppAccess] = await liveSettings();
    const adminOnly = { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8:20::/48"] };
    expect(session).toMatchObject({
      maxSessionLength: "28800s",
      externalClientsEnabled: false,
      ssoAdminSource: adminOnly,
      pccAdminSource: adminOnly,
    });
    expect(sso).toMatchObject({
      enabled: true,
      defaultSubjectType: "SSO_SUBJECT_TYPE_PAIRWISE",
      defaultAssertionLifetime: "300s",
      defaultIdTokenSignedResponseAlg: "OIDC_SIGNING_ALGORITHM_RS256",
    });
    expect(crossAppAccess).toMatchObject({
      enabled: false,
      defaultGrantLifetime: "3600s",
      xaaIdTokenLifetime: "300s",
      allowRefreshTokenSubjects: false,
      defaultSigningAlgorithm: "XAA_SIGNING_ALGORITHM_ES256",
    });
    const outputs = await project.stack.outputs();
    expect([outputs.sessionLength, outputs.crossAppAccessEnabled]).toEqual(["28800s", false]);
  });

  it("passes the drift check, and catches a hand edit of a child of each component", async () => {
    const clean = await project.stack.driftCheck();
    expect(clean.code, transcriptOf(clean)).toBe(0);
    const { appId } = (await project.stack.outputs()) as Record<string, string>;
    await outOfBand(tenant, "POST", `/api/v1/apps/${appId}`, {
      app: { displayName: "Payroll (edited by hand)" },
      updateMask: "displayName",
    });
    await outOfBand(tenant, "POST", "/api/v1/settings/session", {
      sessionSettings: { maxSessionLength: "86400s" },
      updateMask: "maxSessionLength",
    });
    const drifted = await project.stack.driftCheck();
    expect(drifted.code, transcriptOf(drifted)).not.toBe(0);
    expect(transcriptOf(drifted)).toMatch(/idgov:index:App\s+payroll-app\s+update/);
    expect(transcriptOf(drifted)).toMatch(/idgov:index:SessionSettings\s+baseline-session\s+update/);
  });

  it("destroys every child, leaving no object of the stack, and the campaign's scope and the tenant's settings as they were", async () => {
    const destroyed = await project.stack.destroy();
    expect(destroyed.code, transcriptOf(destroyed)).toBe(0);
    expect(await managedObjects(tenant, WORKSPACE)).toEqual([]);
    expect(await stateResources()).toEqual([]);
    const scope = await outOfBand(tenant, "GET", `/api/v1/access_review/${CAMPAIGN}/scope_and_entitlements`);
    expect(scope.scopeV2).toEqual(scopeBefore);
    expect(await liveSettings()).toEqual(settingsBefore);
  });
});
