import type { GrantRecord, TenantState } from "../state";

/** Id of an app's n-th seeded user (account), from 0: `github-user-0001`. */
export function seedAppUserId(appId: string, index: number): string {
  return `${appId.replace(/^app-/, "")}-user-${String(index + 1).padStart(4, "0")}`;
}

function seededCount(record: Record<string, unknown>, field: string): number {
  return Number(record[field] ?? 0) || 0;
}

/** `count` grants spread over the app's users from user `offset` (wrapping when the app has fewer users). */
function grantsFor(
  users: readonly string[],
  count: number,
  offset: number,
  target: Omit<GrantRecord, "appUserId">,
): GrantRecord[] {
  if (users.length === 0) return [];
  return Array.from({ length: count }, (_, n) => ({
    ...target,
    appUserId: users[(offset + n) % users.length] ?? "",
  }));
}

/**
 * Gives the seeded tenant the users and grants its seed files' counts describe: each app as many users as its
 * seeded `userCount`, each entitlement and app resource as many grants as its seeded `grantCount`. From then on
 * the emulator answers counts computed from these records (see `refreshCounts`).
 */
export function seedAppUsersAndGrants(tenant: TenantState): Pick<TenantState, "appUsers" | "grants"> {
  const appUsers: Record<string, string[]> = {};
  for (const [id, app] of Object.entries(tenant.apps)) {
    appUsers[id] = Array.from({ length: seededCount(app, "userCount") }, (_, n) => seedAppUserId(id, n));
  }
  const grants: GrantRecord[] = [];
  Object.values(tenant.entitlements).forEach((entitlement, index) => {
    const appId = String(entitlement["appId"]);
    const target = { appId, appEntitlementId: String(entitlement["id"]), appResourceId: "" };
    grants.push(
      ...grantsFor(appUsers[appId] ?? [], seededCount(entitlement, "grantCount"), index * 5, target),
    );
  });
  Object.values(tenant.appResources).forEach((resource, index) => {
    const appId = String(resource["appId"]);
    const target = { appId, appEntitlementId: "", appResourceId: String(resource["id"]) };
    grants.push(...grantsFor(appUsers[appId] ?? [], seededCount(resource, "grantCount"), index * 3, target));
  });
  return { appUsers, grants };
}
