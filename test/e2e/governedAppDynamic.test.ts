import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { outOfBand } from "../../testkit/emulatorApi";
import { type ExampleStack, openExampleStack } from "../../testkit/example";
import { transcriptOf } from "../../testkit/command";
import { REPO_ROOT } from "../../testkit/pulumiCli";
import { managedObjects } from "./harness/managedObjects";

const PROJECT = "idgov-governed-app-dynamic";
const COMPONENT = `urn:pulumi:e2e::${PROJECT}::idgov:index:GovernedApp::payroll`;

/** A TypeScript program of the dynamic classes that onboards one app with the package's `GovernedApp`. */
const PROGRAM = `import { GovernedApp } from "pulumi-idgov";

const payroll = new GovernedApp("payroll", {
  displayName: "Payroll",
  owners: ["user-0001", "user-0002"],
  grantPolicyId: "policy-manager-approval",
  revokePolicyId: "policy-auto-revoke",
  annotations: { team: "finance" },
});

export const appId = payroll.appId;
export const requestCatalogId = payroll.requestCatalogId;
`;

const EXAMPLE = path.join(REPO_ROOT, "examples", "tenant-baseline");

const files = async (): Promise<Record<string, string>> => ({
  "Pulumi.yaml": `name: ${PROJECT}\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n`,
  "index.ts": PROGRAM,
  // The tenant-baseline example's manifest and compiler options: the TypeScript a user's program runs with.
  "package.json": await readFile(path.join(EXAMPLE, "package.json"), "utf8"),
  "tsconfig.json": await readFile(path.join(EXAMPLE, "tsconfig.json"), "utf8"),
});

let tenant: RunningEmulator;
let source: string;
let project: ExampleStack;

type StateResource = { urn: string; type: string; parent?: string };

async function stateResources(): Promise<StateResource[]> {
  const exported = JSON.parse(await project.stack.exportState()) as {
    deployment: { resources?: StateResource[] };
  };
  return exported.deployment.resources ?? [];
}

beforeAll(async () => {
  tenant = await startEmulator({ quiet: true });
  source = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-governed-dynamic-"));
  for (const [file, text] of Object.entries(await files())) await writeFile(path.join(source, file), text);
  project = await openExampleStack({
    example: source,
    tarball: inject("packageTarball"),
    binDir: inject("pulumiBinDir"),
    baseUrl: tenant.url,
  });
}, 600_000);

afterAll(async () => {
  await project?.remove();
  await rm(source, { recursive: true, force: true });
  await tenant?.close();
});

describe("GovernedApp of the dynamic classes, from a TypeScript program under the Pulumi CLI", () => {
  it("makes the catalog and the app as dynamic resources parented to the component, the catalog the app's default", async () => {
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const children = (await stateResources()).filter((resource) => resource.parent === COMPONENT);
    expect(children.map((child) => child.type).sort()).toEqual([
      "pulumi-nodejs:dynamic/idgov:App",
      "pulumi-nodejs:dynamic/idgov:RequestCatalog",
    ]);
    const outputs = (await project.stack.outputs()) as Record<string, string>;
    const { app } = (await outOfBand(tenant, "GET", `/api/v1/apps/${outputs.appId}`)) as {
      app: Record<string, unknown>;
    };
    expect(app).toMatchObject({
      displayName: "Payroll",
      grantPolicyId: "policy-manager-approval",
      revokePolicyId: "policy-auto-revoke",
      defaultRequestCatalogId: outputs.requestCatalogId,
      annotations: expect.objectContaining({
        team: "finance",
        iac_resource_address: `urn:pulumi:e2e::${PROJECT}::idgov:index:GovernedApp$pulumi-nodejs:dynamic/idgov:App::payroll-app`,
      }),
    });
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
    expect(transcriptOf(drifted)).toMatch(/pulumi-nodejs:dynamic\/idgov:App\s+payroll-app\s+update/);
  });

  it("destroys every child, leaving no object of the stack", async () => {
    const destroyed = await project.stack.destroy();
    expect(destroyed.code, transcriptOf(destroyed)).toBe(0);
    expect(await managedObjects(tenant, `organization/${PROJECT}/e2e`)).toEqual([]);
    expect(await stateResources()).toEqual([]);
  });
});
