import { readFile } from "node:fs/promises";
import { jsonReport } from "../audit/formats/json";
import { markdownReport } from "../audit/formats/markdown";
import { tableReport } from "../audit/formats/table";
import { type IgnoreRule, IgnoreFileError, parseIgnoreFile } from "../audit/ignore";
import { AUDIT_EXIT } from "../audit/outcome";
import { type AuditReport, runAudit } from "../audit/run";
import { redact } from "../errors/redact";
import { auditUsage, type AuditCommandOptions, type AuditFormat, parseAuditArguments } from "./audit/options";
import { readStackState } from "./audit/states";
import { runCommand, type SettingsResolver } from "./runCommand";

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
    throw new IgnoreFileError(
      `--ignore-file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  return parseIgnoreFile(text, file);
}

/** Reads the states and the ignore file, audits the tenant, and writes the report to stdout; answers the exit code. */
async function audit(options: AuditCommandOptions, settings: SettingsResolver): Promise<number> {
  const log = (line: string) => process.stderr.write(`${redact(line)}\n`);
  const stacks = await Promise.all(options.states.map(readStackState));
  for (const stack of stacks)
    log(`audit: ${stack.source}: ${stack.identity.name}, ${stack.resources.length} resources`);
  const report = await runAudit(
    {
      stacks,
      appResourceCollections: options.appResourceCollections,
      ignore: await ignoreRules(options.ignoreFile),
      config: await settings(),
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
export function runAuditCommand(args: readonly string[]): Promise<number> {
  return runCommand<AuditCommandOptions>(
    {
      name: "audit",
      usage: auditUsage,
      parse: parseAuditArguments,
      flags: (options) => options.settings,
      run: audit,
      exits: { usage: AUDIT_EXIT.error, failed: AUDIT_EXIT.error },
      failed: "failed, nothing audited",
    },
    args,
  );
}
