import type { TenantState } from "./state";

/** How many times each key occurs among `keys`, skipping empty keys. */
function tally(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) if (key !== "") counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/**
 * Writes the counts the service answers from the records the tenant holds: `AppEntitlement.grantCount` and
 * `AppResource.grantCount` (their grants). Called after every write, so a count never disagrees with the grants
 * it counts. (`App.userCount` and `RequestCatalogView.memberCount` are computed when an app or a view is answered,
 * from the app's users and the catalog's members: a tenant holds thousands of apps, and a write recounting them all
 * would cost what the tenant's size costs.)
 */
export function refreshCounts(state: TenantState): void {
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
