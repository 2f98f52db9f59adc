import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../emulator";
import { type CommandResult, expectSuccess } from "../testkit/command";
import { apiRequests, clearRequests } from "../testkit/emulatorApi";
import { openExampleStack } from "../testkit/example";
import { packPackage } from "../testkit/pack";
import { getPulumiCli, REPO_ROOT } from "../testkit/pulumiCli";
import { PulumiStack } from "../testkit/pulumiStack";
import { packageManifest, packageVersion, pluginDownloadUrl } from "../provider/version";
import { stagePlugin } from "../scripts/release/archives";
import { benchProjectFile, type PluginLayout, RELEASED_PLUGIN_DIR, writeBenchProgram } from "./benchProgram";
import { reapedChildrenCpuMs } from "./childCpu";
import type { KindScenario } from "./scenarios";

/** The `--parallel` of every timed run unless a stack says otherwise. */
export const PARALLEL = 10;

/**
 * What a stack's program declares: `apps` Apps, and one resource of every kind scenario when `kinds`; with `floor`,
 * the `apps` resources are no-op dynamic resources (the engine's floor) instead of Apps.
 */
export interface BenchDeclaration {
  apps: number;
  kinds: boolean;
  floor?: boolean;
  /** The `apps` resources are Apps of the native provider plugin instead of the dynamic class. */
  native?: boolean;
  /** How the native plugin is installed. @default "release" */
  layout?: PluginLayout;
  /** The `--parallel` of the stack's commands; `"default"` passes none (Pulumi's own). @default {@link PARALLEL} */
  parallel?: number | "default";
  /** `up`, `refresh` and `destroy` run with `--skip-preview`. @default true */
  skipPreview?: boolean;
}

/** One timed Pulumi command. */
export interface TimedRun {
  wallMs: number;
  /** CPU time of the command and every process under it (CLI, language host, program, plugins). */
  cpuMs: number;
  result: CommandResult;
}

/** A stack of the bench program, fresh (no resources) when opened. */
export interface BenchStack {
  readonly stack: PulumiStack;
  /** The emulator's process, when it runs in one of its own (its CPU is then measured beside the command's). */
  readonly emulatorPid: number | undefined;
  /** `pulumi up --yes [--skip-preview]` with the stack's `--parallel`, timed. */
  up(): Promise<TimedRun>;
  /** `pulumi refresh --yes [--skip-preview]`, timed, with the API requests it sent (token requests apart). */
  refresh(): Promise<TimedRun & { apiRequests: number; sweepPages: number }>;
  /** `pulumi preview`, timed. */
  preview(): Promise<TimedRun>;
  /** `pulumi destroy --yes [--skip-preview]`, timed. */
  destroy(): Promise<TimedRun>;
}

/** The bench program installed once, with one stack per measured run. */
export interface BenchProject {
  /** The installed program (its `plugin/` holds `pulumi-resource-idgov` as a release archive does). */
  readonly programDir: string;
  /** A new stack configured for the emulator (its config copied from the first stack) declaring `declaration`. */
  openStack(name: string, declaration: BenchDeclaration): Promise<BenchStack>;
  /** Removes the packed package, the program and every stack's state. */
  remove(): Promise<void>;
}

/** How every stack of a bench project runs its commands. */
export interface BenchRunSettings {
  /**
   * `PULUMI_SKIP_CHECKPOINTS=true`: the CLI saves the state once at the end of a command instead of after each step,
   * the setting Pulumi documents for large stacks (each save writes the whole state, so saves grow as N²).
   */
  skipCheckpoints?: boolean;
}

/** A command's time limit: 10 minutes, or 600 ms a resource on larger stacks. */
function commandTimeoutMs(resources: number): number {
  return Math.max(600_000, resources * 600);
}

async function timed(run: () => Promise<CommandResult>): Promise<TimedRun> {
  const started = performance.now();
  const cpuBefore = reapedChildrenCpuMs();
  const result = expectSuccess(await run());
  return { wallMs: performance.now() - started, cpuMs: reapedChildrenCpuMs() - cpuBefore, result };
}

/** How one stack runs: its size, the `--parallel` it passes, whether writes preview first, where its plugin is. */
interface StackRun {
  resources: number;
  parallel: number | "default";
  skipPreview: boolean;
  layout: PluginLayout;
}

function benchStack(stack: PulumiStack, emulator: RunningEmulator, run: StackRun): BenchStack {
  const parallel = run.parallel === "default" ? [] : ["--parallel", String(run.parallel)];
  const writes = ["--yes", ...(run.skipPreview ? ["--skip-preview"] : []), ...parallel];
  const onStack = async (args: readonly string[]) => {
    // The stacks share one project, run one at a time: each command finds the plugin where its stack's layout has it.
    await writeFile(path.join(stack.options.projectDir, "Pulumi.yaml"), benchProjectFile(run.layout));
    return timed(() => stack.run([...args, "--stack", stack.name], commandTimeoutMs(run.resources)));
  };
  return {
    stack,
    emulatorPid: "pid" in emulator && typeof emulator.pid === "number" ? emulator.pid : undefined,
    up: () => onStack(["up", ...writes]),
    async refresh() {
      await clearRequests(emulator);
      const timedRun = await onStack(["refresh", ...writes]);
      const sent = (await apiRequests(emulator)).filter((entry) => entry.path.startsWith("/api/"));
      return { ...timedRun, apiRequests: sent.length, sweepPages: sent.filter(isSweepPage).length };
    },
    preview: () => onStack(["preview", ...parallel]),
    destroy: () => onStack(["destroy", ...writes]),
  };
}

/**
 * Packs the package, writes the bench program and installs it with the packed package through the e2e harness
 * (`openExampleStack`: offline file backend, passphrase secrets, config for the emulator), with the plugin as a
 * release archive holds it (the executable and the files beside it: what `pulumi plugin install` unpacks). The CLI comes from
 * `scripts/get-pulumi.sh`.
 */
export async function openBenchProject(
  emulator: RunningEmulator,
  scenarios: readonly KindScenario[],
  settings: BenchRunSettings = {},
): Promise<BenchProject> {
  const root = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-bench-"));
  const removeRoot = () => rm(root, { recursive: true, force: true });
  try {
    const binDir = await getPulumiCli({ onProgress: (chunk) => process.stderr.write(chunk) });
    const tarball = await packPackage(root);
    const source = path.join(root, "idgov-bench");
    await writeBenchProgram(source, scenarios);
    const base = await openExampleStack({
      example: source,
      tarball,
      binDir,
      baseUrl: emulator.url,
      stack: "base",
    });
    const manifest = packageManifest();
    await stagePlugin(
      REPO_ROOT,
      path.join(base.programDir, RELEASED_PLUGIN_DIR),
      { ...manifest, version: packageVersion() },
      pluginDownloadUrl(manifest) ?? "",
    );
    return {
      programDir: base.programDir,
      async openStack(name, declaration) {
        const { apps, kinds, floor = false, native = false } = declaration;
        const { layout = "release", parallel = PARALLEL, skipPreview = true } = declaration;
        const stack = new PulumiStack({ ...base.stack.options, stack: name });
        if (settings.skipCheckpoints) stack.env["PULUMI_SKIP_CHECKPOINTS"] = "true";
        await stack.init();
        expectSuccess(await base.stack.runOnStack(["config", "cp", "--dest", name]));
        await stack.setConfig("bench:apps", String(apps));
        await stack.setConfig("bench:kinds", String(kinds));
        await stack.setConfig("bench:floor", String(floor));
        await stack.setConfig("bench:native", String(native));
        return benchStack(stack, emulator, { resources: apps, parallel, skipPreview, layout });
      },
      async remove() {
        await base.remove();
        await removeRoot();
      },
    };
  } catch (error) {
    await removeRoot();
    throw error;
  }
}

/** Whether a request is a page of the sweep of a tenant's Apps: a search of them that names no ids. */
export function isSweepPage(request: { method: string; path: string; body?: unknown }): boolean {
  const body = (typeof request.body === "object" && request.body !== null ? request.body : {}) as object;
  return request.method === "POST" && request.path === "/api/v1/search/apps" && !("appIds" in body);
}
