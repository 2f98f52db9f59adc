import { z } from "zod";
import {
  ACCESS_PROFILE_FILTER_TYPES,
  APP_USER_DOMAINS,
  APP_USER_STATUSES,
  APP_USER_TYPES,
  GRANT_FILTER_TYPES,
  GRANT_SOURCE_FILTERS,
  PRINCIPAL_TYPE_FILTERS,
  USER_STATUSES,
} from "./enums";
import { oneofRefinement, type OneofGroup } from "./oneof";
import { opaqueObject, openEnum, responseObject, responseTimestamp, stringList } from "./primitives";

/**
 * The oneofs of a campaign scope. The spec lists the scopeV2 members (2.9) without their grouping;
 * the groups are those of the public service's AccessReviewScopeV2 message, where one scope sets
 * e.g. a users member, an apps member and a grants member together.
 * `principalTypeFilter` and `scopeRoleSelection` belong to no oneof.
 */
export const SCOPE_V2_ONEOFS = [
  {
    name: "apps_and_resources_scope",
    members: ["appAccess", "specificResources", "appSelectionCriteria", "resourceTypeSelections"],
  },
  { name: "users_scope", members: ["allUsers", "selectedUsers", "userCriteria", "celExpression"] },
  { name: "accounts_scope", members: ["allAccounts", "accountCriteria", "accountCelExpression"] },
  { name: "grants_scope", members: ["allGrants", "grantsByCriteria"] },
  { name: "access_conflicts_scope", members: ["allAccessConflicts", "specificAccessConflicts"] },
  { name: "resource_scope", members: ["resourceSelection"] },
  {
    name: "excluded_apps_and_resources_scope",
    members: ["excludedSpecificResources", "excludedResourceTypeSelections"],
  },
] as const satisfies readonly OneofGroup[];

/**
 * The oneof `criteria_filter` of grants criteria (reference 5.1). `daysSinceLastUsed`, `accessProfileFilter`,
 * `sourceFilter` and `typeFilter` are outside it.
 */
export const GRANTS_CRITERIA_FILTER_ONEOF: OneofGroup = {
  name: "criteria_filter",
  members: ["daysSinceAdded", "daysSinceReviewed", "grantsAddedBetween"],
};

/** The members of scopeV2 outside every oneof (reference 5.1). */
export const SCOPE_V2_UNGROUPED = ["principalTypeFilter", "scopeRoleSelection"] as const;

/** Every member of scopeV2 (spec 2.9): those of its oneof groups and those outside them. */
export type ScopeV2Member =
  (typeof SCOPE_V2_ONEOFS)[number]["members"][number] | (typeof SCOPE_V2_UNGROUPED)[number];

/** Members the spec shows as empty objects: their fields are not shown, so any object is carried. */
const OPAQUE_MEMBERS = [
  "allAccessConflicts",
  "allAccounts",
  "allGrants",
  "allUsers",
  "appAccess",
  "excludedResourceTypeSelections",
  "excludedSpecificResources",
  "resourceSelection",
  "resourceTypeSelections",
  "scopeRoleSelection",
  "specificAccessConflicts",
  "specificResources",
] as const;

const opaqueResponse = opaqueObject.nullish();
const opaqueMembers = Object.fromEntries(OPAQUE_MEMBERS.map((name) => [name, opaqueResponse])) as Record<
  (typeof OPAQUE_MEMBERS)[number],
  typeof opaqueResponse
>;

/** A refinement of a whole scope: at most one member of each of its oneof groups. */
export function checkScopeOneofs(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const group of SCOPE_V2_ONEOFS) oneofRefinement(group)(value, ctx);
}

const text = z.string().optional();

/** The members of a campaign scope the service answers (spec 2.9, `AccessReviewScopeV2`). */
export const scopeV2ResponseShape = {
  accountCelExpression: responseObject({ expression: text }).nullish(),
  celExpression: responseObject({ expression: text }).nullish(),
  accountCriteria: responseObject({
    accountDomain: openEnum(APP_USER_DOMAINS).optional(),
    accountTypes: z.array(openEnum(APP_USER_TYPES)).optional(),
    appUserStatuses: z.array(openEnum(APP_USER_STATUSES)).optional(),
    noAccountOwner: z.boolean().optional(),
  }).nullish(),
  ...opaqueMembers,
  appSelectionCriteria: responseObject({
    complianceFrameworkAttributeValueIds: stringList.optional(),
    riskLevelAttributeValueIds: stringList.optional(),
  }).nullish(),
  grantsByCriteria: responseObject({
    accessProfileFilter: responseObject({
      excludedAccessProfileIds: stringList.optional(),
      includedAccessProfileIds: stringList.optional(),
      filterType: openEnum(ACCESS_PROFILE_FILTER_TYPES).optional(),
    }).nullish(),
    daysSinceAdded: text,
    daysSinceLastUsed: text,
    daysSinceReviewed: text,
    grantsAddedBetween: responseObject({
      startDate: responseTimestamp,
      endDate: responseTimestamp,
    }).nullish(),
    sourceFilter: openEnum(GRANT_SOURCE_FILTERS).optional(),
    typeFilter: openEnum(GRANT_FILTER_TYPES).optional(),
  })
    .superRefine(oneofRefinement(GRANTS_CRITERIA_FILTER_ONEOF))
    .nullish(),
  principalTypeFilter: openEnum(PRINCIPAL_TYPE_FILTERS).optional(),
  selectedUsers: responseObject({ userIds: stringList.optional() }).nullish(),
  userCriteria: responseObject({
    managerUserIds: stringList.optional(),
    multiUserProfileAttributes: opaqueObject.optional(),
    userStatus: z.array(openEnum(USER_STATUSES)).optional(),
    groupAppEntitlementsRef: z.array(responseObject({ appId: text, id: text })).optional(),
  }).nullish(),
};

/** A campaign scope as the service returns it (spec 2.9). Unknown fields are kept. */
export const scopeV2Schema = responseObject(scopeV2ResponseShape).superRefine(checkScopeOneofs);
export type ScopeV2 = z.infer<typeof scopeV2Schema>;
