import { readdir } from "node:fs/promises";
import * as path from "node:path";
import { countsOf, type FleetReport, type RunCounts } from "./model";
import { ReportInputError } from "./errors";

/** What marks a `report.json` as this command's. */
export const REPORT_FORMAT = "pulumi-idgov-report";
/** The version of `report.json`'s shape. */
export const REPORT_VERSION = 1;
/** The most runs a report keeps for its trend. */
export const TREND_RUNS = 30;

/**
 * The machine-readable `report.json`: this run's counts and the earlier ones it was given (at most
 * {@link TREND_RUNS}, oldest first), and each stack's status, so a later run's `--history` carries the whole trend.
 */
export function reportJson(report: FleetReport): string {
  const document = {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    generatedAt: report.generatedAt,
    runs: report.trend,
    stacks: report.stacks.map((stack) => ({
      name: stack.name,
      status: stack.status,
      driftedObjects: stack.drifted.length,
      changedOutsideTheCode: stack.outside.length,
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

const COUNT_KEYS = ["stacks", "clean", "drifted", "broken", "driftedObjects"] as const;

function runOf(value: unknown, file: string, index: number): RunCounts {
  const run = value as Record<string, unknown> | null;
  const valid =
    typeof run === "object" &&
    run !== null &&
    typeof run.at === "string" &&
    COUNT_KEYS.every((key) => Number.isInteger(run[key])) &&
    (run.unowned === undefined || Number.isInteger(run.unowned));
  if (!valid) throw new ReportInputError(`${file}: runs[${index}] is not a run's counts`);
  return run as unknown as RunCounts;
}

/** The runs an earlier `report.json` holds; throws {@link ReportInputError} naming the file for another shape. */
export function runsOf(document: unknown, file: string): RunCounts[] {
  const report = document as Record<string, unknown> | null;
  if (typeof report !== "object" || report === null || report.format !== REPORT_FORMAT)
    throw new ReportInputError(`${file}: not a report.json of \`pulumi-idgov report\``);
  if (report.version !== REPORT_VERSION || !Array.isArray(report.runs))
    throw new ReportInputError(
      `${file}: report.json version ${String(report.version)} is not ${REPORT_VERSION}`,
    );
  return report.runs.map((run, index) => runOf(run, file, index));
}

/** The `report.json` files of a history folder: its own, and one in each folder directly below it (one a run). */
export async function historyFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new ReportInputError(`--history ${dir}: ${error.code ?? String(error)}`);
  });
  const files = entries.flatMap((entry) =>
    entry.isFile() && entry.name === "report.json"
      ? [path.join(dir, entry.name)]
      : entry.isDirectory()
        ? [path.join(dir, entry.name, "report.json")]
        : [],
  );
  return files.sort();
}

/** The trend: every earlier run once (by time), then this one, the last {@link TREND_RUNS}. */
export function trendOf(earlier: readonly RunCounts[], current: RunCounts): RunCounts[] {
  const byTime = new Map(earlier.filter((run) => run.at < current.at).map((run) => [run.at, run]));
  return [...[...byTime.values()].sort((a, b) => a.at.localeCompare(b.at)), current].slice(-TREND_RUNS);
}

export { countsOf };
