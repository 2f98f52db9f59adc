/**
 * The example on each schema reference page, as data: the inputs of one resource or the arguments of one function
 * against the emulator's seeded tenant, and what the program exports. `scripts/docs/native/languages.ts` writes it
 * in TypeScript, Python, Go, Java and YAML for the SDKs generated from the schema; an e2e test compiles each.
 */

import { COMPONENTS } from "../../../provider/components";
import { KINDS } from "../../../provider/kinds";
import type { ExampleValue, ProgramExample, SecretConfig } from "../../../provider/kinds/example";

export type { ExampleValue, ProgramExample, SecretConfig } from "../../../provider/kinds/example";

/** Whether a value is a secret read from config. */
export function isSecretConfig(value: ExampleValue): value is SecretConfig {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "secretConfig" in value;
}

/**
 * One example per resource, by the name in its token (`idgov:index:App`): each kind's own (`example.program`), and
 * each component's (`example`).
 */
export const RESOURCE_PROGRAMS: Readonly<Record<string, ProgramExample>> = Object.fromEntries([
  ...KINDS.map((kind) => [kind.name, kind.example.program] as const),
  ...Object.values(COMPONENTS).map((component) => [component.name, component.example] as const),
]);

/** One example per function, by the name in its token (`idgov:index:getApp`). */
export const FUNCTION_PROGRAMS: Readonly<Record<string, ProgramExample>> = {
  getApp: { variable: "github", inputs: { id: "app-github" }, exports: { githubName: "displayName" } },
  getRequestCatalog: {
    variable: "engineering",
    inputs: { id: "cat-engineering" },
    exports: { memberCount: "memberCount" },
  },
  getAutomation: {
    variable: "joiner",
    inputs: { id: "auto-joiner-onboarding" },
    exports: { joinerEnabled: "enabled" },
  },
  getAuthConfig: { variable: "oidc", inputs: { id: "ac-oidc" }, exports: { oidcStatus: "status" } },
  getAppResource: {
    variable: "repository",
    inputs: { appId: "app-github", appResourceTypeId: "rt-github-repository", id: "res-github-infra" },
    exports: { appResource: "appResource" },
  },
  getSsoSettings: { variable: "sso", inputs: {}, exports: { ssoEnabled: "enabled" } },
  getCrossAppAccessSettings: { variable: "xaa", inputs: {}, exports: { xaaEnabled: "enabled" } },
  getSessionSettings: { variable: "session", inputs: {}, exports: { maxSessionLength: "maxSessionLength" } },
  getUserNotificationSettings: {
    variable: "notifications",
    inputs: {},
    exports: { channels: "channelSettings" },
  },
  getSessionPolicy: {
    variable: "defaultPolicy",
    inputs: { id: "sp-default" },
    exports: { policyName: "displayName" },
  },
  getCredentialInventoryPolicy: {
    variable: "inventory",
    inputs: { id: "cip-default" },
    exports: { enabledTypes: "enabledTypes" },
  },
  getSecretMetadata: {
    variable: "secret",
    inputs: { vaultId: "vault-db-readonly-password" },
    exports: { secretName: "displayName" },
  },
  listAppOwners: { variable: "owners", inputs: { appId: "app-github" }, exports: { appOwners: "items" } },
  listAppEntitlementOwners: {
    variable: "rows",
    inputs: { appId: "app-github", roleSlug: "owner" },
    exports: { entitlementOwners: "items" },
  },
  listMcpResources: {
    variable: "tools",
    inputs: { appId: "app-ai-agents", connectorId: "conn-mcp-docs" },
    exports: { mcpTools: "items" },
  },
  searchAutomations: {
    variable: "drafts",
    inputs: { isDraft: true, limit: 20 },
    exports: { draftAutomations: "items" },
  },
  searchRoleMiningSuggestions: {
    variable: "suggestions",
    inputs: { states: ["SUGGESTION_STATE_NEW"], limit: 5 },
    exports: { roleSuggestions: "items" },
  },
};
