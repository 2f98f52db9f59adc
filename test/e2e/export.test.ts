import { mkdtemp, readdir, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { clearRequests, isWrite } from "../../testkit/emulatorApi";
import { loggedCalls } from "./harness/apiCalls";
import { buildTenant, type BuiltTenant } from "./harness/builtTenant";
import { type CommandResult, expectSuccess, runCommand, transcriptOf } from "../../testkit/command";
import { type ExampleStack, openExampleStack } from "../../testkit/example";
import { REPO_ROOT } from "../../testkit/pulumiCli";

/** The seeded tenant's GitHub app (emulator/seed.ts). */
const SEEDED_GITHUB_ID = "app-github";
const ANNOTATED_KINDS = ["App", "RequestCatalog", "Automation", "AppResource"];
/** Campaigns whose scope is exported: one with members of several oneof groups, one the built tenant fills. */
const SCOPES = ["--access-review", "ar-2026-q4-privileged", "--access-review", "ar-2027-q1-draft"];
const RESOURCE_TYPES = [
  "app-github/rt-github-repository",
  "app-ai-agents/rt-ai-agent",
  "app-secrets-vault/rt-vault-secret",
].flatMap((pair) => ["--app-resources", pair]);

/** Runs `pulumi-idgov export` (a `bin` file) against the emulator, with the README's time fixed. */
async function runExport(bin: string, emulator: RunningEmulator, out: string, cwd: string) {
  const env = {
    ...process.env,
    IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
    IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
    SOURCE_DATE_EPOCH: "1795000000",
  };
  const args = [bin, "export", "--out", out, "--base-url", emulator.url, ...RESOURCE_TYPES, ...SCOPES];
  return expectSuccess(await runCommand(process.execPath, args, { cwd, env }));
}

async function filesOf(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).filter((name) => /\.(ts|json|yaml|md)$/.test(name)).sort();
  const entries = await Promise.all(
    names.map(async (name) => [name, await readFile(path.join(dir, name), "utf8")]),
  );
  return Object.fromEntries(entries) as Record<string, string>;
}

/** `new App("github", {\n  adoptId: ...` declarations of kinds that carry annotations, in the written program. */
function annotatedDeclarations(files: Record<string, string>): number {
  const declaration = new RegExp(`= new (${ANNOTATED_KINDS.join("|")})\\(`, "g");
  return Object.entries(files)
    .filter(([name]) => name.endsWith(".ts"))
    .reduce((count, [, text]) => count + (text.match(declaration)?.length ?? 0), 0);
}

/** The secret config keys the README tells the user to set. */
function secretKeys(readme: string): string[] {
  return [...readme.matchAll(/pulumi config set --secret (\S+) <value>/g)].map((match) => match[1]!);
}

const REPO_BIN = path.join(REPO_ROOT, "dist/provider/cli/main.js");

/** The `pulumi-idgov` dependency an exported package.json names. */
function dependencyOf(packageJson: string): string {
  return (JSON.parse(packageJson) as { dependencies: Record<string, string> }).dependencies["pulumi-idgov"]!;
}

describe("pulumi-idgov export of the seeded tenant", () => {
  let emulator: RunningEmulator;
  let workDir: string;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    workDir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-e2e-export-seed-"));
  });
  afterAll(async () => {
    await emulator?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("writes every kind, reports each on stderr, and writes the same bytes twice", async () => {
    const first = await runExport(REPO_BIN, emulator, path.join(workDir, "first"), workDir);
    const second = await runExport(REPO_BIN, emulator, path.join(workDir, "second"), workDir);
    for (const kind of ["App: 6", "RequestCatalog: 4", "Automation: 18", "AuthConfig: 8", "AppResource: 6"]) {
      expect(first.stderr).toContain(`export: ${kind} read`);
    }
    expect(first.stderr).toMatch(/export: wrote 46 resources .*; left out 1 managed elsewhere/);
    const files = await filesOf(path.join(workDir, "first"));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["index.ts", "apps.ts", "README.md", "Pulumi.yaml"]),
    );
    expect(await filesOf(path.join(workDir, "second"))).toEqual(files);
    expect(second.code).toBe(0);
  });
});

/**
 * The round trip of issue 18 on a tenant the test builds (the seed, plus objects of every kind with references,
 * unknown values and other owners): export, install the packed package, strict `tsc`, `pulumi up` sending only the
 * adoption writes, then a drift check that exits 0; the installed `bin` exports the same bytes again.
 */
describe("pulumi-idgov export of a built tenant under the Pulumi CLI", () => {
  let emulator: RunningEmulator;
  let workDir: string;
  let opened: ExampleStack;
  let files: Record<string, string>;
  let built: BuiltTenant;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    built = await buildTenant(emulator);
    workDir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-e2e-export-"));
    const out = path.join(workDir, "tenant");
    await runExport(REPO_BIN, emulator, out, workDir);
    files = await filesOf(out);
    opened = await openExampleStack({
      example: out,
      tarball: inject("packageTarball"),
      binDir: inject("pulumiBinDir"),
      baseUrl: emulator.url,
      secretConfig: Object.fromEntries(secretKeys(files["README.md"]!).map((key) => [key, `${key}-value`])),
    });
  });
  afterAll(async () => {
    await opened?.remove();
    await emulator?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("carries references, unknown values and other owners as a user would expect", () => {
    const program = Object.values(files).join("\n");
    // Two apps named GitHub are named in id order; the built one's id is random, so either may come first.
    const builtFirst = built.secondGithubId < SEEDED_GITHUB_ID;
    const [seededName, builtName] = builtFirst ? ["github2", "github"] : ["github", "github2"];
    expect(program).toContain('new App("github-2", {');
    expect(program).toContain(`adoptId: "${built.secondGithubId}"`);
    expect(program).toMatch(new RegExp(`appId: ${builtName}\\.id,`));
    expect(program).toContain(`{ appId: ${seededName}.id, id: "ent-github-org-member" }`);
    // Members newer than the package: written unlisted("…"), and the project opts in to sending them.
    expect(program).toContain(
      'enrollmentBehavior: unlisted("REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_FUTURE_MODE")',
    );
    expect(program).toContain('circuitBreakerPeriod: unlisted("CIRCUIT_BREAKER_PERIOD_FORTNIGHT")');
    expect(files["Pulumi.yaml"]).toContain("config:\n  idgov:allowUnlistedMembers: true\n");
    expect(program).toContain('payload: { futureOption: { level: "HIGH" }, retry: {} },');
    expect(program).toContain(`triggers: [{ userCreated: { condition: "user.department == 'Labs'" } }],`);
    expect(program).toContain('defaultSubjectType: unlisted("SSO_SUBJECT_TYPE_FUTURE_SUBJECT")');
    expect(program).toContain('oidcClientSecret: config.requireSecret("labs-oidc-oidc-client-secret")');
    expect(program).not.toContain("labs-client-secret");
    for (const id of built.managedElsewhereIds) {
      expect(program).not.toContain(`adoptId: "${id}"`);
      expect(files["README.md"]).toContain(`\`App\` \`${id}\``);
    }
  });

  it("exports the same tenant to the same files with the installed bin, which names the tarball it came from", async () => {
    const again = path.join(workDir, "again");
    const bin = path.join(opened.programDir, "node_modules", ".bin", "pulumi-idgov");
    await runExport(bin, emulator, again, opened.programDir);
    const { "package.json": manifest, ...rest } = await filesOf(again);
    const { "package.json": checkoutManifest, ...checkoutRest } = files;
    expect(rest).toEqual(checkoutRest);
    expect(dependencyOf(checkoutManifest!)).toBe(`file:${await realpath(REPO_ROOT)}`);
    expect(dependencyOf(manifest!)).toBe(`file:${await realpath(inject("packageTarball"))}`);
    expect(manifest!.replace(dependencyOf(manifest!), "")).toBe(
      checkoutManifest!.replace(dependencyOf(checkoutManifest!), ""),
    );
  });

  it("writes a program that type-checks under strict tsc", async () => {
    const tsc = path.join(opened.programDir, "node_modules", ".bin", "tsc");
    const result = await runCommand(tsc, ["--noEmit", "-p", "."], {
      cwd: opened.programDir,
      env: process.env,
    });
    expect(result.code, transcriptOf(result)).toBe(0);
  });

  it("adopts everything with one masked update per annotated object and per client secret, nothing else", async () => {
    await clearRequests(emulator);
    // Skipping the preview and the checkpoints only keeps the run short: the same writes are sent.
    opened.stack.env.PULUMI_SKIP_CHECKPOINTS = "true";
    const up = await opened.stack.up();
    delete opened.stack.env.PULUMI_SKIP_CHECKPOINTS;
    expect(up.code, transcriptOf(up)).toBe(0);
    const writes = (await loggedCalls(emulator)).filter(isWrite);
    const masks = writes.map((call) => (call.body as { updateMask?: string }).updateMask);
    expect(writes.every((call) => call.method === "POST" && call.status === 200)).toBe(true);
    const stamped = writes.filter((_, index) => masks[index] === "annotations");
    expect(stamped).toHaveLength(annotatedDeclarations(files));
    expect(new Set(stamped.map((call) => call.path)).size).toBe(stamped.length);
    for (const call of stamped) {
      const entity = Object.values(call.body as Record<string, unknown>).find(
        (value) => typeof value === "object" && value !== null,
      ) as { annotations: Record<string, string> };
      expect(entity.annotations).toMatchObject({ managed_by: "pulumi" });
      expect(entity.annotations.iac_workspace).toMatch(/\/idgov-tenant\/e2e$/);
    }
    const secrets = writes.filter((_, index) => /^\w+\.oidcClientSecret$/.test(masks[index] ?? ""));
    expect(secrets).toHaveLength(secretKeys(files["README.md"]!).length);
    expect(stamped.length + secrets.length).toBe(writes.length);
    console.log(
      `[export] pulumi up of the exported program: ${stamped.length} annotation writes, ` +
        `${secrets.length} client-secret writes, ${writes.length} writes in all`,
    );
  });

  it("finds no drift right after: pulumi preview --refresh --expect-no-changes exits 0", async () => {
    const drift = await opened.stack.driftCheck();
    expect(drift.code, transcriptOf(drift)).toBe(0);
  });

  it("refuses pulumi destroy, deleting nothing: every adopted object is protected", async () => {
    await clearRequests(emulator);
    const destroy = await opened.stack.destroy();
    expect(destroy.code, transcriptOf(destroy)).not.toBe(0);
    expect(`${destroy.stdout}${destroy.stderr}`).toMatch(/protected/);
    const deletes = (await loggedCalls(emulator)).filter((call) => call.method === "DELETE");
    expect(deletes).toEqual([]);
  });
});
