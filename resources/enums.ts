import type * as e from "../provider/schemas/enums";
import type { Unlisted } from "../provider/schemas/enums";

export type { Unlisted };

/**
 * Marks `member` as an enumeration member the service knows but pulumi-idgov does not list yet, so that it types
 * where an enumeration is expected: `accessModel: unlisted("APP_ACCESS_MODEL_…")`. The value is sent as given once the
 * stack opts in with `pulumi config set idgov:allowUnlistedMembers true`; without it, check refuses the member,
 * naming the field and the members it knows.
 */
export function unlisted(member: string): Unlisted {
  return member as Unlisted;
}

/** An app's access model (spec 2.6). */
export type AppAccessModel = (typeof e.APP_ACCESS_MODELS)[number];
/** How an app's users are matched to users (spec 2.6). */
export type AppUserIdentityMatching = (typeof e.APP_USER_IDENTITY_MATCHINGS)[number];
/** The status of an app resource's agent (spec 2.8). */
export type AgentStatus = (typeof e.AGENT_STATUSES)[number];
/** The status of an auth config (spec 2.3). */
export type AuthConfigStatus = (typeof e.AUTH_CONFIG_STATUSES)[number];
/** A delegated verifier of a platform-local auth config (spec 2.3). */
export type DelegatedVerifierType = (typeof e.DELEGATED_VERIFIER_TYPES)[number];
/** The period of an automation's circuit breaker (spec 2.2). */
export type CircuitBreakerPeriod = (typeof e.CIRCUIT_BREAKER_PERIODS)[number];
/** What enrolling in a request catalog does (spec 2.4). */
export type RequestCatalogEnrollmentBehavior = (typeof e.REQUEST_CATALOG_ENROLLMENT_BEHAVIORS)[number];
/** What unenrolling from a request catalog does with access (spec 2.4). */
export type RequestCatalogUnenrollmentBehavior = (typeof e.REQUEST_CATALOG_UNENROLLMENT_BEHAVIORS)[number];
/** What unenrolling from a request catalog does with entitlements (spec 2.4). */
export type RequestCatalogUnenrollmentEntitlementBehavior =
  (typeof e.REQUEST_CATALOG_UNENROLLMENT_ENTITLEMENT_BEHAVIORS)[number];
/** The subject type of SSO tokens (spec 2.11). */
export type SsoSubjectType = (typeof e.SSO_SUBJECT_TYPES)[number];
/** An OIDC ID-token signing algorithm (spec 2.11). */
export type OidcSigningAlgorithm = (typeof e.OIDC_SIGNING_ALGORITHMS)[number];
/** A cross-app access signing algorithm (spec 2.11). */
export type XaaSigningAlgorithm = (typeof e.XAA_SIGNING_ALGORITHMS)[number];
/** The domain of the accounts a campaign scope selects (spec 2.9). */
export type AppUserDomain = (typeof e.APP_USER_DOMAINS)[number];
/** A type of account a campaign scope selects (spec 2.9). */
export type AppUserType = (typeof e.APP_USER_TYPES)[number];
/** A status of account a campaign scope selects (spec 2.9). */
export type AppUserStatus = (typeof e.APP_USER_STATUSES)[number];
/** How a campaign scope filters grants by access profile (spec 2.9). */
export type AccessProfileFilterType = (typeof e.ACCESS_PROFILE_FILTER_TYPES)[number];
/** Which grants a campaign scope selects by their source (spec 2.9). */
export type GrantSourceFilter = (typeof e.GRANT_SOURCE_FILTERS)[number];
/** Which grants a campaign scope selects by their type (spec 2.9). */
export type GrantFilterType = (typeof e.GRANT_FILTER_TYPES)[number];
/** Whose access a campaign reviews (spec 2.9). */
export type PrincipalTypeFilter = (typeof e.PRINCIPAL_TYPE_FILTERS)[number];
/** A user status, as a campaign scope selects users by it (spec 2.7, 2.9). */
export type UserStatus = (typeof e.USER_STATUSES)[number];
