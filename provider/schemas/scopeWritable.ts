import { z } from "zod";
import { durationString } from "./duration";
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
import { oneofRefinement } from "./oneof";
import { opaqueObject, requestEnum, requestObject, stringList, timestamp } from "./primitives";
import { checkScopeOneofs, GRANTS_CRITERIA_FILTER_ONEOF } from "./scope";

const text = z.string().optional();
/** A member the document shows without fields (reference 5.1): written `{}`, any object carried as written. */
const emptyMember = opaqueObject.optional();
const celExpression = requestObject({ expression: text }).optional();

/**
 * The grants criteria a program writes (`GrantsByCriteriaScope`); each comment is the TSDoc of the field in
 * `GrantsByCriteriaArgs`. Durations are protobuf JSON seconds (`"7776000s"`, 90 days), timestamps RFC 3339.
 */
export const grantsByCriteriaWritableShape = {
  /** The access-profile filter: which access profiles' grants are in scope. */
  accessProfileFilter: requestObject({
    excludedAccessProfileIds: stringList.optional(),
    includedAccessProfileIds: stringList.optional(),
    filterType: requestEnum(ACCESS_PROFILE_FILTER_TYPES).optional(),
  }).optional(),
  /** Oneof `criteria_filter` (with `daysSinceReviewed`, `grantsAddedBetween`): a duration such as `"7776000s"`. */
  daysSinceAdded: durationString.optional(),
  /** Outside every oneof: a duration such as `"2592000s"`. */
  daysSinceLastUsed: durationString.optional(),
  /** Oneof `criteria_filter` (with `daysSinceAdded`, `grantsAddedBetween`): a duration such as `"7776000s"`. */
  daysSinceReviewed: durationString.optional(),
  /** Oneof `criteria_filter` (with `daysSinceAdded`, `daysSinceReviewed`): RFC 3339 timestamps. */
  grantsAddedBetween: requestObject({
    startDate: timestamp.optional(),
    endDate: timestamp.optional(),
  }).optional(),
  sourceFilter: requestEnum(GRANT_SOURCE_FILTERS).optional(),
  typeFilter: requestEnum(GRANT_FILTER_TYPES).optional(),
};

/**
 * The members of a campaign scope a program writes (`AccessReviewScopeV2`, spec 2.9); each comment is the TSDoc of
 * the member in `ScopeV2Args`. Every member but `principalTypeFilter` and `scopeRoleSelection` belongs to one of
 * seven oneof groups (`SCOPE_V2_ONEOFS`, reference 5.1): at most one member of a group, any groups together.
 */
export const scopeV2WritableShape = {
  /** Oneof `apps_and_resources_scope`. The document shows no fields: write `{}`. */
  appAccess: emptyMember,
  /** Oneof `apps_and_resources_scope`. The document shows no fields: write `{}`. */
  specificResources: emptyMember,
  /** Oneof `apps_and_resources_scope`: apps chosen by attribute value ids. */
  appSelectionCriteria: requestObject({
    complianceFrameworkAttributeValueIds: stringList.optional(),
    riskLevelAttributeValueIds: stringList.optional(),
  }).optional(),
  /** Oneof `apps_and_resources_scope`. The document shows no fields: write `{}`. */
  resourceTypeSelections: emptyMember,
  /** Oneof `users_scope`. The document shows no fields: write `{}`. */
  allUsers: emptyMember,
  /** Oneof `users_scope`: the users named by id. */
  selectedUsers: requestObject({ userIds: stringList.optional() }).optional(),
  /** Oneof `users_scope`: users chosen by manager, status, entitlements or profile attributes. */
  userCriteria: requestObject({
    groupAppEntitlementsRef: z.array(requestObject({ appId: text, id: text })).optional(),
    managerUserIds: stringList.optional(),
    multiUserProfileAttributes: opaqueObject.optional(),
    userStatus: z.array(requestEnum(USER_STATUSES)).optional(),
  }).optional(),
  /** Oneof `users_scope`: users chosen by a CEL expression. */
  celExpression,
  /** Oneof `accounts_scope`. The document shows no fields: write `{}`. */
  allAccounts: emptyMember,
  /** Oneof `accounts_scope`: accounts chosen by domain, type, status or owner. */
  accountCriteria: requestObject({
    accountDomain: requestEnum(APP_USER_DOMAINS).optional(),
    accountTypes: z.array(requestEnum(APP_USER_TYPES)).optional(),
    appUserStatuses: z.array(requestEnum(APP_USER_STATUSES)).optional(),
    noAccountOwner: z.boolean().optional(),
  }).optional(),
  /** Oneof `accounts_scope`: accounts chosen by a CEL expression. */
  accountCelExpression: celExpression,
  /** Oneof `grants_scope`. The document shows no fields: write `{}`. */
  allGrants: emptyMember,
  /** Oneof `grants_scope`: grants chosen by age, review, use, access profile, source or type. */
  grantsByCriteria: requestObject(grantsByCriteriaWritableShape)
    .superRefine(oneofRefinement(GRANTS_CRITERIA_FILTER_ONEOF))
    .optional(),
  /** Oneof `access_conflicts_scope`. The document shows no fields: write `{}`. */
  allAccessConflicts: emptyMember,
  /** Oneof `access_conflicts_scope`. The document shows no fields: write `{}`. */
  specificAccessConflicts: emptyMember,
  /** Oneof `resource_scope` (its only member). The document shows no fields: write `{}`. */
  resourceSelection: emptyMember,
  /** Oneof `excluded_apps_and_resources_scope`. The document shows no fields: write `{}`. */
  excludedSpecificResources: emptyMember,
  /** Oneof `excluded_apps_and_resources_scope`. The document shows no fields: write `{}`. */
  excludedResourceTypeSelections: emptyMember,
  /** Outside every oneof: whose access the campaign reviews. */
  principalTypeFilter: requestEnum(PRINCIPAL_TYPE_FILTERS).optional(),
  /** Outside every oneof. The document shows no fields: write `{}`. */
  scopeRoleSelection: emptyMember,
};

/** A campaign scope as a client sends it: exact; at most one member per oneof; durations as `"2592000s"`. */
export const scopeV2WritableSchema = requestObject(scopeV2WritableShape).superRefine(checkScopeOneofs);
export type ScopeV2Writable = z.infer<typeof scopeV2WritableSchema>;
