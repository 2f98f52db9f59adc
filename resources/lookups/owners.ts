import type * as pulumi from "@pulumi/pulumi";
import * as plain from "../../provider/lookups/owners";
import type { ListAppOwnersArgs, ListAppEntitlementOwnersArgs } from "../../provider/lookups/args";
import type { EntitlementOwnerRow, User } from "../types";
import { type LookupOptions, programOptions } from "./config";
import { lookupOutput, type LookupInputs } from "./output";

export type { ListAppOwnersArgs, ListAppEntitlementOwnersArgs };

/** A user record (spec 2.7), e.g. an app owner; unknown fields and enum values are kept. */
export type UserInfo = User;

/** A row of {@link listAppEntitlementOwners} (spec 4, v2 route); unknown fields are kept. */
export type EntitlementOwnerInfo = EntitlementOwnerRow;

/** Every owner of an app (`GET /api/v1/apps/{app_id}/owners`), in the service's order, paging by itself. */
export function listAppOwners(args: ListAppOwnersArgs, options?: LookupOptions): Promise<UserInfo[]> {
  return plain.listAppOwners(args, programOptions(options));
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
export function listAppEntitlementOwners(
  args: ListAppEntitlementOwnersArgs,
  options?: LookupOptions,
): Promise<EntitlementOwnerInfo[]> {
  return plain.listAppEntitlementOwners(args, programOptions(options));
}

/** {@link listAppEntitlementOwners} with Pulumi inputs, answering an Output. */
export function listAppEntitlementOwnersOutput(
  args: LookupInputs<ListAppEntitlementOwnersArgs>,
  options?: LookupOptions,
): pulumi.Output<EntitlementOwnerInfo[]> {
  return lookupOutput(listAppEntitlementOwners, args, options);
}
