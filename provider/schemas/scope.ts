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
import { oneofRefinement, type OneofGroup } from "./oneof";
import {
  opaqueObject,
  openEnum,
  requestEnum,
  requestObject,
  responseTimestamp,
  stringList,
  timestamp,
  responseObject,
} from "./primitives";

/**
 * The oneofs of a campaign scope. The spec lists the scopeV2 members (2.9) without their grouping;
 * the groups are those of the public service's AccessReviewScopeV2 message, where one scope sets
 * e.g. a users member, an apps member and a grants member together.
 * `principalTypeFilter` and `scopeRoleSelection` belong to no oneof.
 */
export const SCOPE_V2_ONEOFS: readonly OneofGroup[] = [
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
];

/**
 * The oneof `criteria_filter` of grants criteria (reference 5.1). `daysSinceLastUsed`, `accessProfileFilter`,
 * `sourceFilter` and `typeFilter` are outside it.
 */
export const GRANTS_CRITERIA_FILTER_ONEOF: OneofGroup = {
  name: "criteria_filter",
  members: ["daysSinceAdded", "daysSinceReviewed", "grantsAddedBetween"],
};

/** Every member of scopeV2 (spec 2.9). */
export const SCOPE_V2_MEMBERS = [
  ...SCOPE_V2_ONEOFS.flatMap((group) => group.members),
  "principalTypeFilter",
  "scopeRoleSelection",
];

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

function opaqueMembers<Member extends z.ZodType>(
  member: Member,
): Record<(typeof OPAQUE_MEMBERS)[number], Member> {
  return Object.fromEntries(OPAQUE_MEMBERS.map((name) => [name, member])) as Record<
    (typeof OPAQUE_MEMBERS)[number],
    Member
  >;
}

function checkScopeOneofs(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const group of SCOPE_V2_ONEOFS) oneofRefinement(group)(value, ctx);
}

const text = z.string().optional();
/** An enumeration as a response carries it (open) or as a request sends it (with its prefix). */
type EnumOf = (known: readonly string[]) => z.ZodType<string, string>;

const accountCriteriaShape = (enumOf: EnumOf) => ({
  accountDomain: enumOf(APP_USER_DOMAINS).optional(),
  accountTypes: z.array(enumOf(APP_USER_TYPES)).optional(),
  appUserStatuses: z.array(enumOf(APP_USER_STATUSES)).optional(),
  noAccountOwner: z.boolean().optional(),
});
const appSelectionCriteriaShape = {
  complianceFrameworkAttributeValueIds: stringList.optional(),
  riskLevelAttributeValueIds: stringList.optional(),
};
const accessProfileFilterShape = (enumOf: EnumOf) => ({
  excludedAccessProfileIds: stringList.optional(),
  includedAccessProfileIds: stringList.optional(),
  filterType: enumOf(ACCESS_PROFILE_FILTER_TYPES).optional(),
});
const grantFilters = (enumOf: EnumOf) => ({
  sourceFilter: enumOf(GRANT_SOURCE_FILTERS).optional(),
  typeFilter: enumOf(GRANT_FILTER_TYPES).optional(),
});
const userCriteriaBase = (enumOf: EnumOf) => ({
  managerUserIds: stringList.optional(),
  multiUserProfileAttributes: opaqueObject.optional(),
  userStatus: z.array(enumOf(USER_STATUSES)).optional(),
});

/** A campaign scope as the service returns it (spec 2.9). Unknown fields are kept. */
export const scopeV2Schema = responseObject({
  accountCelExpression: responseObject({ expression: text }).nullish(),
  celExpression: responseObject({ expression: text }).nullish(),
  accountCriteria: responseObject(accountCriteriaShape(openEnum)).nullish(),
  ...opaqueMembers(opaqueObject.nullish()),
  appSelectionCriteria: responseObject(appSelectionCriteriaShape).nullish(),
  grantsByCriteria: responseObject({
    accessProfileFilter: responseObject(accessProfileFilterShape(openEnum)).nullish(),
    daysSinceAdded: text,
    daysSinceLastUsed: text,
    daysSinceReviewed: text,
    grantsAddedBetween: responseObject({
      startDate: responseTimestamp,
      endDate: responseTimestamp,
    }).nullish(),
    ...grantFilters(openEnum),
  })
    .superRefine(oneofRefinement(GRANTS_CRITERIA_FILTER_ONEOF))
    .nullish(),
  principalTypeFilter: openEnum(PRINCIPAL_TYPE_FILTERS).optional(),
  selectedUsers: responseObject({ userIds: stringList.optional() }).nullish(),
  userCriteria: responseObject({
    ...userCriteriaBase(openEnum),
    groupAppEntitlementsRef: z.array(responseObject({ appId: text, id: text })).optional(),
  }).nullish(),
}).superRefine(checkScopeOneofs);
export type ScopeV2 = z.infer<typeof scopeV2Schema>;

/** A campaign scope as a client sends it: exact; at most one member per oneof; durations as `"2592000s"`. */
export const scopeV2WritableSchema = requestObject({
  accountCelExpression: requestObject({ expression: text }).optional(),
  celExpression: requestObject({ expression: text }).optional(),
  accountCriteria: requestObject(accountCriteriaShape(requestEnum)).optional(),
  ...opaqueMembers(opaqueObject.optional()),
  appSelectionCriteria: requestObject(appSelectionCriteriaShape).optional(),
  grantsByCriteria: requestObject({
    accessProfileFilter: requestObject(accessProfileFilterShape(requestEnum)).optional(),
    daysSinceAdded: durationString.optional(),
    daysSinceLastUsed: durationString.optional(),
    daysSinceReviewed: durationString.optional(),
    grantsAddedBetween: requestObject({
      startDate: timestamp.optional(),
      endDate: timestamp.optional(),
    }).optional(),
    ...grantFilters(requestEnum),
  })
    .superRefine(oneofRefinement(GRANTS_CRITERIA_FILTER_ONEOF))
    .optional(),
  principalTypeFilter: requestEnum(PRINCIPAL_TYPE_FILTERS).optional(),
  selectedUsers: requestObject({ userIds: stringList.optional() }).optional(),
  userCriteria: requestObject({
    ...userCriteriaBase(requestEnum),
    groupAppEntitlementsRef: z.array(requestObject({ appId: text, id: text })).optional(),
  }).optional(),
}).superRefine(checkScopeOneofs);
export type ScopeV2Writable = z.infer<typeof scopeV2WritableSchema>;
