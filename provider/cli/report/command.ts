import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { htmlReport } from "./html";
import { REPORT_FORMAT, reportJson, trendOf } from "./history";
import { readReportInputs } from "./inputs";
import { junitReport } from "./junit";
import { markdownReport, pageLink } from "./markdown";
import { countsOf, type FleetReport } from "./model";
import type { ReportOptions } from "./options";
import { ReportOutError } from "./errors";

/** The files a report writes into its folder. */
export const REPORT_FILES = ["report.html", "summary.md", "junit.xml", "report.json"] as const;

/** Refuses a folder that holds files of the user's: only a new or empty one, or one with an earlier report. */
async function checkOut(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    throw new ReportOutError(`--out ${dir}: ${error.code ?? String(error)}`);
  });
  if (names.length === 0) return;
  const earlier = await readFile(path.join(dir, "report.json"), "utf8").catch(() => "");
  const ours = earlier.includes(`"format": "${REPORT_FORMAT}"`);
  const others = names.filter((name) => !(REPORT_FILES as readonly string[]).includes(name));
  if (!ours || others.length > 0)
    throw new ReportOutError(
      `--out ${dir} holds other files (${[...(ours ? others : names)].slice(0, 3).join(", ")}); give a new or empty folder, or one holding only an earlier report`,
    );
}

/** The report of what the inputs say, at `now`. */
export function buildReport(inputs: Awaited<ReturnType<typeof readReportInputs>>, now: Date): FleetReport {
  const generatedAt = now.toISOString();
  const current = countsOf(generatedAt, inputs.stacks, inputs.audit);
  return {
    generatedAt,
    stacks: inputs.stacks,
    trend: trendOf(inputs.earlierRuns, current),
    ...(inputs.audit ? { audit: inputs.audit } : {}),
  };
}

/**
 * Reads every input, then writes the four files into `options.out`; nothing is written when an input cannot be read
 * or the folder holds other files. Answers the report written.
 */
export async function runReport(
  options: ReportOptions,
  env: NodeJS.ProcessEnv = process.env,
  now = new Date(),
): Promise<FleetReport> {
  const report = buildReport(await readReportInputs(options), now);
  await checkOut(options.out);
  const files: Record<(typeof REPORT_FILES)[number], string> = {
    "report.html": htmlReport(report),
    "summary.md": markdownReport(report, pageLink(options.out, env)),
    "junit.xml": junitReport(report),
    "report.json": reportJson(report),
  };
  await mkdir(options.out, { recursive: true });
  for (const name of REPORT_FILES) await writeFile(path.join(options.out, name), files[name]);
  return report;
}
