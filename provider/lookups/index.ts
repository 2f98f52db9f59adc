/**
 * The lookups, below both doors: plain async functions over the client, each taking its settings in `options`.
 * The TypeScript door wraps them with the program's stack config and their `…Output` twins; the native door calls
 * them as the package's functions (`idgov:index:getApp`).
 */
export { searchAutomations } from "./automations";
export { getApp, getAppResource, getAuthConfig, getAutomation, getRequestCatalog } from "./getters";
export { listMcpResources } from "./mcp";
export { getUserNotificationSettings } from "./notifications";
export { listAppEntitlementOwners, listAppOwners } from "./owners";
export { getCredentialInventoryPolicy, getSessionPolicy } from "./policies";
export { searchRoleMiningSuggestions } from "./roleMining";
export { getSecretMetadata } from "./secrets";
export { getCrossAppAccessSettings, getSessionSettings, getSsoSettings } from "./settings";
export type { LookupOptions } from "./options";
