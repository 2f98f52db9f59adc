import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { runCommand } from "../../../testkit/command";
import { outOfBand } from "../../../testkit/emulatorApi";
import { type HeldSpec, type StackName, stackExportText } from "../../../testkit/stackExport";
import { TenantSeeder } from "../../../testkit/tenantSeeder";

/** The `pulumi-idgov` bin as `npm run build` writes it (`npm test` builds first). */
const BIN = path.resolve(__dirname, "../../../dist/provider/cli/main.js");
const TEAM_A: StackName = { org: "acme", project: "idp", stack: "team-a" };

let emulator: RunningEmulator;
let workDir: string;
let appId: string;

function run(args: string[], env: Record<string, string> = {}) {
  const { IDGOV_BASE_URL: _url, ...inherited } = process.env;
  return runCommand(process.execPath, [BIN, "audit", ...args], {
    cwd: workDir,
    env: {
      ...inherited,
      IDGOV_BASE_URL: emulator.url,
      IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
      IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
      IDGOV_MAX_RETRIES: "0",
      ...env,
    },
  });
}

async function setDescription(text: string): Promise<void> {
  await outOfBand(emulator, "POST", `/api/v1/apps/${appId}`, {
    app: { description: text },
    updateMask: "description",
  });
}

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true, seed: false });
  workDir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-audit-cli-"));
  const seed = new TenantSeeder(emulator);
  const payroll = await seed.createHeld(TEAM_A, "App", "payroll", {
    displayName: "Payroll",
    description: "By code",
  });
  appId = payroll.live.id;
  const settings: HeldSpec[] = [];
  for (const [kind, id] of [
    ["SsoSettings", "sso"],
    ["XaaSettings", "cross-app-access"],
    ["SessionSettings", "session"],
  ] as const) {
    settings.push({ kind, name: id, inputs: {}, live: await seed.read(kind, id) });
  }
  await writeFile(path.join(workDir, "team-a.json"), stackExportText(TEAM_A, [payroll, ...settings]));
  // A `pulumi` on PATH that prints the state of the stack it is asked to export, as the real CLI does.
  const bin = path.join(workDir, "bin");
  await mkdir(bin);
  await writeFile(
    path.join(bin, "pulumi"),
    `#!/bin/sh\n[ "$1 $2 $3" = "stack export --stack" ] || exit 9\ncat "$PWD/$4.json" || exit 1\n`,
  );
  await chmod(path.join(bin, "pulumi"), 0o755);
}, 60_000);
afterAll(async () => {
  await emulator?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe("pulumi-idgov audit: exit codes, formats and errors", { timeout: 60_000 }, () => {
  it("exits 0 when every object is managed and in sync, with the JSON of every object", async () => {
    const result = await run(["--stack-state", "team-a.json", "--format", "json"]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      version: number;
      objects: { class: string }[];
      summary: unknown;
    };
    expect(report.version).toBe(1);
    expect(report.objects.map((object) => object.class)).toEqual([
      "managed",
      "managed",
      "managed",
      "managed",
    ]);
    expect(result.stderr).toContain("audit: App: 1 read");
  });

  it("exits 2 on drift, 6 on drift and an unmanaged object, 4 on the unmanaged object alone", async () => {
    await setDescription("By hand");
    const drift = await run(["--stack-state", "team-a.json"]);
    expect(drift.code, drift.stderr).toBe(2);
    expect(drift.stdout).toMatch(
      new RegExp(`^drifted +App +${appId} +Payroll +acme/idp/team-a +drift: description$`, "m"),
    );
    const made = await outOfBand(emulator, "POST", "/api/v1/apps", { displayName: "Console app" });
    const both = await run(["--stack-state", "team-a.json", "--format", "markdown"]);
    expect(both.code, both.stderr).toBe(6);
    expect(both.stdout).toContain(
      `| unmanaged | App | ${(made.app as { id: string }).id} | Console app |  |  |`,
    );
    await setDescription("By code");
    const findings = await run(["--stack-state", "team-a.json"]);
    expect(findings.code, findings.stderr).toBe(4);
    await writeFile(path.join(workDir, "ignore"), "App:name=console*\n");
    const ignored = await run(["--stack-state", "team-a.json", "--ignore-file", "ignore"]);
    expect([ignored.code, ignored.stdout]).toEqual([0, expect.stringContaining("1 ignored")]);
  });

  it("reads a stack's state through the pulumi on PATH with --stack", async () => {
    const result = await run(["--stack", "team-a", "--ignore-file", "ignore", "--format", "json"], {
      PATH: `${path.join(workDir, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      "audit: pulumi stack export --stack team-a: acme/idp/team-a, 4 resources",
    );
  });

  it.each([
    [["--format", "xml"], '--format: "xml" is not one of table, json, markdown'],
    [["--client-secret", "s3cr3t-value"], "--client-secret: never put a secret on the command line"],
    [["--stack-state", "missing.json"], "--stack-state missing.json: ENOENT"],
    [
      ["--stack-state", "team-a.json", "--ignore-file", "team-a.json"],
      'team-a.json:1: "{" is not <Kind>:<pattern>',
    ],
  ])("exits 1 on %j: %s", async (args, message) => {
    const result = await run(args);
    expect([result.code, result.stderr]).toEqual([1, expect.stringContaining(message)]);
    expect(result.stdout + result.stderr).not.toContain("s3cr3t-value");
  });

  it("exits 1 when the tenant cannot be read, naming the operation, never the secret", async () => {
    const result = await run(["--stack-state", "team-a.json"], { IDGOV_CLIENT_SECRET: "wrong-secret-value" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/pulumi-idgov audit: failed, nothing audited: .*audit: read \w+/);
    expect(result.stdout + result.stderr).not.toContain("wrong-secret-value");
  });

  it("documents the classes, the exit codes and the JSON shape in --help", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    for (const text of [
      "double-claimed",
      "Exit codes",
      "6 both",
      "version: 1",
      "--ignore-file",
      "--stack NAME",
    ]) {
      expect(help.stdout).toContain(text);
    }
  });
});
