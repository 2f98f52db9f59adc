import { z } from "zod";
import { responseTimestamp, responseObject } from "./primitives";

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
