import type { ConfigSource, ProviderConfig } from "../../client/config";
import { readFlags, settingFlagsUsage, settingsUsage, UsageError } from "../flags";
import { EXPORT_KINDS, type ExportKind, exportKindNamed } from "./kinds";
import type { AppResourceType } from "./read";

/** What `pulumi-idgov export` writes: a TypeScript program, or Pulumi's bulk-import file. */
export const EXPORT_FORMATS = ["typescript", "pulumi-import"] as const;

/** One of {@link EXPORT_FORMATS}. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What `pulumi-idgov export` was asked to do. */
export interface ExportOptions {
  /** The program's directory (`typescript`), or the import file (`pulumi-import`). */
  readonly out: string;
  readonly format: ExportFormat;
  readonly kinds: ReadonlySet<ExportKind>;
  readonly apps: readonly string[];
  /** Only the objects with these ids; empty: every object. */
  readonly ids: readonly string[];
  readonly appResourceTypes: readonly AppResourceType[];
  readonly accessReviews: readonly string[];
  readonly includeManaged: boolean;
  /** Write into an `--out` that holds files (over those of the same names), or over an existing import file. */
  readonly force: boolean;
  /** Declare every resource with `protect: true` (`--no-protect` leaves it out). */
  readonly protect: boolean;
  /** The `pulumi-idgov` dependency spec of the program's package.json. @default the spec this copy was installed from */
  readonly packageSpec: string | undefined;
  readonly project: string;
  /** RFC 3339 time written in the README. @default `SOURCE_DATE_EPOCH`, else now */
  readonly exportedAt: string | undefined;
  /** Connection settings given as flags (`idgov:*` keys). */
  readonly settings: ReadonlyMap<string, string>;
  /**
   * What the run connects with: the settings the command resolved (see `SETTINGS_ORDER`), or, as parsed, the flags
   * alone with `IDGOV_*` variables as fallback.
   */
  readonly config: ConfigSource | ProviderConfig;
}

/** The `--help` text: every flag. */
export function exportUsage(): string {
  return [
    "usage: pulumi-idgov export --out DIR [flags]",
    "",
    "Reads the tenant and writes a Pulumi TypeScript program that adopts it (Pulumi.yaml, package.json,",
    "tsconfig.json, index.ts and README.md). Exit code 0 only when every object read was written.",
    "",
    "  --out DIR                          where to write the program (created when missing; a folder that holds",
    "                                     files is refused); with --format pulumi-import, the import file to write",
    "                                     (an existing one is refused)",
    "  --force                            write into a folder that holds files, or over an existing import file",
    "  --format FORMAT                    typescript (default): the program; pulumi-import: the file",
    "                                     `pulumi import -f FILE` reads, for the native provider idgov",
    `  --kinds LIST                       comma-separated kinds to read (default: all): ${EXPORT_KINDS.join(",")}`,
    "  --app ID                           only this app and its catalogs, automations and app resources (repeatable)",
    "  --id ID[,ID...]                    only the objects with these ids, of whatever kind (repeatable)",
    "  --app-resources APP/TYPE           also read the app resources of this app and resource type (repeatable)",
    "  --access-review ID                 also read the scope of this access-review campaign (repeatable)",
    "  --include-managed                  declare objects another tool or workspace manages, allowTakeover commented",
    "  --no-protect                       leave out protect: true (then pulumi destroy deletes adopted objects)",
    "  --package-spec SPEC                the pulumi-idgov dependency written to package.json (default: the version,",
    "                                     git URL, tarball or path this copy was installed from)",
    "  --project NAME                     the Pulumi project name (default: idgov-tenant)",
    "  --exported-at TIME                 the time the README states (default: SOURCE_DATE_EPOCH, else now)",
    ...settingFlagsUsage(34),
    "  -h, --help                         this text",
    "",
    ...settingsUsage(),
  ].join("\n");
}

function parseKinds(text: string): Set<ExportKind> {
  const kinds = new Set<ExportKind>();
  for (const name of text.split(",").filter((item) => item.trim() !== "")) {
    const kind = exportKindNamed(name);
    if (!kind) throw new UsageError(`--kinds: "${name}" is not a kind (one of ${EXPORT_KINDS.join(", ")})`);
    kinds.add(kind);
  }
  if (kinds.size === 0) throw new UsageError("--kinds: name at least one kind");
  return kinds;
}

function parseAppResourceType(text: string): AppResourceType {
  const [appId, appResourceTypeId, ...rest] = text.split("/");
  if (!appId || !appResourceTypeId || rest.length > 0) {
    throw new UsageError(`--app-resources: "${text}" is not APP/TYPE (an app id and a resource type id)`);
  }
  return { appId, appResourceTypeId };
}

function parseIds(text: string): string[] {
  const ids = text.split(",").map((id) => id.trim());
  if (ids.some((id) => id === ""))
    throw new UsageError(`--id: "${text}" names an empty id (write ID or ID,ID)`);
  return ids;
}

function formatOf(text: string): ExportFormat {
  const format = EXPORT_FORMATS.find((known) => known === text);
  if (!format)
    throw new UsageError(`--format: "${text}" is not a format (one of ${EXPORT_FORMATS.join(", ")})`);
  return format;
}

function exportedAtOf(text: string): string {
  const millis = Date.parse(text);
  if (Number.isNaN(millis)) throw new UsageError(`--exported-at: "${text}" is not an RFC 3339 time`);
  return new Date(millis).toISOString();
}

/** Parses the flags of `pulumi-idgov export`; answers "help" for `--help`. */
export function parseExportArguments(args: readonly string[]): ExportOptions | "help" {
  let out: string | undefined;
  let format: ExportFormat = "typescript";
  let kinds = new Set<ExportKind>(EXPORT_KINDS);
  const apps: string[] = [];
  const ids: string[] = [];
  const appResourceTypes: AppResourceType[] = [];
  const accessReviews: string[] = [];
  let includeManaged = false;
  let force = false;
  let protect = true;
  let packageSpec: string | undefined;
  let project = "idgov-tenant";
  let exportedAt: string | undefined;
  const settings = readFlags(args, (flag, value) => {
    if (flag === "--out") out = value();
    else if (flag === "--format") format = formatOf(value());
    else if (flag === "--kinds") kinds = parseKinds(value());
    else if (flag === "--app") apps.push(value());
    else if (flag === "--id") ids.push(...parseIds(value()));
    else if (flag === "--app-resources") appResourceTypes.push(parseAppResourceType(value()));
    else if (flag === "--access-review") accessReviews.push(value());
    else if (flag === "--include-managed") includeManaged = true;
    else if (flag === "--force") force = true;
    else if (flag === "--no-protect") protect = false;
    else if (flag === "--package-spec") packageSpec = value();
    else if (flag === "--project") project = value();
    else if (flag === "--exported-at") exportedAt = exportedAtOf(value());
    else return false;
    return true;
  });
  if (settings === "help") return "help";
  if (out === undefined) throw new UsageError("--out DIR is required");
  if (!/^[A-Za-z0-9_.-]+$/.test(project))
    throw new UsageError(`--project: "${project}" must be letters, digits, -, _ or .`);
  return {
    out,
    format,
    kinds,
    apps,
    ids,
    appResourceTypes,
    accessReviews,
    includeManaged,
    force,
    protect,
    packageSpec,
    project,
    exportedAt,
    settings,
    config: { get: (key) => settings.get(key) },
  };
}
