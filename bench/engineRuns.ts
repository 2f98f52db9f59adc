import type { RunningEmulator } from "../emulator";
import { apiRequests, clearRequests, setFaults } from "../testkit/emulatorApi";
import type { BenchPlan } from "./benchPlan";
import { type BenchDeclaration, type BenchProject, type BenchStack, PARALLEL } from "./benchStack";
import { IDEAL_CALLS, idealWallMs, median, ratioTo, round } from "./ideal";
import { hostBaselineRssMb, type ProviderMemory, sampleProviderMemory } from "./providerMemory";
import { type StateSizes, stateSizesOf } from "./stateSize";

/** The API latency of the timed runs, in milliseconds. */
export const LATENCY_MS = 50;

/** One timed command of N resources beside its ideal. */
export interface TimedCommand {
  /** Median wall time of the command at the bench's latency. */
  wallMs: number;
  /** `ceil(N / parallel) × latency × minimum calls per resource`. */
  idealMs: number;
  /** wall / ideal. */
  ratio: number;
  /** (wall − the empty program's wall) / ideal: the ratio with the fixed engine overhead taken out. */
  ratioWithoutOverhead: number;
  /** Median wall time of the same command on the same program with no API latency. */
  wallAtZeroLatencyMs: number;
  /** (wall − wall at zero latency) / ideal: what the API's latency added, against the ideal (noise can make it < 0). */
  latencyRatio: number;
  /** API calls per resource, from the emulator's log, the most of any run (the ideal counts 1). */
  callsPerResource: number;
}

/** `pulumi up` and `pulumi refresh` of N Apps. */
export interface ResourceCountRun {
  resources: number;
  up: TimedCommand;
  refresh: TimedCommand;
}

/** What the real CLI measured. */
export interface EngineFigures {
  program: string;
  parallel: number;
  latencyMs: number;
  repeats: number;
  /** The empty program (no resources) at the same latency: Pulumi's fixed cost of a run. */
  overhead: { upMs: number; refreshMs: number };
  runs: ResourceCountRun[];
  /** The dynamic-provider plugin during `pulumi up` of the largest N (the most of any run). */
  providerMemory: ProviderMemory;
  /** Pulumi's dynamic-provider host started but not called (before it loads this package), in MiB. */
  providerHostBaselineRssMb: number;
  /** `pulumi stack export` after the largest N's up. */
  appsState: StateSizes;
  /** `pulumi stack export` of one resource of every kind scenario. */
  kindsState: StateSizes;
  /** API calls of `pulumi up` of the kinds program (compare with the creates counted in the provider host). */
  kindsUpCalls: number;
}

/** Medians of repeated runs of one configuration. */
interface Repeated {
  upMs: number;
  refreshMs: number;
  upCalls: number;
  refreshCalls: number;
  /** The last run's stack. */
  last: BenchStack;
}

async function loggedCallCount(emulator: RunningEmulator): Promise<number> {
  const count = (await apiRequests(emulator)).length;
  await clearRequests(emulator);
  return count;
}

/** `repeats` times: a fresh stack, `pulumi up` (with `watchUp` started before it and stopped after), `pulumi refresh`. */
async function repeatedRuns(
  emulator: RunningEmulator,
  project: BenchProject,
  name: string,
  declaration: BenchDeclaration,
  repeats: number,
  watchUp?: () => () => void,
): Promise<Repeated> {
  const runs: Omit<Repeated, "last">[] = [];
  let last: BenchStack | undefined;
  for (let run = 0; run < repeats; run += 1) {
    last = await project.openStack(`${name}-${run}`, declaration);
    await clearRequests(emulator);
    const stopWatching = watchUp?.();
    const up = await last.up().finally(() => stopWatching?.());
    const upCalls = await loggedCallCount(emulator);
    const refresh = await last.refresh();
    runs.push({
      upMs: up.wallMs,
      refreshMs: refresh.wallMs,
      upCalls,
      refreshCalls: await loggedCallCount(emulator),
    });
  }
  return {
    upMs: median(runs.map((run) => run.upMs)),
    refreshMs: median(runs.map((run) => run.refreshMs)),
    upCalls: Math.max(...runs.map((run) => run.upCalls)),
    refreshCalls: Math.max(...runs.map((run) => run.refreshCalls)),
    last: last as BenchStack,
  };
}

function timedCommand(
  resources: number,
  measured: { wallMs: number; zeroLatencyMs: number; overheadMs: number; calls: number },
  minimumCalls: number,
): TimedCommand {
  const { wallMs, zeroLatencyMs, overheadMs, calls } = measured;
  const idealMs = idealWallMs({
    resources,
    parallel: PARALLEL,
    latencyMs: LATENCY_MS,
    callsPerResource: minimumCalls,
  });
  return {
    wallMs: Math.round(wallMs),
    idealMs,
    ratio: ratioTo(wallMs, idealMs),
    ratioWithoutOverhead: ratioTo(wallMs - overheadMs, idealMs),
    wallAtZeroLatencyMs: Math.round(zeroLatencyMs),
    latencyRatio: ratioTo(wallMs - zeroLatencyMs, idealMs),
    callsPerResource: round(calls / resources, 2),
  };
}

/** The larger of two memory samplings, field by field. */
export function maxMemory(seen: ProviderMemory | undefined, next: ProviderMemory): ProviderMemory {
  if (!seen) return next;
  return {
    peakRssMb: Math.max(seen.peakRssMb, next.peakRssMb),
    sampledTreePeakRssMb: Math.max(seen.sampledTreePeakRssMb, next.sampledTreePeakRssMb),
    programPeakRssMb: Math.max(seen.programPeakRssMb, next.programPeakRssMb),
    samples: seen.samples + next.samples,
  };
}

/**
 * Times `pulumi up` and `pulumi refresh` (`--skip-preview --parallel 10`) of N Apps against the emulator, at 50 ms
 * latency and at none, beside the empty program's runs; samples the provider's memory during the largest ups and
 * exports the states. Every run has a fresh stack of its own; each configuration runs `plan.repeats` times.
 */
export async function measureEngine(
  emulator: RunningEmulator,
  project: BenchProject,
  plan: BenchPlan,
  log: (line: string) => void,
): Promise<EngineFigures> {
  const { resourceCounts, repeats } = plan;
  const providerHostBaselineRssMb = await hostBaselineRssMb();
  log("pulumi up of one resource of every kind");
  const kinds = await project.openStack("kinds", { apps: 0, kinds: true });
  await clearRequests(emulator);
  await kinds.up();
  const kindsUpCalls = await loggedCallCount(emulator);
  const kindsState = stateSizesOf(await kinds.stack.exportState());

  const zeroLatency = new Map<number, Repeated>();
  for (const resources of resourceCounts) {
    log(`pulumi up and refresh of ${resources} Apps, no API latency (${repeats} times)`);
    zeroLatency.set(
      resources,
      await repeatedRuns(
        emulator,
        project,
        `apps${resources}-0ms`,
        { apps: resources, kinds: false },
        repeats,
      ),
    );
  }

  await setFaults(emulator, { latencyMs: LATENCY_MS });
  try {
    log(`pulumi up and refresh of the empty program, ${LATENCY_MS} ms latency (${repeats} times)`);
    const empty = await repeatedRuns(emulator, project, "empty", { apps: 0, kinds: false }, repeats);
    const overhead = { upMs: Math.round(empty.upMs), refreshMs: Math.round(empty.refreshMs) };
    const largest = Math.max(...resourceCounts);
    let providerMemory: ProviderMemory | undefined;
    const watchMemory = () => {
      const sampler = sampleProviderMemory();
      return () => (providerMemory = maxMemory(providerMemory, sampler.stop()));
    };
    const runs: ResourceCountRun[] = [];
    let appsState: StateSizes | undefined;
    for (const resources of resourceCounts) {
      log(`pulumi up and refresh of ${resources} Apps, ${LATENCY_MS} ms latency (${repeats} times)`);
      const declaration = { apps: resources, kinds: false };
      const watch = resources === largest ? watchMemory : undefined;
      const measured = await repeatedRuns(
        emulator,
        project,
        `apps${resources}-${LATENCY_MS}ms`,
        declaration,
        repeats,
        watch,
      );
      if (resources === largest) appsState = stateSizesOf(await measured.last.stack.exportState());
      const zero = zeroLatency.get(resources) as Repeated;
      const up = {
        wallMs: measured.upMs,
        zeroLatencyMs: zero.upMs,
        overheadMs: overhead.upMs,
        calls: measured.upCalls,
      };
      const refresh = {
        wallMs: measured.refreshMs,
        zeroLatencyMs: zero.refreshMs,
        overheadMs: overhead.refreshMs,
        calls: measured.refreshCalls,
      };
      runs.push({
        resources,
        up: timedCommand(resources, up, IDEAL_CALLS.create),
        refresh: timedCommand(resources, refresh, IDEAL_CALLS.refresh),
      });
    }
    if (!providerMemory || !appsState) throw new Error("the largest run measured no memory or state");
    return {
      program: "N Apps (a plain JavaScript program; each App: displayName, description)",
      parallel: PARALLEL,
      latencyMs: LATENCY_MS,
      repeats,
      overhead,
      runs,
      providerMemory,
      providerHostBaselineRssMb,
      appsState,
      kindsState,
      kindsUpCalls,
    };
  } finally {
    await setFaults(emulator, {});
  }
}
