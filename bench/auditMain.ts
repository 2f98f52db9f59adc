/**
 * `npm run bench:audit [-- --json] [--sizes 1000,5000,10000]`: grows the emulator's tenant to each size (70% apps, 15%
 * catalogs, 15% automations; two stacks holding a quarter each) and times `pulumi-idgov audit` of it, counting the
 * requests it sends. Exits 1 when an audit sends more than one request per page of each listed kind plus one per
 * singleton.
 */
import { measureAudit } from "./auditTenant";
import { startEmulatorProcess } from "./emulatorProcess";
import { machineInfo } from "./machine";

function sizesOf(args: readonly string[]): number[] {
  const index = args.indexOf("--sizes");
  const text = index >= 0 ? args[index + 1] : undefined;
  return text ? text.split(",").map(Number) : [1000, 5000, 10000];
}

async function bench(args: readonly string[]): Promise<number> {
  const machine = machineInfo();
  process.stderr.write(
    `bench: ${machine.cpuModel}, ${machine.cores} cores, load ${machine.loadAverageAtStart.join(" ")}\n`,
  );
  const emulator = await startEmulatorProcess();
  try {
    const figures = await measureAudit(emulator, sizesOf(args));
    if (args.includes("--json")) process.stdout.write(`${JSON.stringify({ machine, figures }, null, 2)}\n`);
    else {
      process.stdout.write("objects  held  audit ms  requests (by method)        budget\n");
      for (const row of figures) {
        const total = Object.values(row.requests).reduce((sum, count) => sum + count, 0);
        const methods = Object.entries(row.requests)
          .map(([method, count]) => `${method} ${count}`)
          .join(", ");
        process.stdout.write(
          `${String(row.objects).padStart(7)}  ${String(row.held).padStart(4)}  ${String(row.auditMs).padStart(8)}  ${`${total} (${methods})`.padEnd(26)}  ${row.requestBudget}\n`,
        );
      }
    }
    const over = figures.filter(
      (row) => Object.values(row.requests).reduce((a, b) => a + b, 0) > row.requestBudget,
    );
    return over.length === 0 ? 0 : 1;
  } finally {
    await emulator.close();
  }
}

bench(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `bench: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
