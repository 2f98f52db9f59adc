import { UNKNOWN } from "../engine";
import { describedFields, fieldValue } from "./describe";
import { countOf, type ImpactRule, removal, removes, verb } from "./ruleTypes";
import type { PlannedChange } from "./types";

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

/** Who a catalog's change reaches: its members, and every user when its visibility turns. */
export function catalogRules(change: PlannedChange): ImpactRule[] {
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
  const after = fieldValue(change, "new", "visibleToEveryone");
  const everyone = visibility && (after === UNKNOWN || before !== (after === true));
  const entitlements = paths.includes("accessEntitlements");
  const rule = { change: whatChanges(change, paths), count: members, tenantWide: everyone };
  if (everyone && after === UNKNOWN) {
    const way = before ? "stop" : "start";
    return [
      {
        ...rule,
        meaning: `every user of the tenant but the catalog's members may ${way} seeing it: the preview does not know visibleToEveryone yet (${MEMBER_COUNT})`,
        counted: (n) =>
          `every user of the tenant but the catalog's ${countOf(n, "member")} may ${way} seeing it: the preview ` +
          `does not know visibleToEveryone yet (${MEMBER_COUNT})`,
      },
    ];
  }
  if (everyone && after !== true) {
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
