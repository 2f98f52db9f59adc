import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { useEmulator } from "../support/emulatorSuite";
import { type CommandResult, expectSuccess, runCommand, transcriptOf } from "../../testkit/command";
import { installPackage } from "../../testkit/example";
import { REPO_ROOT } from "../../testkit/pulumiCli";
import { openScratchStack, type ScratchStack } from "./harness/scratchProject";

/**
 * Every `pulumi-idgov` command reads its settings in one order: flags, then stack config (the current stack's,
 * secrets decrypted), then `IDGOV_*` variables. Two emulators: the settings under test name `right`; a setting that
 * loses names `wrong`, which must then see no request at all.
 */

const BIN = path.join(REPO_ROOT, "dist/provider/cli/main.js");
const PLAN = path.join(REPO_ROOT, "test/provider/cli/previews/finished.json");
const WRONG_SECRET = "not-the-emulator-secret-51ab";
const right = useEmulator();
const wrong = useEmulator();

let scratch: ScratchStack;
let work: string;
let planFile: string;

/** The command line of each command, reading the tenant (export writes one kind, impact a plan without config). */
const COMMANDS = {
  export: () => [
    "export",
    "--out",
    path.join(work, `out-${Math.random().toString(36).slice(2)}`),
    "--kinds",
    "App",
  ],
  audit: () => ["audit", "--format", "json"],
  impact: () => ["impact", "--preview", planFile, "--format", "json"],
} as const;
type CommandName = keyof typeof COMMANDS;

/** The exit codes of a run that read the tenant: audit's finding bits (unmanaged objects) included. */
const READ_TENANT = new Set([0, 2, 4, 6]);

/** `pulumi config set-all` on the scratch stack, after removing every `idgov:*` key it holds. */
async function stackConfig(
  values: Record<string, string>,
  secrets: Record<string, string> = {},
): Promise<void> {
  const held = JSON.parse(
    expectSuccess(await scratch.stack.runOnStack(["config", "--json"])).stdout,
  ) as object;
  const idgovKeys = Object.keys(held).filter((name) => name.startsWith("idgov:"));
  if (idgovKeys.length > 0) expectSuccess(await scratch.stack.runOnStack(["config", "rm-all", ...idgovKeys]));
  await scratch.stack.setAllConfig(values, secrets);
}

/** Runs a command in `cwd` (the scratch project: its stack is the current one) with `env` over Pulumi's sandbox. */
function run(command: CommandName, flags: string[], env: Record<string, string>, cwd = scratch.projectDir) {
  return runCommand(process.execPath, [BIN, ...COMMANDS[command](), ...flags], {
    cwd,
    env: { ...scratch.stack.env, ...env },
  });
}

async function apiCalls(suite: typeof right): Promise<number> {
  return (await suite.requests()).filter((request) => request.path.startsWith("/api/")).length;
}

/** The run read the right tenant, and the wrong one was never asked. */
async function expectRightTenant(result: CommandResult): Promise<void> {
  expect(READ_TENANT.has(result.code), `${result.command}\n${result.stderr}`).toBe(true);
  expect(await apiCalls(right)).toBeGreaterThan(0);
  expect(await apiCalls(wrong)).toBe(0);
}

beforeAll(async () => {
  scratch = await openScratchStack({
    binDir: inject("pulumiBinDir"),
    files: { "Pulumi.yaml": "name: idgov-settings\nruntime: yaml\n" },
  });
  work = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-settings-"));
  const plan = JSON.parse(await readFile(PLAN, "utf8")) as { config?: unknown };
  planFile = path.join(work, "plan.json");
  await writeFile(planFile, JSON.stringify({ ...plan, config: {} }));
}, 120_000);
afterAll(async () => {
  await scratch?.remove();
  await rm(work, { recursive: true, force: true });
});

describe.each(Object.keys(COMMANDS) as CommandName[])("pulumi-idgov %s", { timeout: 120_000 }, (command) => {
  it("reads settings set only in the current stack's config, its secret decrypted", async () => {
    await stackConfig(
      { "idgov:baseUrl": right.url, "idgov:clientId": DEFAULT_CREDENTIALS.clientId },
      { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
    );
    await expectRightTenant(await run(command, [], {}));
  });

  it("reads settings set only in IDGOV_* variables", async () => {
    await stackConfig({});
    const env = {
      IDGOV_BASE_URL: right.url,
      IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
      IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
    };
    await expectRightTenant(await run(command, [], env));
  });

  it("reads settings given only as flags (the secret in its variable), outside any Pulumi project", async () => {
    const flags = ["--base-url", right.url, "--client-id", DEFAULT_CREDENTIALS.clientId];
    const env = { IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret };
    await expectRightTenant(await run(command, flags, env, work));
  });

  it("ranks flags over stack config over IDGOV_*, each secret with the address it came with", async () => {
    await stackConfig(
      { "idgov:baseUrl": right.url, "idgov:maxRetries": "abc" },
      { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
    );
    const env = {
      IDGOV_BASE_URL: wrong.url,
      IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
      IDGOV_CLIENT_SECRET: WRONG_SECRET,
    };
    const result = await run(command, ["--max-retries", "2"], env);
    await expectRightTenant(result);
    expect(result.stderr).not.toContain(WRONG_SECRET);
  });

  it("refuses a flag naming another tenant than the one the secret came with, naming both, asking neither", async () => {
    await stackConfig(
      { "idgov:baseUrl": right.url, "idgov:clientId": DEFAULT_CREDENTIALS.clientId },
      { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
    );
    const result = await run(command, ["--base-url", wrong.url], {});
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      `idgov:clientSecret comes from the config of stack "${scratch.stack.name}" with the tenant ${right.url}`,
    );
    expect(result.stderr).toContain(`but ${wrong.url} (--base-url) would receive it`);
    expect(result.stderr).not.toContain(DEFAULT_CREDENTIALS.clientSecret);
    expect([(await right.requests()).length, (await wrong.requests()).length]).toEqual([0, 0]);
  });

  it("names a missing setting and every place it could be set, and which stack config it read", async () => {
    await stackConfig({ "idgov:clientId": DEFAULT_CREDENTIALS.clientId });
    const result = await run(command, [], { IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("idgov:baseUrl is not set");
    expect(result.stderr).toContain("IDGOV_BASE_URL");
    expect(result.stderr).toContain("--base-url");
    expect(result.stderr).toContain(`the config of stack "${scratch.stack.name}"`);
    expect(result.stderr).not.toContain(DEFAULT_CREDENTIALS.clientSecret);
    expect(await apiCalls(right)).toBe(0);
  });

  it("says a stack secret it cannot decrypt is set, without echoing it", async () => {
    await stackConfig(
      { "idgov:baseUrl": right.url, "idgov:clientId": DEFAULT_CREDENTIALS.clientId },
      { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
    );
    const result = await run(command, [], { PULUMI_CONFIG_PASSPHRASE: "not-the-passphrase" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/holds idgov:clientSecret as a secret that could not be decrypted/);
    expect(result.stderr).toContain("IDGOV_CLIENT_SECRET");
    expect(result.stderr).not.toContain(DEFAULT_CREDENTIALS.clientSecret);
    expect(await apiCalls(right)).toBe(0);
  });
});

/**
 * A plan names the tenant it was made for (`idgov:baseUrl` in its config); the secret comes from the current stack.
 * A plan made for another tenant is refused before any request, through the npm command and through the packed plugin
 * as a project without npm runs it (`pulumi plugin run --kind resource idgov -- impact`).
 */
describe("pulumi-idgov impact of a plan made for another tenant", { timeout: 180_000 }, () => {
  let pluginPath = "";
  let otherTenantPlan = "";

  beforeAll(async () => {
    const installDir = path.join(work, "installed");
    await installPackage(installDir, inject("packageTarball"));
    pluginPath = [path.join(installDir, "node_modules", ".bin"), scratch.stack.env.PATH].join(path.delimiter);
    const plan = JSON.parse(await readFile(PLAN, "utf8")) as object;
    otherTenantPlan = path.join(work, "other-tenant-plan.json");
    await writeFile(otherTenantPlan, JSON.stringify({ ...plan, config: { "idgov:baseUrl": wrong.url } }));
  }, 180_000);

  /** `pulumi plugin run` of the installed plugin, by name, in the scratch project (its stack is the current one). */
  function pluginRun(args: string[]) {
    const pulumi = path.join(inject("pulumiBinDir"), "pulumi");
    const env = { ...scratch.stack.env, PATH: pluginPath };
    return runCommand(pulumi, ["plugin", "run", "--kind", "resource", "idgov", "--", ...args], {
      cwd: scratch.projectDir,
      env,
      timeoutMs: 120_000,
    });
  }

  async function expectRefusedAskingNeither(result: CommandResult): Promise<void> {
    expect(result.code, transcriptOf(result)).toBe(1);
    expect(result.stderr).toContain(
      `idgov:clientSecret comes from the config of stack "${scratch.stack.name}" with the tenant ${right.url}`,
    );
    expect(result.stderr).toContain(`but ${wrong.url} (the plan's stack config) would receive it`);
    expect(result.stderr).not.toContain(DEFAULT_CREDENTIALS.clientSecret);
    expect([(await right.requests()).length, (await wrong.requests()).length]).toEqual([0, 0]);
  }

  it("is refused, naming both addresses, by the command and by the packed plugin; neither tenant is asked", async () => {
    await stackConfig(
      { "idgov:baseUrl": right.url, "idgov:clientId": DEFAULT_CREDENTIALS.clientId },
      { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
    );
    const args = ["impact", "--preview", otherTenantPlan, "--format", "json"];
    await expectRefusedAskingNeither(
      await runCommand(process.execPath, [BIN, ...args], { cwd: scratch.projectDir, env: scratch.stack.env }),
    );
    await expectRefusedAskingNeither(await pluginRun(args));
    // The same plan made for this stack's tenant is read from it.
    const ownPlan = path.join(work, "own-tenant-plan.json");
    const plan = JSON.parse(await readFile(otherTenantPlan, "utf8")) as object;
    await writeFile(ownPlan, JSON.stringify({ ...plan, config: { "idgov:baseUrl": right.url } }));
    const judged = await pluginRun(["impact", "--preview", ownPlan, "--format", "json"]);
    expect(judged.code, transcriptOf(judged)).toBe(0);
    expect(await apiCalls(right)).toBeGreaterThan(0);
    expect((await wrong.requests()).length).toBe(0);
  });

  it("through `pulumi plugin run`, which passes no standard input on, fails at once naming the --preview FILE form", async () => {
    // runCommand gives the CLI an empty standard input; the CLI never ends the plugin's.
    const result = await pluginRun(["impact", "--format", "json"]);
    expect(result.code, transcriptOf(result)).toBe(1);
    expect(result.stderr).toContain(
      "pulumi preview --json > plan.json && pulumi plugin run --kind resource idgov -- impact --preview plan.json",
    );
    expect(result.stdout).toBe("");
  });
});
