import { describe, expect, it } from "vitest";
import type { ApiCallFigures } from "../apiCalls";
import type { ClientFigures } from "../clientOverhead";
import type { EngineFigures, TimedCommand } from "../engineRuns";
import type { ExportFigures } from "../exportTenant";
import type { CommandTimes, FloorComparison, FloorFigures } from "../floorRuns";
import type { MachineInfo } from "../machine";
import type { CpuFigures } from "../providerCpu";
import { renderText } from "../renderText";
import { brokenBudgets, buildReport } from "../report";
import type { StateSizes } from "../stateSize";

const machine: MachineInfo = {
  cpuModel: "Test CPU",
  cores: 2,
  memoryGb: 8,
  loadAverageAtStart: [0.5, 0.4, 0.3],
  platform: "Linux test x64",
  node: "v20.0.0",
  pulumi: "v3.248.0",
};
const operation = (calls: number, minimum: number, reason?: string) => ({
  calls,
  ideal: 1,
  minimum,
  ...(reason ? { reason } : {}),
  sent: [],
});
const apiCalls: ApiCallFigures = {
  method: "host",
  kinds: [
    {
      label: "SsoSettings",
      kind: "SsoSettings",
      operations: {
        create: operation(2, 2, "a singleton is read first"),
        noopUp: operation(0, 0),
        update: operation(1, 1),
        refresh: operation(1, 1),
        delete: operation(0, 0, "a singleton stays"),
      },
      tokenRequests: 1,
    },
  ],
  apiCallsOverMinimum: 0,
  contractCallsOverIdeal: 1,
  tokenRequests: 1,
};
const state = (providerBytesMax: number): StateSizes => ({
  exportBytes: 1_000_000,
  resources: 200,
  bytesPerResource: 5000,
  providerBytesMax,
  byKind: { App: { resources: 200, providerBytes: providerBytesMax, entryBytes: 3700 } },
});
const timed = (ratio: number): TimedCommand => ({
  wallMs: 1000 * ratio,
  idealMs: 1000,
  ratio,
  ratioWithoutOverhead: ratio - 1,
  wallAtZeroLatencyMs: 900 * ratio,
  latencyRatio: 0.1,
  callsPerResource: 1,
});
const engine: EngineFigures = {
  program: "N Apps",
  parallel: 10,
  latencyMs: 50,
  repeats: 3,
  overhead: { upMs: 3500, refreshMs: 700 },
  runs: [
    { resources: 50, up: timed(30), refresh: timed(10) },
    { resources: 200, up: timed(25), refresh: timed(4) },
  ],
  providerMemory: { peakRssMb: 180, sampledTreePeakRssMb: 175, programPeakRssMb: 150, samples: 300 },
  providerHostBaselineRssMb: 123,
  appsState: state(598),
  kindsState: state(612),
  kindsUpCalls: 17,
};
const times = (scale: number): CommandTimes => ({
  preview: 1000 * scale,
  up: 2000 * scale,
  noopUp: 1500 * scale,
  refresh: 1200 * scale,
  destroy: 1800 * scale,
});
const memory = (peakRssMb: number) => ({
  peakRssMb,
  sampledTreePeakRssMb: 0,
  programPeakRssMb: peakRssMb / 2,
  samples: 9,
});
const comparison = (resources: number, slower: number): FloorComparison => ({
  resources,
  ours: times((resources / 100) * slower),
  floor: times(resources / 100),
  native: times((resources / 100) * (slower - 0.1)),
  ratios: { preview: slower, up: slower, noopUp: slower, refresh: slower, destroy: slower + 0.5 },
  nativeRatios: { preview: 0.9, up: 0.8, noopUp: 0.7, refresh: 0.6, destroy: resources / 2000 },
  nativeStateBytesPerResource: 1500 + resources,
  nativeMemory: memory(resources / 10),
  nativeRefreshRequests: resources / 10 + 3,
  nativeRefreshSweepPages: resources / 100 + 1,
  stateBytesPerResource: 2900 + resources,
  floorStateBytesPerResource: 3000 + resources,
  memory: memory(resources),
  floorMemory: memory(resources / 2),
});
const floor: FloorFigures = {
  method: "alternating",
  repeats: 3,
  comparisons: [comparison(100, 1.01), comparison(200, 1.05), comparison(1000, 1.08)],
  exponents: { up: 1.2, refresh: 1.1, floorUp: 1.15, floorRefresh: 1.05 },
};
const cpu: CpuFigures = {
  method: "in process",
  checkMicros: { automation50Steps: 270, catalog500Entitlements: 380, max: 380 },
  diffMicros: { automation50Steps: 490, catalog500Entitlements: 2500, max: 2500 },
};
const client: ClientFigures = {
  method: "16 in flight",
  concurrency: 16,
  clientPerSecond: 2900,
  undiciPerSecond: 3000,
  clientToUndiciRatio: 0.97,
  emulatorGetPerSecond: 3500,
};
const nativeStartup = { startupMs: 420, npmStartupMs: 510, runs: 5 };
const exported: ExportFigures = { objects: 1040, exportMs: 900, apiCalls: 60, method: "in process" };

describe("the bench report", () => {
  const report = buildReport({
    machine,
    apiCalls,
    engine,
    floor,
    nativeStartup,
    cpu,
    client,
    exported,
    durationSeconds: 300,
  });

  it("carries every figure of the issue under its key, beside the machine", () => {
    expect(report).toMatchObject({
      machine,
      apiCallsOverMinimum: 0,
      providerBytesMax: 612,
      stateBytesPerResource: 3100,
      floorStateBytesPerResource: 3200,
      upRatioToFloor200: 1.05,
      noopUpRatioToFloor200: 1.05,
      previewRatioToFloor200: 1.05,
      refreshRatioToFloor200: 1.05,
      destroyRatioToFloor200: 1.55,
      upRatioToFloor1000: 1.08,
      destroyRatioToFloor1000: 1.58,
      upGrowthExponent: 1.2,
      refreshGrowthExponent: 1.1,
      programPeakRssMb: 500,
      floorProviderPeakRssMb: 500,
      floorProgramPeakRssMb: 250,
      peakRssResources: 1000,
      upRatioToIdeal50: 30,
      upRatioToIdeal200: 25,
      refreshRatioToIdeal50: 10,
      refreshRatioToIdeal200: 4,
      engineOverheadMs: { up: 3500, refresh: 700 },
      checkMicros: { max: 380 },
      diffMicros: { max: 2500 },
      clientToUndiciRatio: 0.97,
      emulatorGetPerSecond: 3500,
      providerPeakRssMb: 1000,
      providerHostBaselineRssMb: 123,
      exportMs1000: 900,
      budgets: { passed: true, broken: [] },
    });
  });

  it("carries the native provider's figures under their keys: ratios and refresh requests at 200 and 1,000, state, start-up, memory", () => {
    expect(report).toMatchObject({
      nativePreviewRatioToFloor200: 0.9,
      nativeUpRatioToFloor200: 0.8,
      nativeNoopUpRatioToFloor200: 0.7,
      nativeRefreshRatioToFloor200: 0.6,
      nativeDestroyRatioToFloor200: 0.1,
      nativeUpRatioToFloor1000: 0.8,
      nativeDestroyRatioToFloor1000: 0.5,
      nativeStateBytesPerResource: 1700,
      nativeStartupMs: 420,
      nativeStartupNpmMs: 510,
      nativePluginPeakRssMb: 100,
      nativeRefreshRequests200: 23,
      nativeRefreshRequests1000: 103,
      nativeRefreshSweepPages200: 3,
      nativeRefreshSweepPages1000: 11,
    });
  });

  it("gives the curve of every count run, ours beside the floor's", () => {
    expect(report.curve).toEqual([
      { resources: 100, upMs: 2020, refreshMs: 1212, floorUpMs: 2000, floorRefreshMs: 1200 },
      { resources: 200, upMs: 4200, refreshMs: 2520, floorUpMs: 4000, floorRefreshMs: 2400 },
      { resources: 1000, upMs: 21600, refreshMs: 12960, floorUpMs: 20000, floorRefreshMs: 12000 },
    ]);
  });

  it("leaves the N = 1,000 ratios null when a quick run did not reach it", () => {
    const quick = buildReport({
      machine,
      apiCalls,
      engine,
      floor: { ...floor, comparisons: [comparison(50, 1.3), comparison(200, 1.2)] },
      nativeStartup,
      cpu,
      client,
      exported,
      durationSeconds: 60,
    });
    expect(quick).toMatchObject({
      upRatioToFloor200: 1.2,
      upRatioToFloor1000: null,
      noopUpRatioToFloor1000: null,
      previewRatioToFloor1000: null,
      refreshRatioToFloor1000: null,
      destroyRatioToFloor1000: null,
      nativeUpRatioToFloor200: 0.8,
      nativeUpRatioToFloor1000: null,
      nativeDestroyRatioToFloor1000: null,
      peakRssResources: 200,
    });
  });

  it("survives JSON unchanged, so --json prints exactly it", () => {
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it("fails the budgets with a sentence for each one broken", () => {
    expect(brokenBudgets({ apiCallsOverMinimum: 0, providerBytesMax: 2048 })).toEqual([]);
    expect(brokenBudgets({ apiCallsOverMinimum: 2, providerBytesMax: 2049 })).toEqual([
      "apiCallsOverMinimum is 2: some operation sends more than its contract minimum",
      "providerBytesMax is 2049, over the budget of 2048 bytes",
    ]);
    const over = buildReport({
      machine,
      apiCalls: { ...apiCalls, apiCallsOverMinimum: 1 },
      engine,
      floor,
      nativeStartup,
      cpu,
      client,
      exported,
      durationSeconds: 1,
    });
    expect(over.budgets).toEqual({
      passed: false,
      broken: ["apiCallsOverMinimum is 1: some operation sends more than its contract minimum"],
    });
  });

  it("prints the calls beside their minima, the reasons, the ratios and the machine as text", () => {
    const text = renderText(report);
    expect(text).toContain("machine: Test CPU, 2 cores, 8 GB, load average 0.5 0.4 0.3 at start");
    expect(text).toMatch(/SsoSettings\s+2\/2\*\s+0\/0\s+1\/1\s+1\/1\s+0\/0\*/);
    expect(text).toContain("SsoSettings create: minimum 2, a singleton is read first");
    expect(text).toMatch(/pulumi up\s+200\s+25\.0 s\s+1\.0 s\s+25\s+24/);
    expect(text).toContain("fixed engine overhead (empty program): up 3.5 s, refresh 700 ms");
    expect(text).toContain("budgets: all kept");
    expect(text).toMatch(/200\s+up\s+4\.2 s\s+3\.8 s\s+4\.0 s\s+1\.05\s+0\.8/);
    expect(text).toContain("N = 200, native: state 1,700 B per resource; plugin peak 20 MB, program 10 MB");
    expect(text).toContain(
      "pulumi-resource-idgov start-up (to its port on stdout, median): release executable 420 ms (goal ≤ 100 ms on a quiet machine), npm bin 510 ms",
    );
  });
});
