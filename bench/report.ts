import type { ApiCallFigures } from "./apiCalls";
import type { ClientFigures } from "./clientOverhead";
import type { EngineFigures, ResourceCountRun } from "./engineRuns";
import type { ExportFigures } from "./exportTenant";
import type { MachineInfo } from "./machine";
import type { CpuFigures, MicrosByCase } from "./providerCpu";

/** The most `__provider` text a resource may carry in state, in bytes. */
export const PROVIDER_BYTES_BUDGET = 2048;

/** Everything one bench run measured: the headline figures first, then how each was measured. */
export interface BenchReport {
  machine: MachineInfo;
  /** API calls beyond the contract minima, over every kind and operation (budget 0). */
  apiCallsOverMinimum: number;
  /** The largest `__provider` in a real `pulumi stack export` (budget 2,048). */
  providerBytesMax: number;
  /** Bytes of the N = 200 Apps export per App. */
  stateBytesPerResource: number;
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
  providerPeakRssMb: number;
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

/** Puts the sections' figures together under the issue's keys and checks the budgets. */
export function buildReport(parts: {
  machine: MachineInfo;
  apiCalls: ApiCallFigures;
  engine: EngineFigures;
  cpu: CpuFigures;
  client: ClientFigures;
  exported: ExportFigures;
  durationSeconds: number;
}): BenchReport {
  const { machine, apiCalls, engine, cpu, client, exported } = parts;
  const headline = {
    apiCallsOverMinimum: apiCalls.apiCallsOverMinimum,
    providerBytesMax: Math.max(engine.appsState.providerBytesMax, engine.kindsState.providerBytesMax),
  };
  const broken = brokenBudgets(headline);
  return {
    machine,
    ...headline,
    stateBytesPerResource: engine.appsState.bytesPerResource,
    upRatioToIdeal50: runOf(engine, 50).up.ratio,
    upRatioToIdeal200: runOf(engine, 200).up.ratio,
    refreshRatioToIdeal50: runOf(engine, 50).refresh.ratio,
    refreshRatioToIdeal200: runOf(engine, 200).refresh.ratio,
    engineOverheadMs: { up: engine.overhead.upMs, refresh: engine.overhead.refreshMs },
    checkMicros: cpu.checkMicros,
    diffMicros: cpu.diffMicros,
    clientToUndiciRatio: client.clientToUndiciRatio,
    emulatorGetPerSecond: client.emulatorGetPerSecond,
    providerPeakRssMb: engine.providerMemory.peakRssMb,
    providerHostBaselineRssMb: engine.providerHostBaselineRssMb,
    exportMs1000: exported.exportMs,
    budgets: { passed: broken.length === 0, broken },
    durationSeconds: parts.durationSeconds,
    details: { apiCalls, engine, cpu, client, exported },
  };
}
