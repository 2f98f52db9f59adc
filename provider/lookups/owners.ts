import { z } from "zod";
import { apiPath } from "../client/paths";
import { appEntitlementSchema, responseObject, responseTimestamp, userSchema } from "../schemas";
import { checkListArgKeys, optionalString, pagingOf, requireId } from "./arguments";
import type { LookupOptions } from "./options";
import { fetchAll } from "./fetch";
import type { ListAppOwnersArgs, ListAppEntitlementOwnersArgs } from "./args";

/** One row of the entitlement-owner list: an entitlement of the app and the owner role held on it. */
/** @internal The shape of a row of the v2 entitlement-owner list. */
export const entitlementOwnerRowSchema = responseObject({
  appEntitlement: appEntitlementSchema.nullish(),
  appId: z.string().optional(),
  createdAt: responseTimestamp,
  roleSlug: z.string().optional(),
});

const OWNERS = "listAppOwners";
const ENTITLEMENT_OWNERS = "listAppEntitlementOwners";

/** Every owner of an app (`GET /api/v1/apps/{app_id}/owners`), in the service's order, paging by itself. */
export async function listAppOwners(args: ListAppOwnersArgs, options?: LookupOptions) {
  const checked = checkListArgKeys(OWNERS, args, ["appId"]);
  const appId = requireId(OWNERS, checked, "appId");
  return fetchAll(OWNERS, options, {
    method: "GET",
    path: apiPath`/api/v1/apps/${appId}/owners`,
    itemsKey: "list",
    itemSchema: userSchema,
    ...pagingOf(OWNERS, checked, 100),
  });
}

/**
 * Every entitlement-owner row of an app (`GET /api/v2/apps/{app_id}/owners/entitlements`, the one v2 route):
 * each row holds the entitlement (`appEntitlement`) and the owner role (`roleSlug`). In the service's order,
 * paging by itself; `roleSlug` keeps the rows of one role.
 */
export async function listAppEntitlementOwners(args: ListAppEntitlementOwnersArgs, options?: LookupOptions) {
  const checked = checkListArgKeys(ENTITLEMENT_OWNERS, args, ["appId", "roleSlug"]);
  const appId = requireId(ENTITLEMENT_OWNERS, checked, "appId");
  const roleSlug = optionalString(ENTITLEMENT_OWNERS, checked, "roleSlug");
  return fetchAll(ENTITLEMENT_OWNERS, options, {
    method: "GET",
    path: apiPath`/api/v2/apps/${appId}/owners/entitlements`,
    ...(roleSlug === undefined || roleSlug === "" ? {} : { query: { role_slug: roleSlug } }),
    itemsKey: "list",
    itemSchema: entitlementOwnerRowSchema,
    ...pagingOf(ENTITLEMENT_OWNERS, checked, 100),
  });
}
