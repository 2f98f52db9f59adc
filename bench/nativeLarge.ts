import type { CpuSplit } from "./cpuSplit";
import type { CommandTimes, SplitCommand } from "./floorRuns";
import { growthExponent } from "./growth";
import type { NativeFloorComparison } from "./nativeFloor";

/** The commands a large stack is timed on (its preview is the floor's and says nothing new). */
export const LARGE_COMMANDS = ["up", "noopUp", "refresh", "destroy"] as const;
type LargeCommand = (typeof LARGE_COMMANDS)[number];
type LargeTimes = Record<LargeCommand, number>;

/** A large stack of native Apps beside the floor: times at the largest N, growth exponents, the plugin's peak RSS. */
export interface LargeStackFigures {
  resources: number;
  /** Wall times at `resources`, in ms. */
  native: LargeTimes;
  floor: LargeTimes;
  /** k of `time ≈ c × N^k` over every count run (least squares on log-log), native and floor. */
  nativeExponents: LargeTimes;
  floorExponents: LargeTimes;
  /** Peak RSS of the plugin's Node process during the up of `resources` Apps (the goal: under 300 MB). */
  pluginPeakRssMb: number;
  /** API requests of the native refresh of `resources` Apps. */
  refreshRequests: number;
  /** Of those, the pages of the sweep of the tenant's Apps. */
  refreshSweepPages: number;
  /**
   * Where the CPU of a refresh and a destroy went at `resources`: each command's own (CLI, plugin, program), of it the
   * plugin's, and the emulator's beside it (the service's work, which the floor never asks for, on the same cores).
   */
  cpu: Record<"native" | "floor", Record<SplitCommand, CpuSplit & { commandMs: number }>>;
}

function withCommandCpu(split: Record<SplitCommand, CpuSplit>, commandCpu: CommandTimes) {
  return {
    refresh: { commandMs: commandCpu.refresh, ...split.refresh },
    destroy: { commandMs: commandCpu.destroy, ...split.destroy },
  };
}

function pick(times: Record<LargeCommand, number>): LargeTimes {
  return Object.fromEntries(LARGE_COMMANDS.map((command) => [command, times[command]])) as LargeTimes;
}

/** The figures of the largest count among `comparisons`, with exponents fitted over all of them (at least two). */
export function largeStackFigures(comparisons: readonly NativeFloorComparison[]): LargeStackFigures {
  const largest = comparisons.reduce((most, next) => (next.resources > most.resources ? next : most));
  const exponents = (side: "native" | "floor") =>
    Object.fromEntries(
      LARGE_COMMANDS.map((command) => [
        command,
        growthExponent(comparisons.map((row) => ({ resources: row.resources, ms: row[side][command] }))),
      ]),
    ) as LargeTimes;
  return {
    resources: largest.resources,
    native: pick(largest.native),
    floor: pick(largest.floor),
    nativeExponents: exponents("native"),
    floorExponents: exponents("floor"),
    pluginPeakRssMb: largest.nativeMemory.peakRssMb,
    refreshRequests: largest.nativeRefreshRequests,
    refreshSweepPages: largest.nativeRefreshSweepPages,
    cpu: {
      native: withCommandCpu(largest.nativeSplit, largest.nativeCpu),
      floor: withCommandCpu(largest.floorSplit, largest.floorCpu),
    },
  };
}
