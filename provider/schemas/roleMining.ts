import { z } from "zod";
import { ACCESS_PROFILE_MATCH_TYPES, SUGGESTION_STATES } from "./enums";
import { openEnum, responseTimestamp, stringList, responseObject } from "./primitives";

/** An entitlement in a role-mining suggestion (spec 2.10). */
export const roleMiningEntitlementSchema = responseObject({
  appDisplayName: z.string().optional(),
  appId: z.string().optional(),
  appResourceDisplayName: z.string().optional(),
  appResourceTypeDisplayName: z.string().optional(),
  entitlementDisplayName: z.string().optional(),
  entitlementId: z.string().optional(),
  riskLevelValueId: z.string().optional(),
  coverage: z.number().optional(),
  grantedCount: z.number().optional(),
});
export type RoleMiningEntitlement = z.infer<typeof roleMiningEntitlementSchema>;

/** An existing access profile (catalog) that matches a suggestion (spec 2.10). */
export const profileMatchSchema = responseObject({
  catalogDisplayName: z.string().optional(),
  catalogId: z.string().optional(),
  matchType: openEnum(ACCESS_PROFILE_MATCH_TYPES).optional(),
  missingEntitlements: z.array(roleMiningEntitlementSchema).optional(),
  overlapRatio: z.number().optional(),
});
export type ProfileMatch = z.infer<typeof profileMatchSchema>;

/** A role-mining suggestion (spec 2.10). Response shape. */
export const roleMiningSuggestionSchema = responseObject({
  id: z.string().optional(),
  runId: z.string().optional(),
  suggestedName: z.string().optional(),
  description: z.string().optional(),
  createdCatalogId: z.string().optional(),
  suggestionState: openEnum(SUGGESTION_STATES).optional(),
  avgCoverage: z.number().optional(),
  cohortSize: z.number().optional(),
  confidence: z.number().optional(),
  dimensionCount: z.number().optional(),
  usersWithAll: z.number().optional(),
  cohortFilters: z
    .array(responseObject({ attribute: z.string().optional(), values: stringList.optional() }))
    .optional(),
  entitlements: z.array(roleMiningEntitlementSchema).optional(),
  existingProfileMatches: z.array(profileMatchSchema).optional(),
  insights: stringList.optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  lastGeneratedAt: responseTimestamp,
});
export type RoleMiningSuggestion = z.infer<typeof roleMiningSuggestionSchema>;
