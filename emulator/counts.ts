import type { TenantState } from "./state";

/** How many times each key occurs among `keys`, skipping empty keys. */
function tally(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) if (key !== "") counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * Writes the counts the service answers from the records the tenant holds: `App.userCount` (the app's users),
 * `AppEntitlement.grantCount` and `AppResource.grantCount` (their grants). Called after every write, so a
 * count never disagrees with the grants and users it counts. (`RequestCatalogView.memberCount` is computed
 * when a view is answered, from the catalog's members.)
 */
export function refreshCounts(state: TenantState): void {
  for (const [id, app] of Object.entries(state.apps)) {
    app["userCount"] = String(state.appUsers[id]?.length ?? 0);
  }
  const byEntitlement = tally(state.grants.map((grant) => grant.appEntitlementId));
  for (const [id, entitlement] of Object.entries(state.entitlements)) {
    entitlement["grantCount"] = String(byEntitlement.get(id) ?? 0);
  }
  const byResource = tally(state.grants.map((grant) => grant.appResourceId));
  for (const [id, resource] of Object.entries(state.appResources)) {
    resource["grantCount"] = String(byResource.get(id) ?? 0);
  }
}

/** Removes the grants that match `gone` (of a deleted app, entitlement or resource). */
export function removeGrants(
  state: TenantState,
  gone: (grant: TenantState["grants"][number]) => boolean,
): void {
  state.grants = state.grants.filter((grant) => !gone(grant));
}
