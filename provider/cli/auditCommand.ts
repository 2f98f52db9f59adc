import { readFile } from "node:fs/promises";
import { jsonReport } from "../audit/formats/json";
import { markdownReport } from "../audit/formats/markdown";
import { tableReport } from "../audit/formats/table";
import { type IgnoreRule, parseIgnoreFile } from "../audit/ignore";
import { AUDIT_EXIT } from "../audit/outcome";
import { type AuditReport, runAudit } from "../audit/run";
import { redact } from "../client/redact";
import { auditUsage, type AuditCommandOptions, type AuditFormat, parseAuditArguments } from "./audit/options";
import { readStackState } from "./audit/states";
import { UsageError } from "./flags";

const FORMATTERS: Readonly<Record<AuditFormat, (report: AuditReport) => string>> = {
  table: tableReport,
  json: jsonReport,
  markdown: markdownReport,
};

async function ignoreRules(file: string | undefined): Promise<IgnoreRule[]> {
  if (file === undefined) return [];
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(`--ignore-file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return parseIgnoreFile(text, file);
}

/** Reads the states and the ignore file, audits the tenant, and writes the report to stdout; answers the exit code. */
async function audit(options: AuditCommandOptions): Promise<number> {
  const log = (line: string) => process.stderr.write(`${redact(line)}\n`);
  const stacks = await Promise.all(options.states.map(readStackState));
  for (const stack of stacks)
    log(`audit: ${stack.source}: ${stack.identity.name}, ${stack.resources.length} resources`);
  const report = await runAudit(
    {
      stacks,
      appResourceCollections: options.appResourceCollections,
      ignore: await ignoreRules(options.ignoreFile),
      config: options.config,
    },
    log,
  );
  process.stdout.write(redact(FORMATTERS[options.format](report)));
  return report.summary.exitCode;
}

/**
 * `pulumi-idgov audit`: the report on stdout, progress on stderr. Exit code 0 when every object is managed and in
 * sync, 2 for drift, 4 for unmanaged-class findings, 6 for both, 1 for a usage, state or access error.
 */
export async function runAuditCommand(args: readonly string[]): Promise<number> {
  let options;
  try {
    options = parseAuditArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`pulumi-idgov audit: ${error.message}\n\n${auditUsage()}\n`);
    return AUDIT_EXIT.error;
  }
  if (options === "help") {
    process.stdout.write(`${auditUsage()}\n`);
    return AUDIT_EXIT.inSync;
  }
  try {
    return await audit(options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`pulumi-idgov audit: failed, nothing audited: ${redact(message)}\n`);
    return AUDIT_EXIT.error;
  }
}
