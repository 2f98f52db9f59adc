import { z } from "zod";
import {
  ACCESS_PROFILE_MATCH_TYPES,
  AUTOMATION_SORT_FIELDS,
  AUTOMATION_STATUS_FILTERS,
  SORT_DIRECTIONS,
  SUGGESTION_STATES,
  TRIGGER_TYPES,
} from "./enums";
import { int32, openEnum, requestObject } from "./primitives";
import { expandMaskSchema } from "./requestParts";
import { scopeV2WritableSchema } from "./scopeWritable";

/** `POST /api/v1/search/automations` (spec 4). Paging: pageSize 10-100 (clamped), pageToken. */
export const searchAutomationsBodySchema = requestObject({
  appId: z.string().optional(),
  appIds: z.array(z.string()).optional(),
  direction: openEnum(SORT_DIRECTIONS).optional(),
  isDraft: z.boolean().nullable().optional(),
  pageSize: int32.optional(),
  pageToken: z.string().optional(),
  query: z.string().optional(),
  refs: z.array(requestObject({ id: z.string().optional() })).optional(),
  sortField: openEnum(AUTOMATION_SORT_FIELDS).optional(),
  statuses: z.array(openEnum(AUTOMATION_STATUS_FILTERS)).optional(),
  triggerTypes: z.array(openEnum(TRIGGER_TYPES)).optional(),
});
export type SearchAutomationsBody = z.infer<typeof searchAutomationsBodySchema>;

/** `POST /api/v1/search/role-mining/suggestions` (spec 4). */
export const searchRoleMiningBodySchema = requestObject({
  cohortTypes: z.array(z.string()).optional(),
  matchTypes: z.array(openEnum(ACCESS_PROFILE_MATCH_TYPES)).optional(),
  pageSize: int32.optional(),
  pageToken: z.string().optional(),
  query: z.string().optional(),
  states: z.array(openEnum(SUGGESTION_STATES)).optional(),
});
export type SearchRoleMiningBody = z.infer<typeof searchRoleMiningBodySchema>;

/** The entitlement selector of a campaign (spec 2.9). */
export const entitlementSelectorSchema = requestObject({ appEntitlementId: z.string(), appId: z.string() });
export type EntitlementSelector = z.infer<typeof entitlementSelectorSchema>;

/** `POST /api/v1/access_review/{access_review_id}/scope_and_entitlements` (spec 4): replaces both. */
export const scopeAndEntitlementsBodySchema = requestObject({
  entitlements: z.array(entitlementSelectorSchema),
  expandMask: expandMaskSchema.optional(),
  scopeV2: scopeV2WritableSchema.optional(),
});
export type ScopeAndEntitlementsBody = z.infer<typeof scopeAndEntitlementsBodySchema>;
