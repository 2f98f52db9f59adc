import * as path from "node:path";
import { runCommand } from "./command";

/** The checkout this harness belongs to. */
export const REPO_ROOT = path.resolve(__dirname, "..");

/** The Pulumi CLI version `scripts/get-pulumi.sh` builds when no supported one is on PATH. */
export const PULUMI_VERSION = "v3.248.0";

/** Options of {@link getPulumiCli}. */
export interface GetPulumiOptions {
  /** Called with each chunk the script prints on stderr (its progress). */
  onProgress?: (chunk: string) => void;
}

/**
 * The bin dir of a working Pulumi CLI with a Node.js language host, from `scripts/get-pulumi.sh`: a CLI of the
 * supported version (v3.216.0 or a newer v3) already on PATH, the cached build, or a fresh build from the Go module proxy (minutes, once).
 */
export async function getPulumiCli(options: GetPulumiOptions = {}): Promise<string> {
  const script = path.join(REPO_ROOT, "scripts", "get-pulumi.sh");
  const result = await runCommand("bash", [script], {
    cwd: REPO_ROOT,
    env: process.env,
    timeoutMs: 45 * 60_000,
    ...(options.onProgress ? { onStderr: options.onProgress } : {}),
  });
  const binDir = result.stdout.trim().split("\n").pop() ?? "";
  if (result.code !== 0 || binDir === "") {
    throw new Error(`scripts/get-pulumi.sh failed (exit ${result.code}):\n${result.stderr.slice(-4000)}`);
  }
  return binDir;
}

/** Where a Pulumi run keeps its state and settings, all outside the user's own Pulumi setup. */
export interface PulumiSandbox {
  /** The CLI's bin dir (from {@link getPulumiCli}). */
  binDir: string;
  /** File backend directory (`PULUMI_BACKEND_URL=file://…`). */
  stateDir: string;
  /** `PULUMI_HOME`: plugins, credentials and workspace settings. */
  homeDir: string;
  /** Passphrase of the passphrase secrets provider. */
  passphrase: string;
}

/** Variables of the caller that must not reach the CLI: its own Pulumi setup and the provider's fallbacks. */
function isolatedFromCaller(name: string): boolean {
  return name.startsWith("PULUMI_") || name.startsWith("IDGOV_");
}

/**
 * The environment of every CLI run: offline (file backend, passphrase secrets, no update check, no plugin
 * downloads), with the CLI and the dynamic-provider plugin on PATH. TypeScript programs run without ts-node's type
 * check (3 s of CPU a run): test/examples/programsTypeCheck.test.ts checks each program once instead, and the
 * quickstart's life cycle type-checks its program when it is new or edited, as a user's default does
 * (`openExampleStack`'s `typeCheck`).
 */
export function pulumiEnvironment(sandbox: PulumiSandbox): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !isolatedFromCaller(name)),
  );
  // `pulumi-resource-pulumi-nodejs` ships in @pulumi/pulumi; get-pulumi.sh copies it next to the CLI too.
  const dynamicProviderPlugin = path.join(REPO_ROOT, "node_modules", "@pulumi", "pulumi");
  return {
    ...inherited,
    PATH: [sandbox.binDir, dynamicProviderPlugin, process.env.PATH ?? ""].join(path.delimiter),
    PULUMI_BACKEND_URL: `file://${sandbox.stateDir}`,
    PULUMI_HOME: sandbox.homeDir,
    PULUMI_CONFIG_PASSPHRASE: sandbox.passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_SKIP_CONFIRMATIONS: "true",
    NO_COLOR: "1",
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  };
}
