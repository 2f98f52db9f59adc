import { writeFile } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { apiRequests, clearRequests, outOfBand, isWrite } from "../../testkit/emulatorApi";
import { expectSuccess, runCommand, transcriptOf } from "../../testkit/command";
import { editProgram, type ExampleStack, openExampleStack } from "../../testkit/example";

const STACK = "e2e";
const WORKSPACE = `organization/idgov-native/${STACK}`;
const urn = (name: string) => `urn:pulumi:${STACK}::idgov-native::idgov:index:App::${name}`;

let tenantA: RunningEmulator;
let tenantB: RunningEmulator;
let installed: ExampleStack;
let ids: { portalId: string; portalBId: string };

/** The seeded catalog with 14 members, adopted; its visibility read from stack config. */
const ENGINEERING_CATALOG = `class RequestCatalog extends pulumi.CustomResource {
  constructor(name: string, args: Record<string, pulumi.Input<unknown>>) {
    super("idgov:index:RequestCatalog", name, args);
  }
}

new RequestCatalog("engineering", {
  adoptId: "cat-engineering",
  visibleToEveryone: config.getBoolean("engineeringVisible") ?? true,
});`;

async function liveApp(tenant: RunningEmulator, id: string): Promise<Record<string, unknown>> {
  return (await outOfBand(tenant, "GET", `/api/v1/apps/${id}`)).app as Record<string, unknown>;
}

beforeAll(async () => {
  tenantA = await startEmulator({ quiet: true });
  tenantB = await startEmulator({ quiet: true });
  installed = await openExampleStack({
    example: path.join(__dirname, "native", "program"),
    tarball: inject("packageTarball"),
    binDir: inject("pulumiBinDir"),
    baseUrl: tenantA.url,
    stack: STACK,
    config: { "native:tenantBUrl": tenantB.url, "native:tenantBClientId": DEFAULT_CREDENTIALS.clientId },
    secretConfig: { "native:tenantBClientSecret": DEFAULT_CREDENTIALS.clientSecret },
  });
});
afterAll(async () => {
  await installed?.remove();
  await tenantA?.close();
  await tenantB?.close();
});

describe("pulumi-resource-idgov under the real Pulumi CLI, from a TypeScript program, two tenants", () => {
  it("the CLI loads the installed plugin's schema, and its own schema check finds nothing wrong with it", async () => {
    const plugin = path.join(installed.programDir, "node_modules", ".bin", "pulumi-resource-idgov");
    const schema = await installed.stack.run(["package", "get-schema", plugin]);
    expect(schema.code, transcriptOf(schema)).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ name: "idgov", resources: { "idgov:index:App": {} } });
    const file = path.join(installed.programDir, "schema.json");
    await writeFile(file, schema.stdout);
    const check = await installed.stack.run(["schema", "check", file]);
    expect(check.code, transcriptOf(check)).toBe(0);
  });

  it("up creates an app in each tenant, stamped as the dynamic door stamps them", async () => {
    const up = await installed.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    ids = (await installed.stack.outputs()) as typeof ids;
    expect(await liveApp(tenantA, ids.portalId)).toMatchObject({
      displayName: "Portal",
      annotations: {
        team: "iam",
        managed_by: "pulumi",
        iac_workspace: `organization/idgov-native/${STACK}`,
        iac_resource_address: urn("portal"),
      },
    });
    expect(await liveApp(tenantB, ids.portalBId)).toMatchObject({
      displayName: "Portal B",
      annotations: { iac_resource_address: urn("portal-b") },
    });
    await expect(liveApp(tenantA, ids.portalBId)).rejects.toThrow(/404/);
    expect(await installed.stack.exportState()).not.toContain(DEFAULT_CREDENTIALS.clientSecret);
    // Decrypted, the client secret is only in the providers' own (encrypted) settings, never in an app's state.
    const state = JSON.parse(await installed.stack.exportState({ showSecrets: true })) as {
      deployment: { resources: { type: string }[] };
    };
    for (const resource of state.deployment.resources.filter((each) => each.type === "idgov:index:App")) {
      expect(JSON.stringify(resource)).not.toContain(DEFAULT_CREDENTIALS.clientSecret);
      expect(JSON.stringify(resource)).not.toContain("__provider");
    }
  });

  it("a preview then shows no change", async () => {
    const preview = await installed.stack.preview("--expect-no-changes", "--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
  });

  it("a preview warns beside a catalog of the 14 members its change touches; idgov:impactLimit fails it, naming acceptImpact", async () => {
    await editProgram(installed.programDir, {
      from: "export const portalId",
      to: `${ENGINEERING_CATALOG}\n\nexport const portalId`,
    });
    expectSuccess(await installed.stack.up());
    await installed.stack.setConfig("native:engineeringVisible", "false");
    const warned = expectSuccess(await installed.stack.preview());
    const warning =
      "warning: RequestCatalog engineering (cat-engineering): visibleToEveryone: true → false: every user of the tenant " +
      "but the catalog's 14 members stops seeing it (RequestCatalogView.memberCount) (tenant-wide)";
    // The CLI shows the warning beside the resource's line and lists it once under Diagnostics.
    const diagnostics = warned.stdout.slice(warned.stdout.indexOf("Diagnostics:"));
    expect(diagnostics.split(warning).length - 1, transcriptOf(warned)).toBe(1);

    await installed.stack.setConfig("idgov:impactLimit", "10");
    const refused = await installed.stack.preview();
    expect(refused.code, transcriptOf(refused)).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain(
      "stops seeing it (RequestCatalogView.memberCount) (tenant-wide): the tenant counts 14, more than " +
        "idgov:impactLimit 10. If this change was reviewed, set acceptImpact: 14 on the " +
        "resource to accept it, and run again",
    );
    // The failed preview's plan, piped to the impact command as a pipeline without pipefail would: it fails closed.
    const env = { ...installed.stack.env, IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret };
    const piped = await runCommand(
      "bash",
      ["-c", `pulumi preview --json --stack ${STACK} | node_modules/.bin/pulumi-idgov impact --threshold 20`],
      { cwd: installed.programDir, env },
    );
    expect([piped.code, piped.stdout], transcriptOf(piped)).toEqual([1, ""]);
    expect(piped.stderr).toContain(
      "pulumi-idgov impact: failed: the preview failed, so its plan is cut short and its impact cannot be judged: " +
        `urn:pulumi:${STACK}::idgov-native::idgov:index:RequestCatalog::engineering: RequestCatalog engineering`,
    );
    // acceptImpact is tested over gRPC (test/native/impact.test.ts); one CLI run fewer here.
    expectSuccess(
      await installed.stack.runOnStack([
        "config",
        "rm-all",
        "idgov:impactLimit",
        "native:engineeringVisible",
      ]),
    );
  });

  it("a change made in the tenant behind Pulumi's back fails the drift check naming the field; up repairs it", async () => {
    await outOfBand(tenantB, "POST", `/api/v1/apps/${ids.portalBId}`, {
      app: { displayName: "Renamed by hand" },
      updateMask: "displayName",
    });
    const drift = await installed.stack.driftCheck();
    expect(drift.code, transcriptOf(drift)).not.toBe(0);
    expect(drift.stdout).toContain("idgov:index:App portal-b update [diff: ~displayName]");
    const up = await installed.stack.up("--refresh");
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(await liveApp(tenantB, ids.portalBId)).toMatchObject({ displayName: "Portal B" });
    const clean = await installed.stack.driftCheck();
    expect(clean.code, transcriptOf(clean)).toBe(0);
  });

  it("pulumi import and the import option take apps made outside Pulumi with no change; the next real write stamps each", async () => {
    const madeByHand = async (displayName: string) =>
      (
        (await outOfBand(tenantA, "POST", "/api/v1/apps", { displayName, monthlyCostUsd: 7 })).app as {
          id: string;
        }
      ).id;
    const id = await madeByHand("Made by hand");
    const optionId = await madeByHand("Imported by option");
    // The Node.js language host scripts/get-pulumi.sh builds has no GenerateProgram: the import records the
    // resource and its inputs, and the program gets the resource by hand.
    const imported = await installed.stack.runOnStack([
      "import",
      "idgov:index:App",
      "by-hand",
      id,
      "--yes",
      "--protect=false",
      "--generate-code=false",
    ]);
    expect(imported.code, transcriptOf(imported)).toBe(0);
    const state = JSON.parse(await installed.stack.exportState()) as {
      deployment: { resources: { urn: string; inputs: Record<string, unknown> }[] };
    };
    const recorded = state.deployment.resources.find((resource) => resource.urn === urn("by-hand"));
    expect(recorded?.inputs).toEqual({ displayName: "Made by hand", monthlyCostUsd: 7 });
    await editProgram(installed.programDir, {
      from: "export const portalId",
      to:
        'new App("by-hand", { displayName: "Made by hand", monthlyCostUsd: 7 });\n' +
        `new App("by-option", { displayName: "Imported by option", monthlyCostUsd: 7 }, { import: "${optionId}" });\n\n` +
        "export const portalId",
    });
    const preview = await installed.stack.preview("--diff");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    // The ownership stamps ride along with each object's next write: nothing to update, no stamp shown as <null>.
    expect(preview.stdout).not.toContain("<null>");
    expect(preview.stdout).toMatch(
      /= idgov:index:App: \(import\)\s+\[id=[^\]]+\]\s+\[urn=[^\]]+::by-option\]/,
    );
    expect(preview.stdout).toMatch(/= 1 to import/);
    expect(preview.stdout).not.toMatch(/to update/);
    await clearRequests(tenantA);
    const up = await installed.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
    const quiet = await installed.stack.preview("--expect-no-changes", "--diff");
    expect(quiet.code, transcriptOf(quiet)).toBe(0);
    expect((await apiRequests(tenantA)).filter(isWrite)).toEqual([]);
    await editProgram(installed.programDir, {
      from: 'displayName: "Made by hand", monthlyCostUsd: 7 }',
      to: 'displayName: "Made by hand", monthlyCostUsd: 8 }',
    });
    await editProgram(installed.programDir, {
      from: 'displayName: "Imported by option", monthlyCostUsd: 7 }',
      to: 'displayName: "Imported by option", monthlyCostUsd: 8 }',
    });
    const changed = await installed.stack.up();
    expect(changed.code, transcriptOf(changed)).toBe(0);
    const writes = (await apiRequests(tenantA)).filter(isWrite);
    expect(
      writes.map((request) => [request.path, (request.body as { updateMask?: string }).updateMask]),
    ).toEqual(
      expect.arrayContaining([
        [`/api/v1/apps/${id}`, "monthlyCostUsd,annotations"],
        [`/api/v1/apps/${optionId}`, "monthlyCostUsd,annotations"],
      ]),
    );
    expect(writes).toHaveLength(2);
    for (const [name, appId] of [
      ["by-hand", id],
      ["by-option", optionId],
    ] as const) {
      expect(await liveApp(tenantA, appId)).toMatchObject({
        annotations: { managed_by: "pulumi", iac_workspace: WORKSPACE, iac_resource_address: urn(name) },
      });
    }
    const clean = await installed.stack.preview("--expect-no-changes", "--diff");
    expect(clean.code, transcriptOf(clean)).toBe(0);
  });

  it("destroy deletes every app it manages, in both tenants", async () => {
    const destroy = await installed.stack.destroy();
    expect(destroy.code, transcriptOf(destroy)).toBe(0);
    await expect(liveApp(tenantA, ids.portalId)).rejects.toThrow(/404/);
    await expect(liveApp(tenantB, ids.portalBId)).rejects.toThrow(/404/);
  });
});
