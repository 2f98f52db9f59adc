import { describedFields, fieldValue } from "./describe";
import { catalogRules } from "./catalogRules";
import { countOf, type ImpactRule, removal, removes, verb } from "./ruleTypes";
import { signInPathsOf } from "./signInPaths";
import type { KindName } from "../kinds/names";
import type { PlannedChange } from "./types";

export { countOf, type CountSource, type ImpactRule } from "./ruleTypes";

const NO_USER_COUNT = "the service answers no count of the tenant's users";

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

const noRules = (): ImpactRule[] => [];

/**
 * The rules of each kind, by the one list of kinds (`KIND_NAMES`): a kind added without deciding its impacts fails to
 * compile. Settings reach every user: who, their declaration's `reaches` says.
 */
const RULES_OF_KIND: { readonly [Name in KindName]: (change: PlannedChange) => ImpactRule[] } = {
  App: appRules,
  RequestCatalog: catalogRules,
  Automation: automationRules,
  AuthConfig: noRules,
  SsoSettings: settingsRules,
  XaaSettings: settingsRules,
  SessionSettings: settingsRules,
  AppResource: appResourceRules,
  AccessReviewScope: noRules,
};

/** The impacts a change has, before any read: none for a change that reaches no one (a rename, a description). */
export function impactRulesOf(change: PlannedChange): ImpactRule[] {
  return Object.hasOwn(RULES_OF_KIND, change.kind) ? RULES_OF_KIND[change.kind as KindName](change) : [];
}
