import { cp, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { outOfBand } from "../../../testkit/emulatorApi";
import { type CommandResult, expectSuccess, runCommand, transcriptOf } from "../../../testkit/command";
import { exampleSource, installPackage, TEST_PASSPHRASE } from "../../../testkit/example";
import { PulumiStack } from "../../../testkit/pulumiStack";
import { packageVersion } from "../../../provider/version";

/** The Python checker the examples' READMEs name; pinned so a new release cannot fail CI by itself. */
export const MYPY = "mypy==2.4.1";

/** Where an example's program and the user's tools sit in a test. */
export interface SdkExampleDirs {
  programDir: string;
  /** The stack's environment (PATH with the CLI and the plugin), for commands the user runs beside pulumi. */
  env: NodeJS.ProcessEnv;
}

/** The automation every SDK example manages beside its app (stack output `welcomeId`), tied to the app. */
const WELCOME = { name: "portal-welcome", type: "idgov:index:Automation" };

/** The component every SDK example builds beside its app (stack outputs `payrollAppId`, `payrollCatalogId`). */
const PAYROLL = { type: "idgov:index:GovernedApp" };

/** The second component the TypeScript, Python and Go examples build (stack output `sessionLength`). */
const BASELINE = { type: "idgov:index:TenantBaseline", name: "baseline" };

/** The tenant's session settings as the service answers them, without the time of their last write. */
async function liveSession(emulator: RunningEmulator): Promise<Record<string, unknown>> {
  const { updatedAt: _updated, ...values } = (await outOfBand(emulator, "GET", "/api/v1/settings/session"))
    .sessionSettings as Record<string, unknown>;
  return values;
}

/** The ownership stamps of an object a resource of this stack manages (design §6). */
function stampsOf(project: string, type: string, name: string): Record<string, string> {
  return {
    managed_by: "pulumi",
    iac_workspace: `organization/${project}/e2e`,
    iac_resource_address: `urn:pulumi:e2e::${project}::${type}::${name}`,
    iac_tool_version: `pulumi-idgov/${packageVersion()}`,
  };
}

/** What a language's own tests of an example get, once the example's beforeAll has run. */
export interface SdkExampleContext {
  readonly dirs: SdkExampleDirs;
  readonly stack: PulumiStack;
  readonly emulator: RunningEmulator;
}

/** One example of a generated SDK: how its user installs it, and the resource it manages. */
export interface SdkExampleSpec {
  /** Folder under `examples/`. */
  example: string;
  /** Installs the program's dependencies (the SDK among them) and checks it, as its user would. */
  install(dirs: SdkExampleDirs): Promise<void>;
  /** The app's display name in the program; its automation's is `Welcome to the portal (<language>)`. */
  displayName: string;
  /** Checks the examples of the schema reference pages in this language with the installed SDK: how many. */
  checkReferenceExamples?(dirs: SdkExampleDirs): Promise<number>;
  /** Registers more tests of the language, run after destroy on the same stack and installed SDK. */
  moreTests?(context: () => SdkExampleContext): void;
  /** Makes the installed SDK claim `version` (as a newer release of it would), for the version check. */
  claimSdkVersion?(programDir: string, version: string): Promise<void>;
}

/** Runs a command that must succeed; answers its standard output. */
export async function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return expectSuccess(await runCommand(file, args, { cwd, env, timeoutMs: 300_000 })).stdout;
}

/** Build outputs and installed dependencies a user's copy has that the example does not ship. */
function isLocalArtifact(file: string): boolean {
  return ["node_modules", "venv", "package-lock.json", "go.sum"].includes(path.basename(file));
}

/**
 * Installs `pulumi-idgov` from the packed tarball into a prefix of its own, as `npm install -g pulumi-idgov` would:
 * its bin (pulumi-resource-idgov among them) is what goes on PATH.
 */
async function installPlugin(prefix: string): Promise<string> {
  await installPackage(prefix, inject("packageTarball"));
  return path.join(prefix, "node_modules", ".bin");
}

/**
 * The life of an example program written against a generated SDK, run by the real Pulumi CLI against a fresh
 * emulator: up creates the app, a change behind Pulumi's back fails the drift check, up repairs it, destroy
 * deletes it. The engine finds pulumi-resource-idgov on PATH, where the user's npm install put it.
 */
export function describeSdkExample(title: string, spec: SdkExampleSpec): void {
  describe(title, () => {
    let emulator: RunningEmulator;
    let root: string;
    let stack: PulumiStack;
    let appId = "";
    let welcomeId = "";
    let payrollAppId = "";
    let payrollCatalogId = "";
    let project = "";
    let dirs: SdkExampleDirs | undefined;
    let sessionBefore: Record<string, unknown> = {};
    const liveApp = async () =>
      (await outOfBand(emulator, "GET", `/api/v1/apps/${appId}`)).app as Record<string, unknown>;
    const livePayroll = async () =>
      (await outOfBand(emulator, "GET", `/api/v1/apps/${payrollAppId}`)).app as Record<string, unknown>;
    const liveWelcome = async () =>
      (await outOfBand(emulator, "GET", `/api/v1/automations/${welcomeId}`)).automation as Record<string, unknown>;
    const expectCode = (result: CommandResult, code: number) => expect(result.code, transcriptOf(result)).toBe(code);

    beforeAll(async () => {
      emulator = await startEmulator({ quiet: true });
      root = await mkdtemp(path.join(tmpdir(), `pulumi-idgov-e2e-${spec.example}-`));
      const programDir = path.join(root, "program");
      const source = exampleSource(spec.example);
      await cp(source, programDir, { recursive: true, filter: (file) => !isLocalArtifact(file) });
      project = /^name:\s*(\S+)/m.exec(await readFile(path.join(programDir, "Pulumi.yaml"), "utf8"))?.[1] ?? "";
      const stateDir = path.join(root, "state");
      await mkdir(stateDir, { recursive: true });
      const pluginBin = await installPlugin(path.join(root, "tools"));
      const sandbox = {
        binDir: inject("pulumiBinDir"),
        stateDir,
        homeDir: path.join(root, "home"),
        passphrase: TEST_PASSPHRASE,
      };
      stack = new PulumiStack({ sandbox, projectDir: programDir, stack: "e2e" });
      stack.env.PATH = [pluginBin, stack.env.PATH].join(path.delimiter);
      dirs = { programDir, env: stack.env };
      await spec.install(dirs);
      await stack.init();
      await stack.setConfig("idgov:baseUrl", emulator.url);
      await stack.setConfig("idgov:clientId", DEFAULT_CREDENTIALS.clientId);
      await stack.setConfig("idgov:clientSecret", DEFAULT_CREDENTIALS.clientSecret, { secret: true });
      sessionBefore = await liveSession(emulator);
    });
    afterAll(async () => {
      if (root) await rm(root, { recursive: true, force: true });
      await emulator?.close();
    });

    it("up creates the app and its automation, each stamped as this stack's; the drift check then passes", async () => {
      expectCode(await stack.up(), 0);
      const outputs = await stack.outputs();
      appId = String(outputs.portalId);
      welcomeId = String(outputs.welcomeId);
      expect(await liveApp()).toMatchObject({ displayName: spec.displayName, annotations: { team: "iam" } });
      expect((await liveApp()).annotations).toEqual({ team: "iam", ...stampsOf(project, "idgov:index:App", "portal") });
      const language = /\((.*)\)$/.exec(spec.displayName)?.[1];
      expect(await liveWelcome()).toMatchObject({
        displayName: `Welcome to the portal (${language})`,
        appId,
        enabled: true,
      });
      expect((await liveWelcome()).annotations).toEqual({
        team: "iam",
        ...stampsOf(project, WELCOME.type, WELCOME.name),
      });
      expectCode(await stack.driftCheck(), 0);
    });

    it("the GovernedApp is built by the plugin: its App and private catalog are ordinary resources parented to it", async () => {
      const outputs = await stack.outputs();
      payrollAppId = String(outputs.payrollAppId);
      payrollCatalogId = String(outputs.payrollCatalogId);
      const language = /\((.*)\)$/.exec(spec.displayName)?.[1];
      const component = `urn:pulumi:e2e::${project}::${PAYROLL.type}::payroll`;
      expect(await livePayroll()).toMatchObject({
        displayName: `Payroll (${language})`,
        grantPolicyId: "policy-manager-approval",
        revokePolicyId: "policy-auto-revoke",
        defaultRequestCatalogId: payrollCatalogId,
        annotations: {
          team: "finance",
          ...stampsOf(project, `${PAYROLL.type}$idgov:index:App`, "payroll-app"),
        },
      });
      const catalog = (await outOfBand(emulator, "GET", `/api/v1/catalogs/${payrollCatalogId}`))
        .requestCatalogView as { requestCatalog: Record<string, unknown> };
      expect(catalog.requestCatalog).toMatchObject({ visibleToEveryone: false, published: true });
      const state = JSON.parse(await stack.exportState()) as {
        deployment: { resources: { type: string; parent?: string }[] };
      };
      expect(
        state.deployment.resources.filter((resource) => resource.parent === component).map((resource) => resource.type),
      ).toEqual(["idgov:index:RequestCatalog", "idgov:index:App"]);
    });

    it("the TenantBaseline is built by the plugin: the three settings, parented to it, to the standard", async () => {
      const component = `urn:pulumi:e2e::${project}::${BASELINE.type}::${BASELINE.name}`;
      const state = JSON.parse(await stack.exportState()) as {
        deployment: { resources: { type: string; parent?: string }[] };
      };
      expect(
        state.deployment.resources.filter((resource) => resource.parent === component).map((resource) => resource.type),
      ).toEqual(["idgov:index:SessionSettings", "idgov:index:SsoSettings", "idgov:index:XaaSettings"]);
      const adminOnly = { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8:20::/48"] };
      expect(await liveSession(emulator)).toMatchObject({
        maxSessionLength: "28800s",
        ssoAdminSource: adminOnly,
        pccAdminSource: adminOnly,
      });
      expect((await stack.outputs()).sessionLength).toBe("28800s");
    });

    it("a change behind Pulumi's back fails the drift check naming the field; up repairs it", async () => {
      for (const id of [appId, payrollAppId]) {
        await outOfBand(emulator, "POST", `/api/v1/apps/${id}`, {
          app: { displayName: "Renamed by hand" },
          updateMask: "displayName",
        });
      }
      const drift = await stack.driftCheck();
      expect(drift.code, transcriptOf(drift)).not.toBe(0);
      expect(drift.stdout).toMatch(/idgov:index:App portal update \[diff: ~displayName\]/);
      expect(drift.stdout).toMatch(/idgov:index:App payroll-app update \[diff: ~displayName\]/);
      expectCode(await stack.up("--refresh"), 0);
      expect(await liveApp()).toMatchObject({ displayName: spec.displayName });
      expect((await livePayroll()).displayName).toMatch(/^Payroll \(/);
      expectCode(await stack.driftCheck(), 0);
    });

    it("destroy deletes the app, its automation and the GovernedApp's children, and puts the session settings back", async () => {
      expectCode(await stack.destroy(), 0);
      expect(await liveSession(emulator)).toEqual(sessionBefore);
      await expect(liveApp()).rejects.toThrow(/404/);
      await expect(livePayroll()).rejects.toThrow(/404/);
      await expect(outOfBand(emulator, "GET", `/api/v1/catalogs/${payrollCatalogId}`)).rejects.toThrow(/404/);
      await expect(liveWelcome()).rejects.toThrow(/404/);
    });

    const checkReference = spec.checkReferenceExamples;
    if (checkReference) {
      it("the examples of docs/reference/schema compile against the installed SDK", async () => {
        expect(await checkReference(dirs!)).toBeGreaterThanOrEqual(26);
      });
    }

    spec.moreTests?.(() => ({ dirs: dirs!, stack, emulator }));

    const claim = spec.claimSdkVersion;
    if (claim) {
      it("an SDK of a newer major version than the plugin is refused, saying what to upgrade", async () => {
        const next = Number(packageVersion().split(".")[0]) + 1;
        await claim(stack.options.projectDir, `${next}.0.0`);
        const preview = await stack.preview();
        expect(preview.code, transcriptOf(preview)).not.toBe(0);
        expect(preview.stdout + preview.stderr).toContain(
          `the idgov SDK of this program is version ${next}.0.0, newer than this pulumi-resource-idgov ` +
            `(${packageVersion()}): upgrade the plugin to ${next}.x`,
        );
      });
    }
  });
}
