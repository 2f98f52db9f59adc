import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { apiRequests, clearRequests, outOfBand, isWrite } from "../../testkit/emulatorApi";
import { type CommandResult, runCommand, transcriptOf } from "../../testkit/command";
import type { ExampleStack } from "../../testkit/example";
import { PulumiStack } from "../../testkit/pulumiStack";
import { openOwnershipProgram } from "./ownership/openProgram";

const OIDC_SECRET = "e2e-audit-oidc-secret-4b1d";
const workspace = (stack: string) => `organization/idgov-ownership/${stack}`;
const CATALOG_URN =
  "urn:pulumi:team-b::idgov-ownership::pulumi-nodejs:dynamic/idgov:RequestCatalog::starter-kit";

interface AuditJson {
  version: number;
  objects: {
    kind: string;
    id: string;
    displayName: string;
    class: string;
    stack?: string;
    claimedBy?: string;
    heldBy?: string[];
    driftedFields?: string[];
  }[];
  summary: { exitCode: number };
}

let emulator: RunningEmulator;
let installed: ExampleStack;
let a: PulumiStack;
let b: PulumiStack;

/** `pulumi-idgov audit` as the installed package's bin, run in the project directory beside the stacks. */
async function audit(...args: string[]): Promise<CommandResult & { report?: AuditJson }> {
  const bin = path.join(installed.programDir, "node_modules", ".bin", "pulumi-idgov");
  const result = await runCommand(bin, ["audit", ...args], {
    cwd: installed.programDir,
    env: {
      ...a.env,
      IDGOV_BASE_URL: emulator.url,
      IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
      IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
    },
  });
  const json = args.includes("json") && result.stdout.startsWith("{");
  return json ? { ...result, report: JSON.parse(result.stdout) as AuditJson } : result;
}

function objectOf(report: AuditJson | undefined, kind: string, id: string) {
  return report?.objects.find((object) => object.kind === kind && object.id === id);
}

async function authConfigId(displayName: string): Promise<string> {
  const list = (await outOfBand(emulator, "GET", "/api/v1/auth-configs")).list as {
    id: string;
    displayName: string;
  }[];
  const found = list.find((item) => item.displayName === displayName);
  if (!found) throw new Error(`no auth config "${displayName}"`);
  return found.id;
}

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  installed = await openOwnershipProgram(emulator, "team-a", "Managed by team A");
  a = installed.stack;
  await a.setConfig("owner:oidcSecret", OIDC_SECRET, { secret: true });
  b = new PulumiStack({ ...installed.stack.options, stack: "team-b" });
  await b.init();
  await b.setAllConfig(
    {
      "idgov:baseUrl": emulator.url,
      "idgov:clientId": DEFAULT_CREDENTIALS.clientId,
      "owner:description": "Managed by team B",
      "owner:allowTakeover": "true",
      "owner:entitlements": JSON.stringify([{ appId: "app-github", id: "ent-github-org-member" }]),
    },
    { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
  );
});
afterAll(async () => {
  await installed?.remove();
  await emulator?.close();
});

describe("pulumi-idgov audit over two stacks run by the real Pulumi CLI", () => {
  it("both stacks come up: A adopts app-aws and creates an auth config; B takes app-aws over and creates a catalog", async () => {
    for (const stack of [a, b]) {
      const up = await stack.up();
      expect(up.code, transcriptOf(up)).toBe(0);
    }
  });

  it("after changes outside Pulumi, sorts every object, from the stacks' own `pulumi stack export`", async () => {
    const ssoId = await authConfigId("Acme SSO");
    await outOfBand(emulator, "POST", `/api/v1/auth-configs/${ssoId}`, {
      authConfig: { displayName: "Acme SSO (renamed by hand)" },
      updateMask: "displayName",
    });
    const letGo = await b.runOnStack(["state", "delete", CATALOG_URN, "--yes"]);
    expect(letGo.code, transcriptOf(letGo)).toBe(0);
    await clearRequests(emulator);
    const result = await audit("--stack", "team-a", "--stack", "team-b", "--format", "json");
    expect(result.code, result.stderr).toBe(6);
    const { report } = result;
    expect(objectOf(report, "App", "app-aws")).toMatchObject({
      class: "double-claimed",
      stack: workspace("team-b"),
      heldBy: [workspace("team-a"), workspace("team-b")],
    });
    expect(objectOf(report, "AuthConfig", ssoId)).toMatchObject({
      class: "managed",
      stack: workspace("team-a"),
      driftedFields: ["displayName"],
    });
    const catalog = report?.objects.find(
      (object) => object.kind === "RequestCatalog" && object.displayName === "Starter kit",
    );
    expect(catalog).toMatchObject({ class: "orphaned", stack: workspace("team-b") });
    expect(objectOf(report, "App", "app-github")).toMatchObject({ class: "unmanaged" });
    expect(objectOf(report, "Automation", "auto-joiner-onboarding")).toMatchObject({
      class: "claimed",
      claimedBy: "managed_by=console",
    });
    const writes = (await apiRequests(emulator)).filter(isWrite);
    expect(writes).toEqual([]);
    expect(result.stdout + result.stderr).not.toContain(OIDC_SECRET);
  });

  it("with stack A alone, app-aws reads as claimed by B, and an object deleted outside Pulumi as gone", async () => {
    const ssoId = await authConfigId("Acme SSO (renamed by hand)");
    await outOfBand(emulator, "DELETE", `/api/v1/auth-configs/${ssoId}`, {});
    const result = await audit("--stack", "team-a", "--format", "markdown");
    expect(result.code, result.stderr).toBe(6);
    expect(result.stdout).toContain(
      `| claimed | App | app-aws | AWS Production | ${workspace("team-a")} | claimed by ${workspace("team-b")} |`,
    );
    expect(result.stdout).toContain(`| gone | AuthConfig | ${ssoId} |`);
    expect(result.stdout).not.toContain(OIDC_SECRET);
  });

  it("with stack B alone, app-aws reads as managed and in sync: no server-filled field counts as drift", async () => {
    const result = await audit("--stack", "team-b", "--format", "json");
    const app = objectOf(result.report, "App", "app-aws");
    expect(app).toMatchObject({ class: "managed", stack: workspace("team-b") });
    expect(app?.driftedFields).toBeUndefined();
  });
});
