import { readdirSync } from "node:fs";
import { copyFile, cp, mkdir, rm } from "node:fs/promises";
import * as path from "node:path";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { readReleases } from "../../../scripts/release/buildVersion";
import { expectSuccess } from "../../../testkit/command";
import { installExample, TEST_PASSPHRASE } from "../../../testkit/example";
import { REPO_ROOT } from "../../../testkit/pulumiCli";
import { PulumiStack } from "../../../testkit/pulumiStack";

/**
 * The recorded upgrade tests: each release's programs run once with that release (`npm run record:upgrade`), and
 * the recording replayed against every build (test/e2e/upgrade.test.ts). One program per door, each with every kind.
 */
export const DOORS = ["dynamic", "native"] as const;
export type Door = (typeof DOORS)[number];

/** Where the recordings and the programs live. */
export const UPGRADE_DIR = path.join(REPO_ROOT, "test", "upgrade");

/**
 * The emulator's port while recording and replaying: a state records the tenant's address (`http://127.0.0.1:PORT`)
 * and refuses another one, so a replay answers where the recording's tenant was.
 */
export const RECORDED_PORT = 47613;

export const STACK = "upgrade";

/** The AuthConfig's OIDC client secret, a test value set with `pulumi config set --secret`. */
const OIDC_CLIENT_SECRET = "upgrade-oidc-client-secret";

/** The files of one door's recording of one release. */
export interface Recording {
  readonly release: string;
  readonly door: Door;
  readonly dir: string;
  /** The program as the release's users wrote it. */
  readonly program: string;
  /** `pulumi stack export` after the run. */
  readonly stackExport: string;
  /** The stack's config file (`Pulumi.upgrade.yaml`), its encryption salt with it. */
  readonly stackConfig: string;
  /** The emulator's data file after the run: the tenant as the release left it. */
  readonly tenant: string;
  /** The engine's gRPC log of the run (`PULUMI_DEBUG_GRPC`), calls to the plugin only: the native door. */
  readonly grpcLog: string;
}

export function recordingOf(release: string, door: Door): Recording {
  const dir = path.join(UPGRADE_DIR, release, door);
  return {
    release,
    door,
    dir,
    program: path.join(dir, "program"),
    stackExport: path.join(dir, "stack.json"),
    stackConfig: path.join(dir, `Pulumi.${STACK}.yaml`),
    tenant: path.join(dir, "tenant.json"),
    grpcLog: path.join(dir, "grpc.jsonl"),
  };
}

/** The releases releases.json records that have a recording under test/upgrade/ (`v0.1.0`, …), oldest first. */
export function recordedReleases(): string[] {
  const recorded = new Set(readdirSync(UPGRADE_DIR));
  return readReleases(REPO_ROOT)
    .map((release) => `v${release.version}`)
    .filter((release) => recorded.has(release));
}

/** The program of `door` that a new recording runs. */
export const programOf = (door: Door) => path.join(UPGRADE_DIR, "programs", door);

/** A door's program installed with pulumi-idgov from `tarball` in `root`, and its stack, not yet created. */
export async function installProgram(
  program: string,
  tarball: string,
  binDir: string,
  root: string,
): Promise<PulumiStack> {
  const projectDir = path.join(root, "program");
  const stateDir = path.join(root, "state");
  await mkdir(stateDir, { recursive: true });
  await installExample(program, tarball, projectDir);
  const sandbox = { binDir, stateDir, homeDir: path.join(root, "home"), passphrase: TEST_PASSPHRASE };
  return new PulumiStack({ sandbox, projectDir, stack: STACK });
}

/** Creates the stack and configures it for the tenant at {@link RECORDED_PORT}, as the recording did. */
export async function configureNewStack(stack: PulumiStack, door: Door): Promise<void> {
  const baseUrl = `http://127.0.0.1:${RECORDED_PORT}`;
  await stack.init();
  await stack.setConfig("idgov:baseUrl", baseUrl);
  await stack.setConfig("idgov:clientId", DEFAULT_CREDENTIALS.clientId);
  await stack.setConfig("idgov:clientSecret", DEFAULT_CREDENTIALS.clientSecret, { secret: true });
  await stack.setConfig("oidcClientSecret", OIDC_CLIENT_SECRET, { secret: true });
  if (door === "native") {
    await stack.setConfig("explicitBaseUrl", baseUrl);
    await stack.setConfig("explicitClientId", DEFAULT_CREDENTIALS.clientId);
    await stack.setConfig("explicitClientSecret", DEFAULT_CREDENTIALS.clientSecret, { secret: true });
  }
}

/** Creates the stack with the recording's config and imports the recorded state (or `stackExport` in its place). */
export async function importRecording(
  stack: PulumiStack,
  recording: Recording,
  stackExport = recording.stackExport,
): Promise<void> {
  if (stack.transcript.length === 0) await stack.init();
  await copyFile(recording.stackConfig, path.join(stack.options.projectDir, `Pulumi.${STACK}.yaml`));
  expectSuccess(await stack.runOnStack(["stack", "import", "--file", stackExport]));
}

/** Copies a program folder without what an install or a run added to it. */
export async function copyProgram(from: string, to: string): Promise<void> {
  await rm(to, { recursive: true, force: true });
  const local = new Set(["node_modules", "package-lock.json"]);
  await cp(from, to, {
    recursive: true,
    filter: (file) => !local.has(path.basename(file)) && !/^Pulumi\..+\.yaml$/.test(path.basename(file)),
  });
}
