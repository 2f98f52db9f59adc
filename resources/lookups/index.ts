/**
 * Lookups: typed, read-only functions for the service's queries and for reading one object by id. Each has an
 * `…Output` twin that takes Pulumi inputs and answers an Output, as Pulumi's own `getX`/`getXOutput` do.
 */
export type { PagingArgs } from "../../provider/lookups/args";
export { programConfigSource, type LookupOptions } from "./config";
export type { DeepInput, LookupInputs } from "./output";
export {
  searchAutomations,
  searchAutomationsOutput,
  type AutomationInfo,
  type SearchAutomationsArgs,
} from "./automations";
export {
  searchRoleMiningSuggestions,
  searchRoleMiningSuggestionsOutput,
  type RoleMiningSuggestionInfo,
  type SearchRoleMiningSuggestionsArgs,
} from "./roleMining";
export {
  listAppOwners,
  listAppOwnersOutput,
  listAppEntitlementOwners,
  listAppEntitlementOwnersOutput,
  type EntitlementOwnerInfo,
  type ListAppEntitlementOwnersArgs,
  type ListAppOwnersArgs,
  type UserInfo,
} from "./owners";
export {
  listMcpResources,
  listMcpResourcesOutput,
  type ListMcpResourcesArgs,
  type McpResourceInfo,
} from "./mcp";
export {
  getSessionPolicy,
  getSessionPolicyOutput,
  getCredentialInventoryPolicy,
  getCredentialInventoryPolicyOutput,
  type CredentialInventoryPolicyInfo,
  type GetCredentialInventoryPolicyArgs,
  type GetSessionPolicyArgs,
  type SessionPolicyInfo,
} from "./policies";
export {
  getSecretMetadata,
  getSecretMetadataOutput,
  type GetSecretMetadataArgs,
  type SecretMetadata,
} from "./secrets";
export {
  getUserNotificationSettings,
  getUserNotificationSettingsOutput,
  type UserNotificationSettingsInfo,
} from "./notifications";
export {
  getApp,
  getAppOutput,
  getRequestCatalog,
  getRequestCatalogOutput,
  getAutomation,
  getAutomationOutput,
  getAuthConfig,
  getAuthConfigOutput,
  getAppResource,
  getAppResourceOutput,
  type AppInfo,
  type AppResourceInfo,
  type AuthConfigInfo,
  type GetAppResourceArgs,
  type GetByIdArgs,
  type RequestCatalogInfo,
} from "./getters";
export {
  getSsoSettings,
  getSsoSettingsOutput,
  getCrossAppAccessSettings,
  getCrossAppAccessSettingsOutput,
  getSessionSettings,
  getSessionSettingsOutput,
  type CrossAppAccessSettingsInfo,
  type SessionSettingsInfo,
  type SsoSettingsInfo,
} from "./settings";
