import { mkdtemp, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { apiRequests, clearRequests, stackConfig, isWrite } from "../../testkit/emulatorApi";
import { type CommandResult, expectSuccess, runCommand, transcriptOf } from "../../testkit/command";
import {
  installForPolicy,
  openPolicyProject,
  type PolicyInstall,
  writePolicyConfig,
} from "./harness/policyInstall";
import type { ScratchStack } from "./harness/scratchProject";
import {
  COMPLIANT_YAML,
  DYNAMIC_PROGRAM,
  DYNAMIC_PROJECT,
  DYNAMIC_TSCONFIG,
  VIOLATING_YAML,
} from "./policyPrograms";

const RULES = [
  "idgov-app-owners",
  "idgov-app-approval",
  "idgov-catalog-visibility",
  "idgov-session-length",
  "idgov-sso-enforced",
  "idgov-required-annotations",
  "idgov-secrets-from-config",
];

/** A line the pack writes: a rule's name. */
const POLICY_MESSAGE = /idgov-(app|catalog|session|sso|required|secrets|automation)-/;

let emulator: RunningEmulator;
let install: PolicyInstall;
let yamlProject: ScratchStack;
let tsProject: ScratchStack;
const configs: Record<string, string> = {};

/** The writes (anything but GET) the emulator received since the log was cleared. */
async function writes(): Promise<string[]> {
  return (await apiRequests(emulator)).filter(isWrite).map((r) => `${r.method} ${r.path}`);
}

/** Runs `pulumi <command>` of a project with the pack and a config file. */
async function withPack(
  project: ScratchStack,
  command: "preview" | "up",
  config: string,
): Promise<CommandResult> {
  await clearRequests(emulator);
  const flags = ["--policy-pack", install.packDir, "--policy-pack-config", configs[config]!];
  return project.stack.runOnStack(command === "up" ? ["up", "--yes", ...flags] : ["preview", ...flags]);
}

async function configure(project: ScratchStack): Promise<void> {
  const { "idgov:clientSecret": clientSecret, ...plain } = stackConfig(emulator);
  await project.stack.setAllConfig(plain, { "idgov:clientSecret": clientSecret! });
}

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  install = await installForPolicy(inject("packageTarball"));
  const binDir = inject("pulumiBinDir");
  yamlProject = await openPolicyProject(install, binDir, { "Pulumi.yaml": VIOLATING_YAML });
  await configure(yamlProject);
  await yamlProject.stack.setConfig("idpSecret", "client-secret-from-config", { secret: true });
  tsProject = await openPolicyProject(install, binDir, {
    "Pulumi.yaml": DYNAMIC_PROJECT,
    "index.ts": DYNAMIC_PROGRAM,
    "tsconfig.json": DYNAMIC_TSCONFIG,
    "package.json": '{ "private": true, "main": "index.ts" }\n',
  });
  await configure(tsProject);
  const keys = { keys: ["team"] };
  configs.advisory = await writePolicyConfig(yamlProject, "advisory", { "idgov-required-annotations": keys });
  configs.mandatory = await writePolicyConfig(
    yamlProject,
    "mandatory",
    Object.fromEntries(
      RULES.map((rule) => [
        rule,
        { enforcementLevel: "mandatory", ...(rule.endsWith("annotations") ? keys : {}) },
      ]),
    ),
  );
  configs.all = await writePolicyConfig(yamlProject, "all", {
    all: "mandatory",
    "idgov-required-annotations": keys,
    "idgov-catalog-visibility": { publicCatalogs: ["Engineering starter kit"] },
  });
}, 600_000);

afterAll(async () => {
  await yamlProject?.remove();
  await tsProject?.remove();
  await emulator?.close();
});

describe("the policy pack from a packed install, on a YAML program (native types)", () => {
  it("advisory violations print, naming resource, property, rule and remedy, and the preview passes", async () => {
    const preview = await withPack(yamlProject, "preview", "advisory");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    for (const rule of RULES) expect(preview.stdout, rule).toContain(rule);
    expect(preview.stdout).toContain('App "bare": owners has 0 owners');
    expect(preview.stdout).toContain('RequestCatalog "everyone": visibleToEveryone is true');
    expect(preview.stdout).toContain(
      'SessionSettings "session": maxSessionLength is "86400s", longer than the 12h',
    );
    expect(preview.stdout).toContain('SsoSettings "sso": enabled is false');
    expect(preview.stdout).toContain('AuthConfig "idp": providerClient.oidcClientSecret is a literal');
    expect(preview.stdout).toContain('App "bare": annotations.team is missing');
    expect(preview.stdout).not.toContain("literal-client-secret");
    expect(await writes()).toEqual([]);
  });

  it("mandatory violations fail preview and up before any write", async () => {
    const preview = await withPack(yamlProject, "preview", "mandatory");
    expect(preview.code, transcriptOf(preview)).not.toBe(0);
    expect(preview.stdout).toMatch(/mandatory.*idgov-app-owners/);
    const up = await withPack(yamlProject, "up", "mandatory");
    expect(up.code, transcriptOf(up)).not.toBe(0);
    expect(await writes()).toEqual([]);
  });

  it('"all": "mandatory" makes every rule mandatory', async () => {
    const up = await withPack(yamlProject, "up", "all");
    expect(up.code, transcriptOf(up)).not.toBe(0);
    expect(up.stdout).toMatch(/mandatory.*idgov-sso-enforced/);
    expect(await writes()).toEqual([]);
  });

  it("a compliant program passes with no message from the pack", async () => {
    await writeFile(path.join(yamlProject.projectDir, "Pulumi.yaml"), COMPLIANT_YAML);
    const preview = await withPack(yamlProject, "preview", "all");
    expect(preview.code, transcriptOf(preview)).toBe(0);
    expect(preview.stdout).not.toMatch(POLICY_MESSAGE);
  });
});

describe("the policy pack on a TypeScript program of the dynamic classes", () => {
  it("judges the classes' resources and leaves another dynamic provider's alone", async () => {
    await tsProject.stack.setConfig("violate", "true");
    const up = await withPack(tsProject, "up", "all");
    expect(up.code, transcriptOf(up)).not.toBe(0);
    expect(up.stdout).toContain('App "unowned": owners has 0 owners');
    const policies = up.stdout.slice(up.stdout.indexOf("Policies:"), up.stdout.indexOf("Diagnostics:"));
    expect(policies).toContain("(pulumi-nodejs:dynamic/idgov:App: unowned)");
    expect(policies).not.toContain(": owned)");
    expect(policies).toContain(
      'App "pending": grantPolicyId is not known during preview (another resource\'s output), so idgov-app-approval cannot judge it.',
    );
    expect(policies).not.toContain("lookalike");
    expect(await writes()).toEqual([]);
  });

  it("a compliant program passes with no message and is created", async () => {
    await tsProject.stack.setConfig("violate", "false");
    const up = await withPack(tsProject, "up", "all");
    expect(up.code, transcriptOf(up)).toBe(0);
    expect(up.stdout).not.toMatch(POLICY_MESSAGE);
    expect((await writes()).length).toBeGreaterThan(0);
  });
});

describe("pulumi-idgov/kinds from the packed install", () => {
  it("require()s, with each kind's facts and the duration reader", async () => {
    const script =
      'const k = require("pulumi-idgov/kinds"); console.log(JSON.stringify([k.KIND_FACTS.App.typeToken, ' +
      'k.kindOfType("pulumi-nodejs:dynamic/idgov:SessionSettings").durationFields, k.parseDuration("12h")]))';
    const result = expectSuccess(
      await runCommand(process.execPath, ["-e", script], { cwd: install.root, env: process.env }),
    );
    expect(JSON.parse(result.stdout)).toEqual(["idgov:index:App", ["maxSessionLength"], 43200]);
  });

  it.each(["node10", "node16"])("type-checks under moduleResolution %s", async (resolution) => {
    const dir = await mkdtemp(path.join(install.root, "types-"));
    await writeFile(
      path.join(dir, "check.ts"),
      'import { KIND_FACTS, type KindFacts } from "pulumi-idgov/kinds";\n' +
        "const facts: KindFacts = KIND_FACTS.AuthConfig;\n" +
        "export const secrets: readonly string[] = facts.secretFields;\n",
    );
    const tsc = path.join(install.root, "node_modules", "typescript", "bin", "tsc");
    const module = resolution === "node16" ? "node16" : "commonjs";
    const args = [tsc, "--noEmit", "--strict", "--skipLibCheck", "--types", "node", "--module", module];
    const result = await runCommand(
      process.execPath,
      [...args, "--moduleResolution", resolution, "check.ts"],
      {
        cwd: dir,
        env: process.env,
      },
    );
    expect(result.code, transcriptOf(result)).toBe(0);
  });
});
