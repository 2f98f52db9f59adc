import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { useEmulator } from "../support/emulatorSuite";
import { type CommandResult, expectSuccess, runCommand } from "../../testkit/command";
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

  it("ranks flags over stack config over IDGOV_* when they conflict", async () => {
    await stackConfig(
      { "idgov:baseUrl": wrong.url },
      { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
    );
    const env = {
      IDGOV_BASE_URL: wrong.url,
      IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
      IDGOV_CLIENT_SECRET: WRONG_SECRET,
    };
    const result = await run(command, ["--base-url", right.url], env);
    await expectRightTenant(result);
    expect(result.stderr).not.toContain(WRONG_SECRET);
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
