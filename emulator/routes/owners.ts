import {
  effectivePageSize,
  ownerPageSize,
  pageSizeFromQuery,
  pageTokenFromQuery,
  paginate,
} from "../pagination";
import type { Router } from "../router";
import type { JsonObject, TenantState } from "../state";
import { requireRecord } from "../store";

function ownersOf(state: TenantState, appId: string): JsonObject[] {
  return (state.appOwners[appId] ?? [])
    .map((userId) => state.users[userId])
    .filter((user): user is JsonObject => user !== undefined);
}

function entitlementOwnerRows(state: TenantState, appId: string, roleSlug: string): JsonObject[] {
  return state.entitlementOwners
    .filter((row) => row.appId === appId && (roleSlug === "" || row.roleSlug === roleSlug))
    .sort((left, right) =>
      left.createdAt === right.createdAt
        ? left.appEntitlementId.localeCompare(right.appEntitlementId)
        : Date.parse(left.createdAt) - Date.parse(right.createdAt),
    )
    .flatMap((row) => {
      const appEntitlement = state.entitlements[row.appEntitlementId];
      if (appEntitlement === undefined) return [];
      return [{ appEntitlement, appId: row.appId, createdAt: row.createdAt, roleSlug: row.roleSlug }];
    });
}

/**
 * App owners (`GET /api/v1/apps/{app_id}/owners`: page size 0 means 25, below 10 means 10, a
 * negative one is a 400, spec 8.3) in the order they were made owners, and entitlement owners
 * (`GET /api/v2/apps/{app_id}/owners/entitlements`, optional `role_slug`) oldest first.
 */
export function registerOwnerRoutes(router: Router): void {
  router.on("GET", "/api/v1/apps/:appId/owners", ({ params, query, store }) => {
    const appId = params["appId"] ?? "";
    requireRecord(store.state.apps, appId, "app");
    const pageSize = ownerPageSize(pageSizeFromQuery(query));
    const page = paginate(
      ownersOf(store.state, appId),
      pageSize,
      pageTokenFromQuery(query),
      `owners ${appId}`,
    );
    return { list: page.items, nextPageToken: page.nextPageToken };
  });

  router.on("GET", "/api/v2/apps/:appId/owners/entitlements", ({ params, query, store }) => {
    const appId = params["appId"] ?? "";
    requireRecord(store.state.apps, appId, "app");
    const roleSlug = query["role_slug"] ?? "";
    const rows = entitlementOwnerRows(store.state, appId, roleSlug);
    const pageSize = effectivePageSize(pageSizeFromQuery(query));
    const scope = `entitlement-owners ${appId} ${roleSlug}`;
    const page = paginate(rows, pageSize, pageTokenFromQuery(query), scope);
    return { list: page.items, nextPageToken: page.nextPageToken };
  });
}
