/**
 * `npm run bench [-- --json] [--quick]`: measures, in one run against the emulator, API calls per operation of every
 * kind, state size, wall time of `pulumi up`/`refresh` for N resources, the provider's CPU and memory, and client and
 * emulator throughput, each beside its ideal; then N Apps against N no-op dynamic resources (the engine's floor),
 * alternating, for N = 100, 200, 500 and 1,000 (`--quick`: 50 and 200, one run each). Prints a table (or one JSON object with `--json`); exits 1 when a
 * correctness budget is broken (calls over the contract minima, `__provider` over 2,048 bytes). With `--native`, only
 * the native provider against the floor at N = 200 and 1,000 (`bench/nativeBench.ts`); `--native --large` measures
 * growth instead: N = 200, 1,000 and 5,000 in the headline setting only (`large5000`: times, growth exponents beside
 * the floor's, the plugin's peak RSS), every stack of that run with `PULUMI_SKIP_CHECKPOINTS=true`.
 */
import { measureApiCalls } from "./apiCalls";
import { type BenchPlan, FULL_PLAN, QUICK_PLAN } from "./benchPlan";
import { openBenchProject } from "./benchStack";
import { measureClient } from "./clientOverhead";
import { startEmulatorProcess } from "./emulatorProcess";
import { measureEngine } from "./engineRuns";
import { measureExport } from "./exportTenant";
import { measureFloor } from "./floorRuns";
import { benchNative } from "./nativeBench";
import { measureNativeStartup } from "./nativeStartup";
import { round } from "./ideal";
import { machineInfo } from "./machine";
import { measureProviderCpu } from "./providerCpu";
import { renderText } from "./renderText";
import { buildReport } from "./report";
import { KIND_SCENARIOS } from "./scenarios";

const USAGE = "usage: npm run bench [-- [--json] [--quick] [--native [--large]]]";

/** Progress goes to stderr, so that stdout holds only the report. */
function log(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}

async function bench(json: boolean, plan: BenchPlan): Promise<number> {
  const machine = machineInfo();
  const started = performance.now();
  // The provider serializer and the Pulumi CLI run Node children whose deprecation warnings are noise here.
  process.env.NODE_NO_WARNINGS = "1";
  log(`${machine.cpuModel}, ${machine.cores} cores, load average ${machine.loadAverageAtStart.join(" ")}`);
  log("provider CPU: check and diff of large resources");
  const cpu = measureProviderCpu();
  const emulator = await startEmulatorProcess();
  try {
    log(`client and emulator throughput (emulator at ${emulator.url})`);
    const client = await measureClient(emulator);
    log("API calls per operation of every kind, in the dynamic-provider host");
    const apiCalls = await measureApiCalls(emulator, KIND_SCENARIOS);
    log("installing the bench program with the packed package");
    const project = await openBenchProject(emulator, KIND_SCENARIOS);
    const measured = async () => {
      const engine = await measureEngine(emulator, project, plan, log);
      log(
        "against the floor: N Apps (dynamic, native) and N no-op dynamic resources, rotating, no API latency",
      );
      const floor = await measureFloor(project, plan, log);
      log("pulumi-resource-idgov start-up");
      return { engine, floor, nativeStartup: await measureNativeStartup(project.programDir) };
    };
    const { engine, floor, nativeStartup } = await measured().finally(() => project.remove());
    log("pulumi-idgov export of a 1,000-object tenant");
    const exported = await measureExport(emulator);
    const durationSeconds = round((performance.now() - started) / 1000);
    const report = buildReport({
      machine,
      apiCalls,
      engine,
      floor,
      nativeStartup,
      cpu,
      client,
      exported,
      durationSeconds,
    });
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : `${renderText(report)}\n`);
    for (const broken of report.budgets.broken) log(`budget broken: ${broken}`);
    return report.budgets.passed ? 0 : 1;
  } finally {
    await emulator.close();
  }
}

const args = process.argv.slice(2);
const unknown = args.filter((arg) => !["--json", "--quick", "--native", "--large"].includes(arg));
if (unknown.length > 0) {
  process.stderr.write(`bench: unknown argument ${unknown.join(" ")}\n${USAGE}\n`);
  process.exit(2);
}
const plan = args.includes("--quick") ? QUICK_PLAN : FULL_PLAN;
const run = args.includes("--native")
  ? benchNative(args.includes("--json"), plan, log, args.includes("--large"))
  : bench(args.includes("--json"), plan);
run.then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
