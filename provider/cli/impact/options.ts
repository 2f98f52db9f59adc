import { readFlags, settingFlagsUsage, settingsUsage, UsageError } from "../flags";

/** The formats `pulumi-idgov impact` writes. */
export const IMPACT_FORMATS = ["table", "json", "markdown"] as const;
export type ImpactFormat = (typeof IMPACT_FORMATS)[number];

/** Exit code when at least one impact crosses the threshold. */
export const CROSSED_EXIT_CODE = 3;

/** What `pulumi-idgov impact` was asked to do. */
export interface ImpactOptions {
  /** The `pulumi preview --json` file; undefined or `-`: standard input. */
  readonly preview: string | undefined;
  readonly format: ImpactFormat;
  /** Counts above this cross it (exit code 3); undefined: the exit code judges nothing. */
  readonly threshold: number | undefined;
  readonly unknownCrosses: boolean;
  /** Connection settings given as flags (`idgov:*` keys). */
  readonly settings: ReadonlyMap<string, string>;
}

/** The `--help` text: every flag, the exit codes and how to run it. */
export function impactUsage(): string {
  return [
    "usage: pulumi preview --json | pulumi-idgov impact [flags]",
    "       pulumi-idgov impact --preview preview.json [flags]",
    "",
    "Says who each planned change touches: reads the plan of `pulumi preview --json` (either door: TypeScript",
    "dynamic resources or the native provider) and, with read-only calls, the tenant's own counts: an app's users",
    "(deleted or replaced), a catalog's members (visibility, enrollment or entitlements changed, or deleted), an app",
    "resource's grants (deleted), every user for session, SSO and cross-app-access settings (naming the sign-in",
    'paths), and an automation enabled, disabled or deleted. A count the service cannot give is written "unknown".',
    "At most one read per changed object; none for unchanged ones.",
    "",
    "  --preview FILE             the `pulumi preview --json` output (default, or -: standard input; through",
    "                             `pulumi plugin run`, which passes no standard input on, name the file)",
    `  --format FORMAT            ${IMPACT_FORMATS.join(", ")} (default: table)`,
    "  --threshold N              exit 3 when an impact counts more than N people, or reaches every user",
    "  --unknown-crosses          with --threshold, an unknown count crosses it too",
    ...settingFlagsUsage(26),
    "  -h, --help                 this text",
    "",
    ...settingsUsage(),
    `Exit codes: 0 nothing crossed the threshold (or none given); ${CROSSED_EXIT_CODE} something crossed it;`,
    "1 the preview or the tenant could not be read, or the preview failed (an error in its plan, a plan cut short):",
    "a plan that cannot be judged is never answered as one that crosses nothing; 2 a bad command line.",
  ].join("\n");
}

function thresholdOf(text: string): number {
  if (!/^\d+$/.test(text))
    throw new UsageError(`--threshold: "${text}" is not a whole number of people (0 or more)`);
  return Number(text);
}

function formatOf(text: string): ImpactFormat {
  const format = IMPACT_FORMATS.find((name) => name === text);
  if (format === undefined)
    throw new UsageError(`--format: "${text}" is not one of ${IMPACT_FORMATS.join(", ")}`);
  return format;
}

/** Parses the flags of `pulumi-idgov impact`; answers "help" for `--help`. */
export function parseImpactArguments(args: readonly string[]): ImpactOptions | "help" {
  let preview: string | undefined;
  let format: ImpactFormat = "table";
  let threshold: number | undefined;
  let unknownCrosses = false;
  const settings = readFlags(args, (flag, value) => {
    if (flag === "--preview") preview = value();
    else if (flag === "--format") format = formatOf(value());
    else if (flag === "--threshold") threshold = thresholdOf(value());
    else if (flag === "--unknown-crosses") unknownCrosses = true;
    else return false;
    return true;
  });
  if (settings === "help") return "help";
  if (unknownCrosses && threshold === undefined)
    throw new UsageError("--unknown-crosses needs --threshold N");
  return { preview, format, threshold, unknownCrosses, settings };
}
