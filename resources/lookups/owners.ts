import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { apiPath } from "../../provider/client/paths";
import { appEntitlementSchema, responseObject, responseTimestamp, userSchema } from "../../provider/schemas";
import type { EntitlementOwnerRow, User } from "../types";
import { checkListArgKeys, optionalString, pagingOf, requireId, type PagingArgs } from "./arguments";
import type { LookupOptions } from "./config";
import { fetchAll } from "./fetch";
import { lookupOutput, type LookupInputs } from "./output";

/** A user record (spec 2.7), e.g. an app owner; unknown fields and enum values are kept. */
export type UserInfo = User;

/** One row of the entitlement-owner list: an entitlement of the app and the owner role held on it. */
/** @internal The shape of a row of the v2 entitlement-owner list. */
export const entitlementOwnerRowSchema = responseObject({
  appEntitlement: appEntitlementSchema.nullish(),
  appId: z.string().optional(),
  createdAt: responseTimestamp,
  roleSlug: z.string().optional(),
});
/** A row of {@link listAppEntitlementOwners} (spec 4, v2 route); unknown fields are kept. */
export type EntitlementOwnerInfo = EntitlementOwnerRow;

/** Arguments of {@link listAppOwners}. */
export interface ListAppOwnersArgs extends PagingArgs {
  /** The app whose owners to list. Required. */
  appId: string;
}

/** Arguments of {@link listAppEntitlementOwners}. */
export interface ListAppEntitlementOwnersArgs extends PagingArgs {
  /** The app whose entitlement owners to list. Required. */
  appId: string;
  /** Only rows of this owner role, e.g. `owner`. @default every role */
  roleSlug?: string;
}

const OWNERS = "listAppOwners";
const ENTITLEMENT_OWNERS = "listAppEntitlementOwners";

/** Every owner of an app (`GET /api/v1/apps/{app_id}/owners`), in the service's order, paging by itself. */
export async function listAppOwners(args: ListAppOwnersArgs, options?: LookupOptions): Promise<UserInfo[]> {
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

/** {@link listAppOwners} with Pulumi inputs, answering an Output. */
export function listAppOwnersOutput(
  args: LookupInputs<ListAppOwnersArgs>,
  options?: LookupOptions,
): pulumi.Output<UserInfo[]> {
  return lookupOutput(listAppOwners, args, options);
}

/**
 * Every entitlement-owner row of an app (`GET /api/v2/apps/{app_id}/owners/entitlements`, the one v2 route):
 * each row holds the entitlement (`appEntitlement`) and the owner role (`roleSlug`). In the service's order,
 * paging by itself; `roleSlug` keeps the rows of one role.
 */
export async function listAppEntitlementOwners(
  args: ListAppEntitlementOwnersArgs,
  options?: LookupOptions,
): Promise<EntitlementOwnerInfo[]> {
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

/** {@link listAppEntitlementOwners} with Pulumi inputs, answering an Output. */
export function listAppEntitlementOwnersOutput(
  args: LookupInputs<ListAppEntitlementOwnersArgs>,
  options?: LookupOptions,
): pulumi.Output<EntitlementOwnerInfo[]> {
  return lookupOutput(listAppEntitlementOwners, args, options);
}
