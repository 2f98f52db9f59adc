import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { readAudit } from "./audit";
import { readDriftCheck } from "./driftCheck";
import { historyFiles, runsOf } from "./history";
import type { AuditView, RunCounts, StackResult } from "./model";
import type { ReportOptions } from "./options";
import { ReportInputError } from "./errors";

/** A file's JSON; undefined for an empty file (a check that wrote nothing) when `emptyIs` allows it. */
async function readJson(file: string, what: string, allowEmpty = false): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ReportInputError(`${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (allowEmpty && text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ReportInputError(`${what} ${file}: not JSON: ${(error as Error).message}`);
  }
}

/** Everything a report is made of, read and checked. */
export interface ReportInputs {
  readonly stacks: readonly StackResult[];
  readonly audit?: AuditView;
  readonly earlierRuns: readonly RunCounts[];
}

/**
 * Reads and checks every input: the drift checks, the audit, the earlier reports. Throws on the first that cannot be
 * read, naming it, before anything is written.
 */
export async function readReportInputs(options: ReportOptions): Promise<ReportInputs> {
  const stacks: StackResult[] = [];
  for (const file of options.drift) stacks.push(readDriftCheck(await readJson(file, "--drift", true), file));
  const audit = options.audit
    ? readAudit(await readJson(options.audit, "--audit"), options.audit)
    : undefined;
  const earlierRuns: RunCounts[] = [];
  if (options.history !== undefined) {
    for (const file of (await historyFiles(options.history)).filter((found) => existsSync(found)))
      earlierRuns.push(...runsOf(await readJson(file, "--history"), file));
  }
  return { stacks, earlierRuns, ...(audit ? { audit } : {}) };
}
