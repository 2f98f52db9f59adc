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

let tenant: RunningEmulator;
let project: ScratchStack;
let program: string;
let scopeBefore: unknown;

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
  await project.stack.setAllConfig(
    { "idgov:baseUrl": tenant.url, "idgov:clientId": DEFAULT_CREDENTIALS.clientId },
    { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
  );
});

afterAll(async () => {
  await project?.remove();
  await tenant?.close();
});

describe("examples/governed-app: idgov:index:GovernedApp built by the plugin's Construct, from Pulumi YAML", () => {
  it("refuses an input that would break a rule of the policy pack, naming the input, the rule and the fix, before any request", async () => {
    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    await writeFile(
      programFile,
      program.replace("owners: ${owners}", "owners: []\n      catalogVisibleToEveryone: true"),
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
    expect((await apiRequests(tenant)).filter(isWrite)).toEqual([]);
  });

  it("refuses a repeated owner at preview by its index, and an owner the tenant does not know at the App's create, by the same field", async () => {
    const programFile = path.join(project.projectDir, "Pulumi.yaml");
    await writeFile(programFile, program.replace("owners: ${owners}", "owners: [user-0001, user-0001]"));
    await clearRequests(tenant);
    const preview = await project.stack.preview();
    expect(preview.code, transcriptOf(preview)).not.toBe(0);
    expect(transcriptOf(preview)).toContain(
      `property owners[1] with value '{user-0001}' has a problem: "user-0001" is owners[0] again`,
    );
    expect((await apiRequests(tenant)).filter(isWrite)).toEqual([]);

    await writeFile(programFile, program.replace("owners: ${owners}", "owners: [user-0001, nobody]"));
    const up = await project.stack.up();
    await writeFile(programFile, program);
    expect(up.code, transcriptOf(up)).not.toBe(0);
    expect(transcriptOf(up)).toContain('owners[1]: user "nobody" not found');
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

  it("passes the drift check, and catches a hand edit of a child", async () => {
    const clean = await project.stack.driftCheck();
    expect(clean.code, transcriptOf(clean)).toBe(0);
    const { appId } = (await project.stack.outputs()) as Record<string, string>;
    await outOfBand(tenant, "POST", `/api/v1/apps/${appId}`, {
      app: { displayName: "Payroll (edited by hand)" },
      updateMask: "displayName",
    });
    const drifted = await project.stack.driftCheck();
    expect(drifted.code, transcriptOf(drifted)).not.toBe(0);
    expect(transcriptOf(drifted)).toMatch(/idgov:index:App\s+payroll-app\s+update/);
  });

  it("destroys every child, leaving no object of the stack and the campaign's scope as it was", async () => {
    const destroyed = await project.stack.destroy();
    expect(destroyed.code, transcriptOf(destroyed)).toBe(0);
    expect(await managedObjects(tenant, WORKSPACE)).toEqual([]);
    expect(await stateResources()).toEqual([]);
    const scope = await outOfBand(tenant, "GET", `/api/v1/access_review/${CAMPAIGN}/scope_and_entitlements`);
    expect(scope.scopeV2).toEqual(scopeBefore);
  });
});
