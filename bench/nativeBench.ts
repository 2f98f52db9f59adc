import type { BenchPlan } from "./benchPlan";
import { openBenchProject } from "./benchStack";
import { startEmulatorProcess } from "./emulatorProcess";
import { FLOOR_COMMANDS } from "./floorRuns";
import { round } from "./ideal";
import { machineInfo, type MachineInfo } from "./machine";
import { measureNativeAgainstFloor, type NativeFloorComparison } from "./nativeFloor";
import { type NativeHeadline, nativeHeadline } from "./nativeReport";
import { measureNativeRpcCpu, type NativeRpcCpu } from "./nativeRpcCpu";
import { measureNativeStartup } from "./nativeStartup";
import { measureReadConsistency, type ReadConsistencyFigures } from "./readConsistency";
import {
  LARGE_COMMANDS as LARGE_COMMAND_NAMES,
  largeStackFigures,
  type LargeStackFigures,
} from "./nativeLarge";
import { duration, textTable } from "./textTable";

/** The resource counts of `--native`: the issue's two. */
export const NATIVE_COUNTS = [200, 1000] as const;
/** The resource counts of `--native --large`: the two, and a stack of 5,000 Apps. */
export const LARGE_NATIVE_COUNTS = [200, 1000, 5000] as const;
/** Starts of the plugin timed for its start-up median. */
const STARTUP_RUNS = 15;

/** What `npm run bench -- --native` measured: the native headline and how it was measured. */
export interface NativeBenchReport extends NativeHeadline {
  machine: MachineInfo;
  method: string;
  repeats: number;
  comparisons: NativeFloorComparison[];
  /** The plugin's CPU per App of each step at N = 1,000, driven over gRPC without Pulumi: steady under load. */
  rpcCpu: NativeRpcCpu;
  /** A refresh of 1,000 Apps under each `idgov:readConsistency`, and with drift to confirm. */
  readConsistency: ReadConsistencyFigures;
  /** With `--large`: the stack of 5,000 Apps beside the floor; null otherwise. */
  large5000: LargeStackFigures | null;
  durationSeconds: number;
}

function readConsistencyLine(reads: ReadConsistencyFigures): string {
  const { resources, confirmed, confirmedWithDrift: drift, strict, distant } = reads;
  return (
    `refresh of ${resources} Apps by idgov:readConsistency: confirmed ${duration(confirmed.seconds * 1000)}, ` +
    `${confirmed.requests} requests; confirmed with ${drift.edited} drifted ${duration(drift.seconds * 1000)}, ` +
    `${drift.requests} requests; strict ${duration(strict.seconds * 1000)}, ${strict.requests} requests; ` +
    `${distant.latencyMs} ms away: confirmed ${duration(distant.confirmed.seconds * 1000)}, ` +
    `strict ${duration(distant.strict.seconds * 1000)}`
  );
}

function cpuSplitLine(large: LargeStackFigures): string {
  const side = (name: "native" | "floor") =>
    (["refresh", "destroy"] as const)
      .map((command) => {
        const { commandMs, pluginMs, emulatorMs } = large.cpu[name][command];
        return `${command} ${duration(commandMs)} (plugin ${duration(pluginMs)}) + emulator ${duration(emulatorMs)}`;
      })
      .join(", ");
  return `CPU, command (of it the plugin) + emulator: native ${side("native")}; floor ${side("floor")}`;
}

function renderNative(report: NativeBenchReport): string {
  const rows = report.comparisons.flatMap((comparison) =>
    FLOOR_COMMANDS.map((command) => [
      comparison.resources,
      command,
      duration(comparison.native[command]),
      duration(comparison.floor[command]),
      comparison.nativeRatios[command],
      duration(comparison.nativeCpu[command]),
      duration(comparison.floorCpu[command]),
      comparison.nativeCpuRatios[command],
    ]),
  );
  const cellRows = report.comparisons.flatMap((comparison) =>
    comparison.cells.map((cell) => [
      comparison.resources,
      cell.key,
      ...FLOOR_COMMANDS.map((command) => cell.ratios[command]),
    ]),
  );
  const cpu = report.rpcCpu;
  const large = report.large5000;
  const largeLine = large
    ? `N = ${large.resources}: ${LARGE_COMMAND_NAMES.map(
        (command) =>
          `${command} ${duration(large.native[command])} (k ${large.nativeExponents[command]}) vs floor ${duration(large.floor[command])} (k ${large.floorExponents[command]})`,
      ).join(
        ", ",
      )}; plugin peak RSS ${large.pluginPeakRssMb} MB; refresh requests ${large.refreshRequests} (sweep pages ${large.refreshSweepPages}); ${cpuSplitLine(large)}`
    : undefined;
  return [
    `${report.machine.cpuModel}, ${report.machine.cores} cores, load average ${report.machine.loadAverageAtStart.join(" ")} at start, ${report.durationSeconds} s`,
    report.method,
    textTable(
      ["N", "command", "native", "floor", "native ÷ floor", "native CPU", "floor CPU", "CPU ÷ floor"],
      rows,
    ),
    "native ÷ floor by install layout, --parallel and --skip-preview:",
    textTable(["N", "cell", ...FLOOR_COMMANDS], cellRows),
    `state per App (N = 200): native ${report.nativeStateBytesPerResource} B, floor ${report.comparisons[0]?.floorStateBytesPerResource} B`,
    `plugin start-up (median of ${STARTUP_RUNS}): release executable ${report.nativeStartupMs} ms, npm bin ${report.nativeStartupNpmMs} ms; peak RSS at N = ${report.comparisons.at(-1)?.resources}: ${report.nativePluginPeakRssMb} MB`,
    `plugin CPU per App, N = ${cpu.resources} over gRPC (µs): up ${cpu.upMicros}, no-op up ${cpu.noopUpMicros}, preview ${cpu.previewMicros}, refresh ${cpu.refreshMicros}, destroy ${cpu.destroyMicros} (emulator ${cpu.emulatorMicros})`,
    `native refresh requests (of them the sweep's pages): N = 200 ${report.nativeRefreshRequests200} (${report.nativeRefreshSweepPages200}), N = 1,000 ${report.nativeRefreshRequests1000 ?? "not run"} (${report.nativeRefreshSweepPages1000 ?? "-"})`,
    readConsistencyLine(report.readConsistency),
    ...(largeLine ? [largeLine] : []),
  ].join("\n");
}

/**
 * `npm run bench -- --native [--quick] [--json]`: only the native provider against the floor, at N = 200 and 1,000
 * (`plan.repeats` alternating runs each; one with `--quick`), the plugin's start-up and its CPU per App.
 */
export async function benchNative(
  json: boolean,
  plan: BenchPlan,
  log: (line: string) => void,
  large = false,
): Promise<number> {
  const counts = large ? LARGE_NATIVE_COUNTS : NATIVE_COUNTS;
  const machine = machineInfo();
  const started = performance.now();
  process.env.NODE_NO_WARNINGS = "1";
  log(`${machine.cpuModel}, ${machine.cores} cores, load average ${machine.loadAverageAtStart.join(" ")}`);
  const emulator = await startEmulatorProcess();
  try {
    const project = await openBenchProject(emulator, [], { skipCheckpoints: large });
    const measured = async () => {
      const comparisons = await measureNativeAgainstFloor(project, counts, plan.repeats, log, large);
      log(`pulumi-resource-idgov start-up (${STARTUP_RUNS} starts)`);
      const startup = await measureNativeStartup(project.programDir, STARTUP_RUNS);
      log("a refresh of 1,000 Apps under each idgov:readConsistency");
      return { comparisons, startup, readConsistency: await measureReadConsistency(project, emulator, 1000) };
    };
    const { comparisons, startup, readConsistency } = await measured().finally(() => project.remove());
    log("the plugin's CPU per App over gRPC");
    const rpcCpu = await measureNativeRpcCpu(emulator, 1000);
    const report: NativeBenchReport = {
      ...nativeHeadline({ comparisons }, startup),
      machine,
      method:
        "N native Apps (pulumi.CustomResource; the plugin as a release archive installs it, and as the npm package's bin) " +
        "and N no-op dynamic resources, rotating on fresh stacks, same CLI, no API latency, under --parallel 10 and " +
        "Pulumi's default, with and without --skip-preview (headline figures: release layout, --parallel 10, " +
        "--skip-preview); medians" +
        (large ? "; every stack with PULUMI_SKIP_CHECKPOINTS=true" : ""),
      repeats: plan.repeats,
      comparisons,
      rpcCpu,
      readConsistency,
      large5000: large ? largeStackFigures(comparisons) : null,
      durationSeconds: round((performance.now() - started) / 1000),
    };
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : `${renderNative(report)}\n`);
    return 0;
  } finally {
    await emulator.close();
  }
}
