import { loadavg } from "node:os";
import type { BenchProject } from "./benchStack";
import { maxMemory } from "./engineRuns";
import {
  type CommandTimes,
  FLOOR_COMMANDS,
  medianTimes,
  type Program,
  ratiosOf,
  rotatedRuns,
  type Sequence,
} from "./floorRuns";
import { median } from "./ideal";
import type { NativeComparison } from "./nativeReport";
import type { ProviderMemory } from "./providerMemory";

/** N native Apps beside N no-op dynamic resources (the floor), the dynamic classes left out. */
export interface NativeFloorComparison extends NativeComparison {
  native: CommandTimes;
  floor: CommandTimes;
  /** CPU time of each command's processes (CLI, program, plugin), and native ÷ floor: steady under load. */
  nativeCpu: CommandTimes;
  floorCpu: CommandTimes;
  nativeCpuRatios: CommandTimes;
  floorStateBytesPerResource: number;
  floorMemory: ProviderMemory;
}

const PROGRAMS: readonly Program[] = ["floor", "native"];

async function compareAt(
  project: BenchProject,
  resources: number,
  repeats: number,
  log: (line: string) => void,
): Promise<NativeFloorComparison> {
  const runs = await rotatedRuns(project, resources, repeats, PROGRAMS, log);
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
    native,
    floor,
    nativeRatios: ratiosOf(native, floor),
    nativeCpu,
    floorCpu,
    nativeCpuRatios: ratiosOf(nativeCpu, floorCpu),
    nativeStateBytesPerResource: stateBytes(runs.native),
    floorStateBytesPerResource: stateBytes(runs.floor),
    nativeMemory: peak(runs.native),
    nativeRefreshRequests: Math.round(median(runs.native.map((sequence) => sequence.refreshRequests))),
    floorMemory: peak(runs.floor),
  };
}

/**
 * `npm run bench -- --native`: for each of `counts`, N native Apps and N floor resources, alternating (floor first
 * in even runs, native first in odd ones, so that a change in the machine's load falls on both), `repeats` runs each
 * on fresh stacks, medians; the same CLI, `--parallel 10` and no API latency as the full bench.
 */
export async function measureNativeAgainstFloor(
  project: BenchProject,
  counts: readonly number[],
  repeats: number,
  log: (line: string) => void,
): Promise<NativeFloorComparison[]> {
  const comparisons: NativeFloorComparison[] = [];
  for (const resources of counts) {
    const comparison = await compareAt(project, resources, repeats, log);
    const ratios = FLOOR_COMMANDS.map((command) => `${command} ${comparison.nativeRatios[command]}`);
    const cpuRatios = FLOOR_COMMANDS.map((command) => `${command} ${comparison.nativeCpuRatios[command]}`);
    log(`N = ${resources}, native ÷ floor: ${ratios.join(", ")}; load average ${loadavg()[0]?.toFixed(1)}`);
    log(`N = ${resources}, native ÷ floor, CPU: ${cpuRatios.join(", ")}`);
    comparisons.push(comparison);
  }
  return comparisons;
}
