import { loadavg } from "node:os";
import type { BenchPlan } from "./benchPlan";
import type { BenchProject, BenchStack, TimedRun } from "./benchStack";
import { maxMemory } from "./engineRuns";
import { type CurvePoint, growthExponent } from "./growth";
import { median, ratioTo } from "./ideal";
import { type CpuSplit, sampleCpuSplit } from "./cpuSplit";
import { DYNAMIC_PLUGIN, NATIVE_PLUGIN, type ProviderMemory, sampleProviderMemory } from "./providerMemory";
import { FLOOR_PREFIX, NATIVE_PREFIX, stateSizesOf } from "./stateSize";

/** The commands timed against the floor, in the order each sequence runs them on a fresh stack. */
export const FLOOR_COMMANDS = ["preview", "up", "noopUp", "refresh", "destroy"] as const;
export type FloorCommand = (typeof FLOOR_COMMANDS)[number];

/** Median wall times of one program's sequence, in milliseconds. */
export type CommandTimes = Record<FloorCommand, number>;

/** N Apps (dynamic classes, and native provider) beside N no-op dynamic resources, run alternately. */
export interface FloorComparison {
  resources: number;
  ours: CommandTimes;
  floor: CommandTimes;
  /** The same N Apps through the native provider plugin. */
  native: CommandTimes;
  /** ours ÷ floor per command (1 is the floor; larger is slower). */
  ratios: CommandTimes;
  /** native ÷ floor per command. */
  nativeRatios: CommandTimes;
  nativeStateBytesPerResource: number;
  /** Peaks over the native ups (the plugin's Node process, and the program's). */
  nativeMemory: ProviderMemory;
  /** API requests of the native refresh, median. */
  nativeRefreshRequests: number;
  /** Of those, the pages of the sweep of the tenant's Apps, median. */
  nativeRefreshSweepPages: number;
  /** `pulumi stack export` after up, divided by N. */
  stateBytesPerResource: number;
  floorStateBytesPerResource: number;
  /** Peaks over the ups of our program (provider host and program processes). */
  memory: ProviderMemory;
  floorMemory: ProviderMemory;
}

/** What the floor runs measured. */
export interface FloorFigures {
  method: string;
  repeats: number;
  comparisons: FloorComparison[];
  /** Fitted `time ≈ c × N^k` over the curve's counts: k of our up and refresh, and of the floor's. */
  exponents: { up: number; refresh: number; floorUp: number; floorRefresh: number };
}

/** One program's runs: wall times, state per resource and memory. */
export interface Sequence {
  times: CommandTimes;
  /** CPU time of each command's processes, in milliseconds. */
  cpu: CommandTimes;
  stateBytesPerResource: number;
  memory: ProviderMemory;
  /** API requests the refresh sent (coalesced reads count once a search). */
  refreshRequests: number;
  /** Of those, the pages of the sweep of the tenant's Apps. */
  refreshSweepPages: number;
  /** The plugin's and the emulator's CPU in the commands that call the service where the floor does nothing. */
  split: Record<SplitCommand, CpuSplit>;
}

/** The commands whose CPU is split between the plugin and the emulator. */
export const SPLIT_COMMANDS = ["refresh", "destroy"] as const;
export type SplitCommand = (typeof SPLIT_COMMANDS)[number];

/** The bench program's three variants: N Apps of the dynamic classes, N floor resources, N native Apps. */
export type Program = "ours" | "floor" | "native";

const STATE_PREFIX: Record<Program, string | undefined> = {
  ours: undefined,
  floor: FLOOR_PREFIX,
  native: NATIVE_PREFIX,
};

/** One sequence on a fresh stack: preview, up (its memory sampled, its state exported), no-op up, refresh, destroy. */
export async function runSequence(stack: BenchStack, program: Program): Promise<Sequence> {
  const plugin = program === "native" ? NATIVE_PLUGIN : DYNAMIC_PLUGIN;
  const splitting = async <Run>(command: () => Promise<Run>): Promise<[Run, CpuSplit]> => {
    const sampler = sampleCpuSplit(plugin, stack.emulatorPid);
    const run = await command().catch((error: unknown) => {
      sampler.stop();
      throw error;
    });
    return [run, sampler.stop()];
  };
  const preview = await stack.preview();
  const sampler = sampleProviderMemory(plugin);
  let up: TimedRun;
  let memory: ProviderMemory;
  try {
    up = await stack.up();
  } finally {
    memory = sampler.stop();
  }
  const state = stateSizesOf(await stack.stack.exportState(), STATE_PREFIX[program]);
  const noopUp = await stack.up();
  const [refresh, refreshSplit] = await splitting(() => stack.refresh());
  const [destroy, destroySplit] = await splitting(() => stack.destroy());
  return {
    times: {
      preview: preview.wallMs,
      up: up.wallMs,
      noopUp: noopUp.wallMs,
      refresh: refresh.wallMs,
      destroy: destroy.wallMs,
    },
    cpu: {
      preview: preview.cpuMs,
      up: up.cpuMs,
      noopUp: noopUp.cpuMs,
      refresh: refresh.cpuMs,
      destroy: destroy.cpuMs,
    },
    stateBytesPerResource: state.bytesPerResource,
    memory,
    refreshRequests: refresh.apiRequests,
    refreshSweepPages: refresh.sweepPages,
    split: { refresh: refreshSplit, destroy: destroySplit },
  };
}

/** The median of each command's wall time (or, with `measure` "cpu", CPU time) over `sequences`. */
export function medianTimes(
  sequences: readonly Sequence[],
  measure: "times" | "cpu" = "times",
): CommandTimes {
  const times = {} as CommandTimes;
  for (const command of FLOOR_COMMANDS) {
    times[command] = Math.round(median(sequences.map((sequence) => sequence[measure][command])));
  }
  return times;
}

/** The median of the plugin's and the emulator's CPU in each split command over `sequences`. */
export function medianSplits(sequences: readonly Sequence[]): Record<SplitCommand, CpuSplit> {
  const of = (command: SplitCommand, part: keyof CpuSplit) =>
    Math.round(median(sequences.map((sequence) => sequence.split[command][part])));
  return Object.fromEntries(
    SPLIT_COMMANDS.map((command) => [
      command,
      { pluginMs: of(command, "pluginMs"), emulatorMs: of(command, "emulatorMs") },
    ]),
  ) as Record<SplitCommand, CpuSplit>;
}

/** `ours ÷ floor` per command. */
export function ratiosOf(ours: CommandTimes, floor: CommandTimes): CommandTimes {
  const ratios = {} as CommandTimes;
  for (const command of FLOOR_COMMANDS) ratios[command] = ratioTo(ours[command], floor[command]);
  return ratios;
}

/** The order of the programs in repetition `run`: rotating, so that a change in the machine's load falls on each. */
export function programOrder<Name extends string = Program>(
  run: number,
  programs: readonly Name[] = ["floor", "ours", "native"] as Name[],
): Name[] {
  const shift = run % programs.length;
  return [...programs.slice(shift), ...programs.slice(0, shift)];
}

/**
 * Each program's command sequence on N = `resources` Apps, `repeats` times on fresh stacks, in {@link programOrder}:
 * the sequences of each program.
 */
export async function rotatedRuns(
  project: BenchProject,
  resources: number,
  repeats: number,
  programs: readonly Program[],
  log: (line: string) => void,
): Promise<Record<Program, Sequence[]>> {
  const runs: Record<Program, Sequence[]> = { ours: [], floor: [], native: [] };
  for (let run = 0; run < repeats; run += 1) {
    for (const program of programOrder(run, programs)) {
      log(`${program}: ${FLOOR_COMMANDS.join(", ")} of ${resources} resources (run ${run + 1}/${repeats})`);
      const stack = await project.openStack(`${program}${resources}-${run}`, {
        apps: resources,
        kinds: false,
        floor: program === "floor",
        native: program === "native",
      });
      runs[program].push(await runSequence(stack, program));
    }
  }
  return runs;
}

async function compareAt(
  project: BenchProject,
  resources: number,
  repeats: number,
  log: (line: string) => void,
): Promise<FloorComparison> {
  const runs = await rotatedRuns(project, resources, repeats, ["floor", "ours", "native"], log);
  const ours = medianTimes(runs.ours);
  const floor = medianTimes(runs.floor);
  const native = medianTimes(runs.native);
  const peaks = (sequences: Sequence[]) =>
    sequences.map(({ memory }) => memory).reduce<ProviderMemory | undefined>(maxMemory, undefined);
  return {
    resources,
    ours,
    floor,
    native,
    ratios: ratiosOf(ours, floor),
    nativeRatios: ratiosOf(native, floor),
    nativeStateBytesPerResource: Math.round(median(runs.native.map((run) => run.stateBytesPerResource))),
    nativeMemory: peaks(runs.native) as ProviderMemory,
    nativeRefreshRequests: Math.round(median(runs.native.map((run) => run.refreshRequests))),
    nativeRefreshSweepPages: Math.round(median(runs.native.map((run) => run.refreshSweepPages))),
    stateBytesPerResource: Math.round(median(runs.ours.map((run) => run.stateBytesPerResource))),
    floorStateBytesPerResource: Math.round(median(runs.floor.map((run) => run.stateBytesPerResource))),
    memory: peaks(runs.ours) as ProviderMemory,
    floorMemory: peaks(runs.floor) as ProviderMemory,
  };
}

/**
 * For every count of the plan's curve, runs N Apps and N no-op dynamic resources (the floor) alternately, each
 * `plan.repeats` times on fresh stacks, at no API latency, and fits the growth exponents. The caller keeps the
 * emulator without latency or faults.
 */
export async function measureFloor(
  project: BenchProject,
  plan: BenchPlan,
  log: (line: string) => void,
): Promise<FloorFigures> {
  const comparisons: FloorComparison[] = [];
  for (const resources of plan.curveCounts) {
    const comparison = await compareAt(project, resources, plan.repeats, log);
    const ratios = FLOOR_COMMANDS.map((command) => `${command} ${comparison.ratios[command]}`).join(", ");
    const nativeRatios = FLOOR_COMMANDS.map(
      (command) => `${command} ${comparison.nativeRatios[command]}`,
    ).join(", ");
    log(`N = ${resources}, ours ÷ floor: ${ratios}; load average ${loadavg()[0]?.toFixed(1)}`);
    log(`N = ${resources}, native ÷ floor: ${nativeRatios}`);
    comparisons.push(comparison);
  }
  const curve = (pick: (comparison: FloorComparison) => number): CurvePoint[] =>
    comparisons.map((comparison) => ({ resources: comparison.resources, ms: pick(comparison) }));
  return {
    method:
      "N Apps (dynamic classes; native provider through pulumi.CustomResource) and N no-op dynamic resources " +
      "(same names and inputs; create answers at once with its inputs), rotating on fresh stacks, same CLI, --parallel 10, no API latency; medians",
    repeats: plan.repeats,
    comparisons,
    exponents: {
      up: growthExponent(curve(({ ours }) => ours.up)),
      refresh: growthExponent(curve(({ ours }) => ours.refresh)),
      floorUp: growthExponent(curve(({ floor }) => floor.up)),
      floorRefresh: growthExponent(curve(({ floor }) => floor.refresh)),
    },
  };
}
