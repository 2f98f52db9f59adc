import { describedFields, fieldValue, operationText } from "./describe";
import { isTenantSettings, signInPathsOf } from "./signInPaths";
import type { PlannedChange } from "./types";

/** Where a count comes from: a count field of the live object, or nowhere (and why). */
export type CountSource =
  { readonly live: "userCount" | "memberCount" | "grantCount" } | { readonly unknown: string };

/** One impact of a change before its count is read. */
export interface ImpactRule {
  readonly change: string;
  readonly count: CountSource;
  /** Who gains or loses what, when the count is not known. */
  readonly meaning: string;
  /** The same sentence led by the count read: `6 users lose the app (App.userCount)`. */
  readonly counted?: (count: number) => string;
  readonly tenantWide: boolean;
}

/** `1 user`, `6 users`. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A verb agreeing with a count: `loses` for 1, `lose` for others. */
function verb(count: number, plural: string, singular: string): string {
  return count === 1 ? singular : plural;
}

/** Catalog fields whose change reaches the catalog's members (spec 2.4). */
const CATALOG_REACH = [
  "visibleToEveryone",
  "published",
  "requestBundle",
  "enrollmentBehavior",
  "unenrollmentBehavior",
  "unenrollmentEntitlementBehavior",
  "accessEntitlements",
];

const NO_USER_COUNT = "the service answers no count of the tenant's users";

interface EntitlementRef {
  appId?: string;
  id?: string;
}

function refsOf(change: PlannedChange, side: "old" | "new"): string[] {
  const refs = (fieldValue(change, side, "accessEntitlements") ?? []) as EntitlementRef[];
  return Array.isArray(refs) ? refs.map((ref) => `${ref.appId ?? "?"}/${ref.id ?? "?"}`) : [];
}

/** `accessEntitlements: + app-aws/ent-aws-admin, − app-github/ent-github-org-member`. */
function entitlementChangeText(change: PlannedChange): string {
  const before = refsOf(change, "old");
  const after = refsOf(change, "new");
  const added = after.filter((ref) => !before.includes(ref)).map((ref) => `+ ${ref}`);
  const removed = before.filter((ref) => !after.includes(ref)).map((ref) => `− ${ref}`);
  return `accessEntitlements: ${[...added, ...removed].join(", ") || "reordered"}`;
}

function whatChanges(change: PlannedChange, paths: readonly string[]): string {
  const others = paths.filter((path) => path !== "accessEntitlements");
  const parts = others.length > 0 ? [describedFields(change, others)] : [];
  if (paths.includes("accessEntitlements")) parts.push(entitlementChangeText(change));
  return parts.join("; ");
}

function removal(change: PlannedChange): string {
  const op = operationText(change.operation);
  return change.operation === "replace" && change.changedPaths.length > 0
    ? `${op}: ${change.changedPaths.join(", ")} changed`
    : op;
}

function removes(change: PlannedChange): boolean {
  return change.operation === "delete" || change.operation === "replace";
}

function appRules(change: PlannedChange): ImpactRule[] {
  if (!removes(change)) return [];
  const what = removal(change);
  return [
    {
      change: what,
      count: { live: "userCount" },
      meaning: "the app's users lose it (App.userCount)",
      counted: (n) => `${countOf(n, "user")} ${verb(n, "lose", "loses")} the app (App.userCount)`,
      tenantWide: false,
    },
    {
      change: what,
      count: { unknown: "the service lists no app's entitlements, so their grantCount cannot be summed" },
      meaning: "every grant of the app's entitlements ends with it",
      tenantWide: false,
    },
  ];
}

/** `gain app-aws/ent-aws-admin and lose app-github/ent-github-org-member`, or undefined when only reordered. */
function entitlementsGainedAndLost(change: PlannedChange, n: number): string | undefined {
  const before = refsOf(change, "old");
  const after = refsOf(change, "new");
  const added = after.filter((ref) => !before.includes(ref));
  const removed = before.filter((ref) => !after.includes(ref));
  const parts = [
    ...(added.length > 0 ? [`${verb(n, "gain", "gains")} ${added.join(", ")}`] : []),
    ...(removed.length > 0 ? [`${verb(n, "lose", "loses")} ${removed.join(", ")}`] : []),
  ];
  return parts.length > 0 ? parts.join(" and ") : undefined;
}

const MEMBER_COUNT = "RequestCatalogView.memberCount";

function catalogRules(change: PlannedChange): ImpactRule[] {
  const members = { live: "memberCount" } as const;
  if (removes(change)) {
    const bundled = refsOf(change, "old");
    const named = bundled.length > 0 ? `; it bundles ${bundled.join(", ")}` : "";
    return [
      {
        change: `${removal(change)}${named}`,
        count: members,
        meaning: `the catalog's members lose it (${MEMBER_COUNT})`,
        counted: (n) => `${countOf(n, "member")} ${verb(n, "lose", "loses")} the catalog (${MEMBER_COUNT})`,
        tenantWide: false,
      },
    ];
  }
  if (change.operation !== "update") return [];
  const paths = change.changedPaths.filter((path) => CATALOG_REACH.includes(path.split(".")[0] ?? path));
  if (paths.length === 0) return [];
  const visibility = paths.includes("visibleToEveryone");
  const before = fieldValue(change, "old", "visibleToEveryone") === true;
  const after = fieldValue(change, "new", "visibleToEveryone") === true;
  const everyone = visibility && before !== after;
  const entitlements = paths.includes("accessEntitlements");
  const rule = { change: whatChanges(change, paths), count: members, tenantWide: everyone };
  if (everyone && !after) {
    return [
      {
        ...rule,
        meaning: `every user of the tenant but the catalog's members stops seeing it (${MEMBER_COUNT})`,
        counted: (n) =>
          `every user of the tenant but the catalog's ${countOf(n, "member")} stops seeing it (${MEMBER_COUNT})`,
      },
    ];
  }
  if (everyone) {
    return [
      {
        ...rule,
        meaning: `every user of the tenant starts seeing the catalog, beside its members (${MEMBER_COUNT})`,
        counted: (n) =>
          `every user of the tenant starts seeing the catalog, beside its ${countOf(n, "member")} (${MEMBER_COUNT})`,
      },
    ];
  }
  return [
    {
      ...rule,
      meaning: `the catalog's members (${MEMBER_COUNT})`,
      counted: (n) => {
        const gainedAndLost = entitlements ? entitlementsGainedAndLost(change, n) : undefined;
        const what = gainedAndLost ?? `${verb(n, "see", "sees")} the change`;
        return `${countOf(n, "member")} of the catalog ${what} (${MEMBER_COUNT})`;
      },
    },
  ];
}

function appResourceRules(change: PlannedChange): ImpactRule[] {
  if (!removes(change)) return [];
  return [
    {
      change: removal(change),
      count: { live: "grantCount" },
      meaning: "the grants on the resource end (AppResource.grantCount)",
      counted: (n) =>
        `${countOf(n, "grant")} on the resource ${verb(n, "end", "ends")} (AppResource.grantCount)`,
      tenantWide: false,
    },
  ];
}

function automationRules(change: PlannedChange): ImpactRule[] {
  const unknown = { unknown: "the service does not count whom an automation's triggers match" };
  const runs = "everyone the automation's triggers match";
  if (removes(change))
    return [
      {
        change: removal(change),
        count: unknown,
        meaning: `${runs} no longer gets its steps`,
        tenantWide: false,
      },
    ];
  const enabling =
    change.operation === "create"
      ? fieldValue(change, "new", "enabled") === true
      : change.changedPaths.includes("enabled");
  if (!enabling) return [];
  const on = fieldValue(change, "new", "enabled") === true;
  return [
    {
      change: `${change.operation === "create" ? "create, " : ""}${on ? "enabled" : "disabled"}`,
      count: unknown,
      meaning: on ? `${runs} gets its steps from now on` : `${runs} no longer gets its steps`,
      tenantWide: false,
    },
  ];
}

function settingsRules(change: PlannedChange): ImpactRule[] {
  const deleting = change.operation === "delete";
  if (deleting && fieldValue(change, "old", "restoreOnDelete") !== true) return [];
  if (change.changedPaths.length === 0) return [];
  const reached = signInPathsOf(change.kind, change.changedPaths).join("; ");
  const what = deleting
    ? `delete, restoring ${change.changedPaths.join(", ")}`
    : describedFields(change, change.changedPaths);
  return [
    {
      change: what,
      count: { unknown: NO_USER_COUNT },
      meaning: `every user of the tenant: ${reached}`,
      tenantWide: true,
    },
  ];
}

/** The impacts a change has, before any read: none for a change that reaches no one (a rename, a description). */
export function impactRulesOf(change: PlannedChange): ImpactRule[] {
  if (isTenantSettings(change.kind)) return settingsRules(change);
  switch (change.kind) {
    case "App":
      return appRules(change);
    case "RequestCatalog":
      return catalogRules(change);
    case "AppResource":
      return appResourceRules(change);
    case "Automation":
      return automationRules(change);
    default:
      return [];
  }
}
