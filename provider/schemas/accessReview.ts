import { z } from "zod";
import { responseTimestamp, responseObject } from "./primitives";
import { scopeV2Schema } from "./scope";
import { scopeV2WritableSchema } from "./scopeWritable";
import { entitlementSelectorSchema } from "./searchRequests";

/** An entitlement selected for a campaign, as stored (spec 2.9). */
export const accessReviewEntitlementSchema = responseObject({
  accessReviewId: z.string().optional(),
  appEntitlementId: z.string().optional(),
  appId: z.string().optional(),
  appResourceId: z.string().optional(),
  appResourceTypeId: z.string().optional(),
  customPolicyId: z.string().optional(),
  policyId: z.string().optional(),
  tenantId: z.string().optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
});
export type AccessReviewEntitlement = z.infer<typeof accessReviewEntitlementSchema>;

/** One row of a campaign's scope-and-entitlements list (spec 2.9). */
export const accessReviewEntitlementRowSchema = responseObject({
  accessReviewEntitlement: accessReviewEntitlementSchema.nullish(),
  appPath: z.string().optional(),
  entitlementPath: z.string().optional(),
  policyPath: z.string().optional(),
});
export type AccessReviewEntitlementRow = z.infer<typeof accessReviewEntitlementRowSchema>;

/**
 * What a program writes of a campaign (spec 2.9): the scope and the selected entitlements, written whole. Each comment
 * is the TSDoc of the field in `AccessReviewScopeArgs`.
 */
export const accessReviewScopeWritableShape = {
  /** The campaign, which exists already. Changing it replaces the resource. */
  accessReviewId: z.string(),
  /**
   * The scope: at most one member of each of its seven oneof groups, and any combination of groups (reference 5.1),
   * e.g. `{ allUsers: {}, appAccess: {}, grantsByCriteria: { daysSinceAdded: "7776000s" } }`; `principalTypeFilter` and
   * `scopeRoleSelection` belong to no group. Left out, the scope is empty.
   */
  scopeV2: scopeV2WritableSchema.optional(),
  /** The selected entitlements: a set (order does not matter). Left out, none is selected. */
  entitlements: z.array(entitlementSelectorSchema).optional(),
};

/**
 * What a read of a campaign's scope shows (spec 2.9): the campaign, its scope, the selected entitlements as
 * selectors, and the stored entries with the policy each is reviewed under.
 */
export const accessReviewScopeReadShape = {
  accessReviewId: z.string(),
  scopeV2: scopeV2Schema,
  entitlements: z.array(entitlementSelectorSchema),
  /** The selected entitlements as stored, with the policy each is reviewed under. */
  accessReviewEntitlements: z.array(accessReviewEntitlementSchema),
};
