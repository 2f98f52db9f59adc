import { loadavg } from "node:os";
import { PLUGIN_LAYOUTS, type PluginLayout } from "./benchProgram";
import { type BenchProject, PARALLEL } from "./benchStack";
import { maxMemory } from "./engineRuns";
import {
  type CommandTimes,
  FLOOR_COMMANDS,
  medianSplits,
  medianTimes,
  programOrder,
  ratiosOf,
  runSequence,
  type Sequence,
  type SplitCommand,
} from "./floorRuns";
import type { CpuSplit } from "./cpuSplit";
import { median } from "./ideal";
import type { NativeComparison } from "./nativeReport";
import type { ProviderMemory } from "./providerMemory";

/** How a user runs Pulumi: the `--parallel` passed (`"default"`: none) and whether writes skip the preview. */
export interface RunSettings {
  parallel: number | "default";
  skipPreview: boolean;
}

/** The setting of the headline figures, and the only one of `--large`, which measures growth. */
const HEADLINE_SETTINGS: RunSettings = { parallel: PARALLEL, skipPreview: true };

/** The run settings of `--native`: `--parallel 10` and Pulumi's default, with and without `--skip-preview`. */
export const RUN_SETTINGS: readonly RunSettings[] = [
  HEADLINE_SETTINGS,
  { parallel: PARALLEL, skipPreview: false },
  { parallel: "default", skipPreview: true },
  { parallel: "default", skipPreview: false },
];

/** One cell of `--native`: native ÷ floor for one install layout under one run setting. */
export interface NativeCell extends RunSettings {
  /** `<layout>.parallel<N|Default>.<skipPreview|withPreview>`, e.g. `npm.parallelDefault.skipPreview`. */
  key: string;
  layout: PluginLayout;
  native: CommandTimes;
  floor: CommandTimes;
  ratios: CommandTimes;
}

/** A run setting's name: `parallel10.skipPreview`, `parallelDefault.withPreview`. */
function settingKey({ parallel, skipPreview }: RunSettings): string {
  const parallelism = parallel === "default" ? "parallelDefault" : `parallel${parallel}`;
  return `${parallelism}.${skipPreview ? "skipPreview" : "withPreview"}`;
}

/** N native Apps beside N no-op dynamic resources (the floor), the dynamic classes left out. */
export interface NativeFloorComparison extends NativeComparison {
  /** Every layout under every run setting; the fields below are those of `release.parallel10.skipPreview`. */
  cells: NativeCell[];
  native: CommandTimes;
  floor: CommandTimes;
  /** CPU time of each command's processes (CLI, program, plugin), and native ÷ floor: steady under load. */
  nativeCpu: CommandTimes;
  floorCpu: CommandTimes;
  nativeCpuRatios: CommandTimes;
  /** The plugin's and the emulator's CPU in a refresh and a destroy (the emulator's is in neither command's CPU). */
  nativeSplit: Record<SplitCommand, CpuSplit>;
  floorSplit: Record<SplitCommand, CpuSplit>;
  floorStateBytesPerResource: number;
  floorMemory: ProviderMemory;
}

type Contender = "floor" | PluginLayout;
const CONTENDERS: readonly Contender[] = ["floor", ...PLUGIN_LAYOUTS];

/** Under one run setting, the floor and the native plugin in each layout, rotating, `repeats` times on fresh stacks. */
async function runsUnder(
  project: BenchProject,
  resources: number,
  repeats: number,
  settings: RunSettings,
  log: (line: string) => void,
): Promise<Record<Contender, Sequence[]>> {
  const runs: Record<Contender, Sequence[]> = { floor: [], release: [], npm: [] };
  const setting = settingKey(settings);
  for (let run = 0; run < repeats; run += 1) {
    for (const contender of programOrder(run, CONTENDERS)) {
      log(
        `${contender}, ${setting}: ${FLOOR_COMMANDS.join(", ")} of ${resources} (run ${run + 1}/${repeats})`,
      );
      const floor = contender === "floor";
      const stack = await project.openStack(`${contender}${resources}-${setting.replace(".", "-")}-${run}`, {
        apps: resources,
        kinds: false,
        floor,
        native: !floor,
        ...(floor ? {} : { layout: contender }),
        ...settings,
      });
      runs[contender].push(await runSequence(stack, floor ? "floor" : "native"));
    }
  }
  return runs;
}

async function compareAt(
  project: BenchProject,
  resources: number,
  repeats: number,
  settingsRun: readonly RunSettings[],
  log: (line: string) => void,
): Promise<NativeFloorComparison> {
  const cells: NativeCell[] = [];
  let runs: { native: Sequence[]; floor: Sequence[] } | undefined;
  for (const settings of settingsRun) {
    const under = await runsUnder(project, resources, repeats, settings, log);
    const floor = medianTimes(under.floor);
    for (const layout of PLUGIN_LAYOUTS) {
      const native = medianTimes(under[layout]);
      const key = `${layout}.${settingKey(settings)}`;
      cells.push({ key, layout, ...settings, native, floor, ratios: ratiosOf(native, floor) });
    }
    if (settings === HEADLINE_SETTINGS) runs = { native: under.release, floor: under.floor };
  }
  if (!runs) throw new Error("no runs under the headline settings");
  const peak = (sequences: Sequence[]) =>
    sequences
      .map(({ memory }) => memory)
      .reduce<ProviderMemory | undefined>(maxMemory, undefined) as ProviderMemory;
  const stateBytes = (sequences: Sequence[]) =>
    Math.round(median(sequences.map((sequence) => sequence.stateBytesPerResource)));
  const native = medianTimes(runs.native);
  const floor = medianTimes(runs.floor);
  const nativeCpu = medianTimes(runs.native, "cpu");
  const floorCpu = medianTimes(runs.floor, "cpu");
  return {
    resources,
    cells,
    native,
    floor,
    nativeRatios: ratiosOf(native, floor),
    nativeCpu,
    floorCpu,
    nativeCpuRatios: ratiosOf(nativeCpu, floorCpu),
    nativeSplit: medianSplits(runs.native),
    floorSplit: medianSplits(runs.floor),
    nativeStateBytesPerResource: stateBytes(runs.native),
    floorStateBytesPerResource: stateBytes(runs.floor),
    nativeMemory: peak(runs.native),
    nativeRefreshRequests: Math.round(median(runs.native.map((sequence) => sequence.refreshRequests))),
    nativeRefreshSweepPages: Math.round(median(runs.native.map((sequence) => sequence.refreshSweepPages))),
    floorMemory: peak(runs.floor),
  };
}

/**
 * `npm run bench -- --native`: for each of `counts` and each of {@link RUN_SETTINGS} (only the headline's with
 * `headlineOnly`, as `--large` measures growth), N floor resources and N native Apps with the plugin in each layout,
 * rotating (so that a change in the machine's load falls on each), `repeats` runs each on fresh stacks, medians; the
 * same CLI and no API latency as the full bench.
 */
export async function measureNativeAgainstFloor(
  project: BenchProject,
  counts: readonly number[],
  repeats: number,
  log: (line: string) => void,
  headlineOnly = false,
): Promise<NativeFloorComparison[]> {
  const comparisons: NativeFloorComparison[] = [];
  for (const resources of counts) {
    const settingsRun = headlineOnly ? [HEADLINE_SETTINGS] : RUN_SETTINGS;
    const comparison = await compareAt(project, resources, repeats, settingsRun, log);
    const ratios = FLOOR_COMMANDS.map((command) => `${command} ${comparison.nativeRatios[command]}`);
    const cpuRatios = FLOOR_COMMANDS.map((command) => `${command} ${comparison.nativeCpuRatios[command]}`);
    log(`N = ${resources}, native ÷ floor: ${ratios.join(", ")}; load average ${loadavg()[0]?.toFixed(1)}`);
    log(`N = ${resources}, native ÷ floor, CPU: ${cpuRatios.join(", ")}`);
    for (const { key, ratios: cellRatios } of comparison.cells) {
      log(
        `N = ${resources}, ${key}: ${FLOOR_COMMANDS.map((command) => `${command} ${cellRatios[command]}`).join(", ")}`,
      );
    }
    comparisons.push(comparison);
  }
  return comparisons;
}
