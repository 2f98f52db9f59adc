import { FLOOR_COMMANDS } from "./floorRuns";
import { OPERATIONS } from "./ideal";
import { type BenchReport, PROVIDER_BYTES_BUDGET } from "./report";
import { duration, grouped, textTable } from "./textTable";

function machineLine({ machine }: BenchReport): string {
  const load = machine.loadAverageAtStart.join(" ");
  return (
    `machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGb} GB, load average ${load} at start; ` +
    `${machine.platform}; Node ${machine.node}; Pulumi ${machine.pulumi}`
  );
}

function apiCallsSection(report: BenchReport): string {
  const { apiCalls } = report.details;
  const header = ["kind", "create", "no-op up", "update", "refresh", "delete"];
  const notes: string[] = [];
  const rows = apiCalls.kinds.map((row) => [
    row.label,
    ...OPERATIONS.map((operation) => {
      const counted = row.operations[operation];
      const over = counted.calls > counted.minimum ? " OVER" : "";
      if (counted.reason)
        notes.push(`  ${row.label} ${operation}: minimum ${counted.minimum}, ${counted.reason}`);
      return `${counted.calls}/${counted.minimum}${counted.reason ? "*" : ""}${over}`;
    }),
  ]);
  return [
    "1. API calls per operation: sent / contract minimum (ideal: 1, 0, 1, 1, 1)",
    `   ${apiCalls.method}; ${apiCalls.tokenRequests} token request(s) in all`,
    textTable(header, rows),
    "* contract minimum differs from the ideal:",
    ...notes,
    `apiCallsOverMinimum ${apiCalls.apiCallsOverMinimum} (must be 0); the contracts need ${apiCalls.contractCallsOverIdeal} call(s) over the ideal`,
  ].join("\n");
}

function stateSection(report: BenchReport): string {
  const { appsState, kindsState, kindsUpCalls } = report.details.engine;
  const rows = Object.entries(kindsState.byKind).map(([kind, size]) => [
    kind,
    size.providerBytes,
    size.entryBytes,
  ]);
  return [
    "2. State (pulumi stack export)",
    `providerBytesMax ${report.providerBytesMax} (budget ${grouped(PROVIDER_BYTES_BUDGET)}); ` +
      `stateBytesPerResource ${grouped(report.stateBytesPerResource)} (export of ${appsState.resources} Apps, ` +
      `${grouped(appsState.exportBytes)} bytes, / ${appsState.resources})`,
    textTable(["kind (one of each)", "__provider bytes", "entry bytes"], rows),
    `(pulumi up of the one-of-each program sent ${kindsUpCalls} API calls)`,
  ].join("\n");
}

function wallTimeSection(report: BenchReport): string {
  const { engine } = report.details;
  const rows = engine.runs.flatMap((run) =>
    (["up", "refresh"] as const).map((command) => {
      const timed = run[command];
      return [
        `pulumi ${command}`,
        run.resources,
        duration(timed.wallMs),
        duration(timed.idealMs),
        timed.ratio,
        timed.ratioWithoutOverhead,
        duration(timed.wallAtZeroLatencyMs),
        timed.latencyRatio,
        timed.callsPerResource,
      ];
    }),
  );
  const header = [
    "command",
    "N",
    "wall",
    "ideal",
    "ratio",
    "ratio - overhead",
    "wall at 0 ms",
    "latency ratio",
    "calls/N",
  ];
  return [
    `3. Wall time: ${engine.program}; --skip-preview --parallel ${engine.parallel}, ${engine.latencyMs} ms API ` +
      `latency; medians of ${engine.repeats} runs, each on a fresh stack`,
    `   ideal = ceil(N / ${engine.parallel}) × ${engine.latencyMs} ms × 1 call; ratio - overhead takes out the empty ` +
      `program's run; latency ratio = (wall − wall at 0 ms) / ideal`,
    textTable(header, rows),
    `fixed engine overhead (empty program): up ${duration(engine.overhead.upMs)}, ` +
      `refresh ${duration(engine.overhead.refreshMs)}`,
  ].join("\n");
}

function floorSection(report: BenchReport): string {
  const { floor } = report.details;
  const header = ["N", "command", "ours", "native", "floor", "ours ÷ floor", "native ÷ floor"];
  const rows = floor.comparisons.flatMap((comparison) =>
    FLOOR_COMMANDS.map((command) => [
      comparison.resources,
      command,
      duration(comparison.ours[command]),
      duration(comparison.native[command]),
      duration(comparison.floor[command]),
      comparison.ratios[command],
      comparison.nativeRatios[command],
    ]),
  );
  const memory = floor.comparisons.map(
    ({ resources, stateBytesPerResource, floorStateBytesPerResource, memory: ours, floorMemory }) =>
      `N = ${resources}: state ${grouped(stateBytesPerResource)} vs ${grouped(floorStateBytesPerResource)} B per ` +
      `resource; provider peak ${ours.peakRssMb} vs ${floorMemory.peakRssMb} MB, program ${ours.programPeakRssMb} ` +
      `vs ${floorMemory.programPeakRssMb} MB`,
  );
  const native = floor.comparisons.map(
    ({ resources, nativeStateBytesPerResource, nativeMemory }) =>
      `N = ${resources}, native: state ${grouped(nativeStateBytesPerResource)} B per resource; plugin peak ` +
      `${nativeMemory.peakRssMb} MB, program ${nativeMemory.programPeakRssMb} MB`,
  );
  const { exponents } = floor;
  return [
    `3b. Against the floor: ${floor.method}; ${floor.repeats} run(s) of each`,
    textTable(header, rows),
    ...memory,
    ...native,
    `pulumi-resource-idgov start-up (to its port on stdout, median): release executable ${duration(report.nativeStartupMs)} (goal ≤ 100 ms on a quiet machine), npm bin ${duration(report.nativeStartupNpmMs)}`,
    `growth exponent (time ∝ N^k): up ${exponents.up} (floor ${exponents.floorUp}), refresh ${exponents.refresh} ` +
      `(floor ${exponents.floorRefresh})`,
  ].join("\n");
}

function cpuSection(report: BenchReport): string {
  const { cpu } = report.details;
  const cases = Object.keys(cpu.checkMicros).filter((key) => key !== "max");
  const rows = cases.map((label) => [label, cpu.checkMicros[label] ?? 0, cpu.diffMicros[label] ?? 0]);
  return [
    "4. Provider CPU per operation (microseconds)",
    `   ${cpu.method}`,
    textTable(["case", "check µs", "diff µs"], rows),
  ].join("\n");
}

function throughputSection(report: BenchReport): string {
  const { client, engine } = report.details;
  return [
    `5. Client: ${grouped(client.clientPerSecond)} requests/s through IdgovClient, ${grouped(client.undiciPerSecond)} ` +
      `with bare undici.request: clientToUndiciRatio ${client.clientToUndiciRatio}`,
    `   ${client.method}`,
    `6. Emulator: ${grouped(client.emulatorGetPerSecond)} simple GETs/s`,
    `7. Peak memory, pulumi up of ${report.peakRssResources} Apps (VmHWM): provider host ` +
      `${report.providerPeakRssMb} MB (the floor's ${report.floorProviderPeakRssMb} MB), program ` +
      `${report.programPeakRssMb} MB (the floor's ${report.floorProgramPeakRssMb} MB); at 50 ms latency, ` +
      `${engine.runs.at(-1)?.resources} Apps: provider tree sampled at most ${engine.providerMemory.sampledTreePeakRssMb} MB ` +
      `in ${engine.providerMemory.samples} samples of /proc; Pulumi's host alone, before it loads the package: ` +
      `${report.providerHostBaselineRssMb} MB`,
    `8. pulumi-idgov export of ${grouped(report.details.exported.objects)} objects: ${grouped(report.exportMs1000)} ms, ` +
      `${grouped(report.details.exported.apiCalls)} API calls (exportMs1000)`,
    `   ${report.details.exported.method}`,
  ].join("\n");
}

/** The report as the human-readable text `npm run bench` prints. */
export function renderText(report: BenchReport): string {
  const verdict = report.budgets.passed
    ? "budgets: all kept"
    : `budgets BROKEN:\n${report.budgets.broken.map((line) => `  ${line}`).join("\n")}`;
  return [
    `pulumi-idgov bench (${report.durationSeconds} s)`,
    machineLine(report),
    apiCallsSection(report),
    stateSection(report),
    wallTimeSection(report),
    floorSection(report),
    cpuSection(report),
    throughputSection(report),
    verdict,
  ].join("\n\n");
}
