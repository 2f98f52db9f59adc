import type { ConfigSource, ProviderConfig } from "../../client/config";
import type { AppResourceCollection } from "../../kinds/liveObjects";
import { readFlags, settingFlagsUsage, settingsUsage, UsageError } from "../flags";

/** The formats `pulumi-idgov audit` writes. */
export const AUDIT_FORMATS = ["table", "json", "markdown"] as const;
export type AuditFormat = (typeof AUDIT_FORMATS)[number];

/** Where a stack's state comes from: a `pulumi stack export` file, or the stack itself through `pulumi`. */
export type StateSource = { readonly file: string } | { readonly stack: string };

/** What `pulumi-idgov audit` was asked to do. */
export interface AuditCommandOptions {
  readonly states: readonly StateSource[];
  readonly appResourceCollections: readonly AppResourceCollection[];
  readonly ignoreFile: string | undefined;
  readonly format: AuditFormat;
  /** Connection settings given as flags (`idgov:*` keys). */
  readonly settings: ReadonlyMap<string, string>;
  /**
   * What the run connects with: the settings the command resolved (see `SETTINGS_ORDER`), or, as parsed, the flags
   * alone with `IDGOV_*` variables as fallback.
   */
  readonly config: ConfigSource | ProviderConfig;
}

/** The `--help` text: every flag, the classes, the exit codes and the JSON shape. */
export function auditUsage(): string {
  return [
    "usage: pulumi-idgov audit [--stack NAME | --stack-state FILE]... [flags]",
    "",
    "Reads the whole tenant (read-only) and the state of the given stacks, and sorts every object into a class:",
    "  managed         held by one given stack and stamped for it; drifted when the tenant differs from its inputs",
    "  unmanaged       no ownership stamp, held by no given stack",
    "  claimed         stamped for a stack not given, or for another tool (a given stack may still hold it)",
    "  orphaned        stamped for a given stack that no longer holds it",
    "  double-claimed  held by two or more given stacks",
    "  gone            held by a given stack, missing in the tenant",
    "  duplicate       unmanaged, with the display name of a managed object of its kind",
    "AuthConfig, the settings singletons and AccessReviewScope carry no annotations: they are classified by the",
    "given stacks' states alone. App resources are read in the collections the stacks hold resources in.",
    "",
    "  --stack NAME                   run `pulumi stack export --stack NAME` here (repeatable)",
    "  --stack-state FILE             a `pulumi stack export` file (repeatable)",
    "  --app-resources APP/TYPE       also list the app resources of this app and resource type (repeatable)",
    "  --ignore-file FILE             leave out objects, one rule a line: Kind:ID-GLOB or Kind:name=NAME-GLOB",
    "                                 (* for any kind; # comments), e.g. App:app-legacy-*, RequestCatalog:name=Sandbox*",
    `  --format FORMAT                ${AUDIT_FORMATS.join(", ")} (default: table); progress goes to stderr`,
    ...settingFlagsUsage(30),
    "  -h, --help                     this text",
    "",
    "Exit codes (a bit mask): 0 every object managed and in sync; 2 drift (a managed object differs, or is gone);",
    "4 unmanaged, claimed, orphaned, double-claimed or duplicate objects; 6 both; 1 usage, state or access error.",
    "",
    "--format json (version 1): { version: 1, baseUrl, stacks: [name], objects: [{ kind, id, displayName, class,",
    "stack?, claimedBy?, heldBy?: [name], driftedFields?: [path], duplicateOf?: [id] }], summary: { objects,",
    "byClass: { <class>: count }, drifted, duplicateGroups, ignored, exitCode } }. A stack is named",
    "<org>/<project>/<stack>. Drifted fields are names only: no value, secret or not, is ever printed.",
    "",
    ...settingsUsage(),
  ].join("\n");
}

function parseCollection(text: string): AppResourceCollection {
  const [appId, appResourceTypeId, ...rest] = text.split("/");
  if (!appId || !appResourceTypeId || rest.length > 0) {
    throw new UsageError(`--app-resources: "${text}" is not APP/TYPE (an app id and a resource type id)`);
  }
  return { appId, appResourceTypeId };
}

function parseFormat(text: string): AuditFormat {
  const format = AUDIT_FORMATS.find((name) => name === text);
  if (!format) throw new UsageError(`--format: "${text}" is not one of ${AUDIT_FORMATS.join(", ")}`);
  return format;
}

/** Parses the flags of `pulumi-idgov audit`; answers "help" for `--help`. */
export function parseAuditArguments(args: readonly string[]): AuditCommandOptions | "help" {
  const states: StateSource[] = [];
  const appResourceCollections: AppResourceCollection[] = [];
  let ignoreFile: string | undefined;
  let format: AuditFormat = "table";
  const settings = readFlags(args, (flag, value) => {
    if (flag === "--stack") states.push({ stack: value() });
    else if (flag === "--stack-state") states.push({ file: value() });
    else if (flag === "--app-resources") appResourceCollections.push(parseCollection(value()));
    else if (flag === "--ignore-file") ignoreFile = value();
    else if (flag === "--format") format = parseFormat(value());
    else return false;
    return true;
  });
  if (settings === "help") return "help";
  return {
    states,
    appResourceCollections,
    ignoreFile,
    format,
    settings,
    config: { get: (key) => settings.get(key) },
  };
}
