export {
  AccessReviewScope,
  type AccessReviewScopeArgs,
  type EntitlementSelector,
  type GrantsByCriteriaArgs,
  type ScopeV2Args,
} from "./AccessReviewScope";
export { App, type AppArgs } from "./App";
export { AppResource, type AppResourceArgs } from "./AppResource";
export { AuthConfig, type AuthConfigArgs, type OidcClientArgs, type OidcProviderArgs } from "./AuthConfig";
export { Automation, type AutomationArgs, type AutomationStepArgs } from "./Automation";
export type { AdoptionArgs, RestoreArgs } from "./dynamic/controls";
export { GovernedApp, type GovernedAppArgs } from "./GovernedApp";
export { RequestCatalog, type EntitlementRef, type RequestCatalogArgs } from "./RequestCatalog";
export { SessionSettings, type SessionSettingsArgs, type SourceRestrictionArgs } from "./SessionSettings";
export { SsoSettings, type SsoSettingsArgs } from "./SsoSettings";
export { TenantBaseline, type TenantBaselineArgs } from "./TenantBaseline";
export { XaaSettings, type XaaSettingsArgs } from "./XaaSettings";
export * from "./lookups";
/** What each kind's resource exposes, as plain values: `app.accessModel` is an `Output<AppOutputs["accessModel"]>`. */
export type {
  AccessReviewScopeOutputs,
  AppOutputs,
  AppResourceOutputs,
  AuthConfigOutputs,
  AutomationOutputs,
  Outputs,
  RequestCatalogOutputs,
  SessionSettingsOutputs,
  SsoSettingsOutputs,
  XaaSettingsOutputs,
} from "./types";
/** The error classes, so that a program can tell failures apart with `instanceof`. */
export {
  IdgovAdoptionError,
  IdgovApiError,
  IdgovArgumentError,
  IdgovAuthError,
  IdgovConfigError,
  IdgovConflictError,
  IdgovDeclarationError,
  IdgovError,
  IdgovLostCreateError,
  IdgovMissingObjectError,
  IdgovNotFoundError,
  IdgovObjectError,
  IdgovOwnershipError,
  IdgovRateLimitError,
  IdgovRequestError,
  IdgovResponseSchemaError,
  IdgovServerError,
  IdgovTenantError,
  IdgovNewerStateError,
  IdgovTransportError,
  IdgovUnreadableStateError,
  IdgovValidationError,
  type ResponseIssue,
} from "../provider/errors";
export { ResourceInitError } from "../provider/engine/initError";
/** What a component (`GovernedApp`, `TenantBaseline`) throws for inputs it refuses, each property with its rule and fix. */
export { ComponentInputError } from "../provider/components/inputError";
/** What the commands (`pulumi-idgov audit`, `export`, `impact`) and the plugin's start can fail with. */
export { IgnoreFileError } from "../provider/audit/ignore";
export { StackStateError } from "../provider/audit/stackState";
export { PreviewFormatError } from "../provider/impact/fromPreview";
export { PluginStartError } from "../provider/native/engineAddress";
export { UsageError } from "../provider/cli/flags";
export { OutPathError } from "../provider/cli/outPath";
export { UnmatchedIdError } from "../provider/cli/export/unmatchedIdError";
export { ReportInputError, ReportOutError } from "../provider/cli/report/errors";
export {
  unlisted,
  type AccessProfileFilterType,
  type AgentStatus,
  type AppAccessModel,
  type AppUserDomain,
  type AppUserIdentityMatching,
  type AppUserStatus,
  type AppUserType,
  type AuthConfigStatus,
  type CircuitBreakerPeriod,
  type DelegatedVerifierType,
  type GrantFilterType,
  type GrantSourceFilter,
  type OidcSigningAlgorithm,
  type PrincipalTypeFilter,
  type RequestCatalogEnrollmentBehavior,
  type RequestCatalogUnenrollmentBehavior,
  type RequestCatalogUnenrollmentEntitlementBehavior,
  type SsoSubjectType,
  type Unlisted,
  type UserStatus,
  type XaaSigningAlgorithm,
} from "./enums";
