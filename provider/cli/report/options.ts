import { readFlags, UsageError } from "../flags";

/** What `pulumi-idgov report` was asked to do. */
export interface ReportOptions {
  /** Each stack's drift check: the JSON of `pulumi preview --refresh --expect-no-changes --json`. */
  readonly drift: readonly string[];
  /** The JSON of `pulumi-idgov audit --format json`. */
  readonly audit?: string;
  /** A folder of earlier reports' `report.json` (its own, or one in each folder directly below it). */
  readonly history?: string;
  /** Where report.html, summary.md, junit.xml and report.json are written. */
  readonly out: string;
}

/** The `--help` text. */
export function reportUsage(): string {
  return [
    "usage: pulumi-idgov report --drift FILE… [--audit FILE] [--history DIR] --out DIR",
    "",
    "Reads a fleet's nightly checks and writes, into DIR:",
    "  report.html  one self-contained page: each stack clean, drifted or broken, each drifted field with the value",
    "               the code wants and the value found, changes outside the code, objects no stack owns, coverage",
    "               per kind and the trend (no script, nothing fetched; secrets shown as [secret])",
    "  summary.md   a short Markdown summary for $GITHUB_STEP_SUMMARY or a GitLab merge-request note",
    "  junit.xml    each stack a test case: drift a failure naming the fields, a broken check an error",
    "  report.json  this run's counts and the earlier runs', for the next run's --history",
    "",
    "  --drift FILE…   each stack's `pulumi preview --refresh --expect-no-changes --json` (one or more files,",
    "                  repeatable); an empty file is a check that failed before it started",
    "  --audit FILE    the output of `pulumi-idgov audit --format json`",
    "  --history DIR   earlier reports: DIR/report.json and DIR/*/report.json",
    "  --out DIR       where to write; a new or empty folder, or one holding an earlier report",
    "  -h, --help      this text",
    "",
    "Reads no tenant and needs no settings. Nothing is written unless every input reads. Exit code 0 when the",
    "files are written (drift is in them, not in the exit code), 1 when an input cannot be read, 2 for a usage error.",
  ].join("\n");
}

/** `--drift a b c` as `--drift a --drift b --drift c`: the words after `--drift` up to the next flag. */
function oneFilePerFlag(args: readonly string[]): string[] {
  const spread: string[] = [];
  let inDrift = false;
  for (const arg of args) {
    if (arg.startsWith("-") && spread.at(-1) === "--drift") throw new UsageError("--drift needs a FILE");
    if (arg.startsWith("-")) inDrift = arg === "--drift" || arg.startsWith("--drift=");
    else if (inDrift && spread.at(-1) !== "--drift") spread.push("--drift");
    spread.push(arg);
  }
  if (spread.at(-1) === "--drift") throw new UsageError("--drift needs a FILE");
  return spread;
}

/** Parses the flags of `pulumi-idgov report`; answers "help" for `--help`. */
export function parseReportArguments(args: readonly string[]): ReportOptions | "help" {
  const drift: string[] = [];
  let audit: string | undefined;
  let history: string | undefined;
  let out: string | undefined;
  const once = (flag: string, given: string | undefined, value: string) => {
    if (given !== undefined) throw new UsageError(`${flag} is given twice`);
    return value;
  };
  const settings = readFlags(oneFilePerFlag(args), (flag, value) => {
    if (flag === "--drift") drift.push(value());
    else if (flag === "--audit") audit = once(flag, audit, value());
    else if (flag === "--history") history = once(flag, history, value());
    else if (flag === "--out") out = once(flag, out, value());
    else return false;
    return true;
  });
  if (settings === "help") return "help";
  if (settings.size > 0) throw new UsageError("report reads no tenant: it takes no provider settings");
  if (drift.length === 0) throw new UsageError("--drift FILE… is required: each stack's drift check");
  if (out === undefined) throw new UsageError("--out DIR is required");
  return {
    drift,
    out,
    ...(audit === undefined ? {} : { audit }),
    ...(history === undefined ? {} : { history }),
  };
}
