import type { ApiCallFigures } from "./apiCalls";
import type { ClientFigures } from "./clientOverhead";
import type { EngineFigures, ResourceCountRun } from "./engineRuns";
import type { ExportFigures } from "./exportTenant";
import type { FloorComparison, FloorFigures } from "./floorRuns";
import type { MachineInfo } from "./machine";
import { type NativeHeadline, nativeHeadline } from "./nativeReport";
import type { NativeStartup } from "./nativeStartup";
import type { CpuFigures, MicrosByCase } from "./providerCpu";

/** The most `__provider` text a resource may carry in state, in bytes. */
export const PROVIDER_BYTES_BUDGET = 2048;

/** Everything one bench run measured: the headline figures first, then how each was measured. */
export interface BenchReport extends NativeHeadline {
  machine: MachineInfo;
  /** API calls beyond the contract minima, over every kind and operation (budget 0). */
  apiCallsOverMinimum: number;
  /** The largest `__provider` in a real `pulumi stack export` (budget 2,048). */
  providerBytesMax: number;
  /** Bytes of the N = 200 Apps export per App (`floorStateBytesPerResource`: the same of the floor program). */
  stateBytesPerResource: number;
  floorStateBytesPerResource: number;
  /** Our wall time ÷ the floor's (N no-op dynamic resources), alternating runs; null when N was not run (`--quick`). */
  upRatioToFloor200: number;
  noopUpRatioToFloor200: number;
  previewRatioToFloor200: number;
  refreshRatioToFloor200: number;
  destroyRatioToFloor200: number;
  upRatioToFloor1000: number | null;
  noopUpRatioToFloor1000: number | null;
  previewRatioToFloor1000: number | null;
  refreshRatioToFloor1000: number | null;
  destroyRatioToFloor1000: number | null;
  /** Up and refresh time of N Apps (and of the floor) for the curve's counts, and the fitted `time ∝ N^k`. */
  curve: { resources: number; upMs: number; refreshMs: number; floorUpMs: number; floorRefreshMs: number }[];
  upGrowthExponent: number;
  refreshGrowthExponent: number;
  upRatioToIdeal50: number;
  upRatioToIdeal200: number;
  refreshRatioToIdeal50: number;
  refreshRatioToIdeal200: number;
  /** Pulumi's fixed cost: the empty program's `up` and `refresh` at the same latency. */
  engineOverheadMs: { up: number; refresh: number };
  checkMicros: MicrosByCase;
  diffMicros: MicrosByCase;
  clientToUndiciRatio: number;
  emulatorGetPerSecond: number;
  /** Peak RSS of the dynamic-provider host and of the program, during the ups of the largest N (`peakRssResources`). */
  providerPeakRssMb: number;
  programPeakRssMb: number;
  floorProviderPeakRssMb: number;
  floorProgramPeakRssMb: number;
  peakRssResources: number;
  /** Of which Pulumi's dynamic-provider host takes before it loads this package. */
  providerHostBaselineRssMb: number;
  /** Wall time of `pulumi-idgov export` of a tenant of about 1,000 objects. */
  exportMs1000: number;
  /** Correctness budgets: a broken one fails the run. */
  budgets: { passed: boolean; broken: string[] };
  durationSeconds: number;
  details: {
    apiCalls: ApiCallFigures;
    engine: EngineFigures;
    floor: FloorFigures;
    cpu: CpuFigures;
    client: ClientFigures;
    exported: ExportFigures;
  };
}

/** The correctness budgets a report breaks, as sentences (none: the run passes). */
export function brokenBudgets(figures: { apiCallsOverMinimum: number; providerBytesMax: number }): string[] {
  const broken: string[] = [];
  if (figures.apiCallsOverMinimum > 0) {
    broken.push(
      `apiCallsOverMinimum is ${figures.apiCallsOverMinimum}: some operation sends more than its contract minimum`,
    );
  }
  if (figures.providerBytesMax > PROVIDER_BYTES_BUDGET) {
    broken.push(
      `providerBytesMax is ${figures.providerBytesMax}, over the budget of ${PROVIDER_BYTES_BUDGET} bytes`,
    );
  }
  return broken;
}

function runOf(engine: EngineFigures, resources: number): ResourceCountRun {
  const run = engine.runs.find((candidate) => candidate.resources === resources);
  if (!run) throw new Error(`no timed run of ${resources} resources`);
  return run;
}

function comparisonAt(floor: FloorFigures, resources: number): FloorComparison | undefined {
  return floor.comparisons.find((candidate) => candidate.resources === resources);
}

/** The figures of the floor runs under the report's keys (those of N = 1,000 null when it was not run). */
function floorHeadline(floor: FloorFigures) {
  const at200 = comparisonAt(floor, 200);
  if (!at200) throw new Error("no floor comparison of 200 resources");
  const at1000 = comparisonAt(floor, 1000)?.ratios;
  const largest = floor.comparisons.reduce((most, next) => (next.resources > most.resources ? next : most));
  return {
    floorStateBytesPerResource: at200.floorStateBytesPerResource,
    upRatioToFloor200: at200.ratios.up,
    noopUpRatioToFloor200: at200.ratios.noopUp,
    previewRatioToFloor200: at200.ratios.preview,
    refreshRatioToFloor200: at200.ratios.refresh,
    destroyRatioToFloor200: at200.ratios.destroy,
    upRatioToFloor1000: at1000?.up ?? null,
    noopUpRatioToFloor1000: at1000?.noopUp ?? null,
    previewRatioToFloor1000: at1000?.preview ?? null,
    refreshRatioToFloor1000: at1000?.refresh ?? null,
    destroyRatioToFloor1000: at1000?.destroy ?? null,
    curve: floor.comparisons.map(({ resources, ours, floor: noop }) => ({
      resources,
      upMs: ours.up,
      refreshMs: ours.refresh,
      floorUpMs: noop.up,
      floorRefreshMs: noop.refresh,
    })),
    upGrowthExponent: floor.exponents.up,
    refreshGrowthExponent: floor.exponents.refresh,
    providerPeakRssMb: largest.memory.peakRssMb,
    programPeakRssMb: largest.memory.programPeakRssMb,
    floorProviderPeakRssMb: largest.floorMemory.peakRssMb,
    floorProgramPeakRssMb: largest.floorMemory.programPeakRssMb,
    peakRssResources: largest.resources,
  };
}

/** Puts the sections' figures together under the issue's keys and checks the budgets. */
export function buildReport(parts: {
  machine: MachineInfo;
  apiCalls: ApiCallFigures;
  engine: EngineFigures;
  floor: FloorFigures;
  nativeStartup: NativeStartup;
  cpu: CpuFigures;
  client: ClientFigures;
  exported: ExportFigures;
  durationSeconds: number;
}): BenchReport {
  const { machine, apiCalls, engine, floor, cpu, client, exported } = parts;
  const headline = {
    apiCallsOverMinimum: apiCalls.apiCallsOverMinimum,
    providerBytesMax: Math.max(engine.appsState.providerBytesMax, engine.kindsState.providerBytesMax),
  };
  const broken = brokenBudgets(headline);
  return {
    machine,
    ...headline,
    stateBytesPerResource: (comparisonAt(floor, 200) as FloorComparison).stateBytesPerResource,
    ...floorHeadline(floor),
    ...nativeHeadline(floor, parts.nativeStartup),
    upRatioToIdeal50: runOf(engine, 50).up.ratio,
    upRatioToIdeal200: runOf(engine, 200).up.ratio,
    refreshRatioToIdeal50: runOf(engine, 50).refresh.ratio,
    refreshRatioToIdeal200: runOf(engine, 200).refresh.ratio,
    engineOverheadMs: { up: engine.overhead.upMs, refresh: engine.overhead.refreshMs },
    checkMicros: cpu.checkMicros,
    diffMicros: cpu.diffMicros,
    clientToUndiciRatio: client.clientToUndiciRatio,
    emulatorGetPerSecond: client.emulatorGetPerSecond,
    providerHostBaselineRssMb: engine.providerHostBaselineRssMb,
    exportMs1000: exported.exportMs,
    budgets: { passed: broken.length === 0, broken },
    durationSeconds: parts.durationSeconds,
    details: { apiCalls, engine, floor, cpu, client, exported },
  };
}
