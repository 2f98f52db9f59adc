/**
 * The example on each reference page: a complete program fragment against the emulator's seeded tenant. The docs
 * test type-checks every one against the package's public types, as it does every snippet of the docs.
 */

import { KINDS } from "../../provider/kinds";

/** One example per resource kind, by kind name: each kind's own (`example.typescript` on its declaration). */
export const RESOURCE_EXAMPLES: Readonly<Record<string, string>> = Object.fromEntries(
  KINDS.map((kind) => [kind.name, kind.example.typescript]),
);

/** One example per lookup, by function name. */
export const LOOKUP_EXAMPLES: Readonly<Record<string, string>> = {
  searchAutomations: `import { searchAutomationsOutput } from "pulumi-idgov";

const drafts = searchAutomationsOutput({ isDraft: true, limit: 20 });
export const draftNames = drafts.apply((found) => found.map((automation) => automation.displayName));`,
  searchRoleMiningSuggestions: `import { searchRoleMiningSuggestionsOutput } from "pulumi-idgov";

const suggestions = searchRoleMiningSuggestionsOutput({ states: ["SUGGESTION_STATE_NEW"], limit: 5 });
export const suggested = suggestions.apply((found) => found.map((suggestion) => suggestion.suggestedName));`,
  listAppOwners: `import { listAppOwnersOutput } from "pulumi-idgov";

const owners = listAppOwnersOutput({ appId: "app-github" });
export const ownerEmails = owners.apply((users) => users.map((user) => user.email));`,
  listAppEntitlementOwners: `import { listAppEntitlementOwnersOutput } from "pulumi-idgov";

const rows = listAppEntitlementOwnersOutput({ appId: "app-github", roleSlug: "owner" });
export const ownedEntitlements = rows.apply((found) => found.map((row) => row.appEntitlement?.id));`,
  listMcpResources: `import { listMcpResourcesOutput } from "pulumi-idgov";

const tools = listMcpResourcesOutput({ appId: "app-ai-agents", connectorId: "conn-mcp-docs" });
export const toolCount = tools.apply((found) => found.length);`,
  getSessionPolicy: `import { getSessionPolicyOutput } from "pulumi-idgov";

export const defaultPolicy = getSessionPolicyOutput({ id: "sp-default" });`,
  getCredentialInventoryPolicy: `import { getCredentialInventoryPolicyOutput } from "pulumi-idgov";

export const inventoryPolicy = getCredentialInventoryPolicyOutput({ id: "cip-default" });`,
  getSecretMetadata: `import { getSecretMetadataOutput } from "pulumi-idgov";

// Metadata only, never the secret's content; the Output is secret.
export const secret = getSecretMetadataOutput({ vaultId: "vault-db-readonly-password" });`,
  getUserNotificationSettings: `import { getUserNotificationSettingsOutput } from "pulumi-idgov";

export const notifications = getUserNotificationSettingsOutput();`,
  getApp: `import { App, getAppOutput } from "pulumi-idgov";

const github = getAppOutput({ id: "app-github" });
new App("github-mirror", {
  displayName: "GitHub mirror",
  description: github.apply((app) => app.description ?? ""),
});`,
  getRequestCatalog: `import { getRequestCatalogOutput } from "pulumi-idgov";

const view = getRequestCatalogOutput({ id: "cat-engineering" });
export const catalogName = view.apply((found) => found.requestCatalog?.displayName);`,
  getAutomation: `import { getAutomationOutput } from "pulumi-idgov";

export const joinerEnabled = getAutomationOutput({ id: "auto-joiner-onboarding" }).enabled;`,
  getAuthConfig: `import { getAuthConfigOutput } from "pulumi-idgov";

export const oidcStatus = getAuthConfigOutput({ id: "ac-oidc" }).status;`,
  getAppResource: `import { getAppResourceOutput } from "pulumi-idgov";

const view = getAppResourceOutput({
  appId: "app-github",
  appResourceTypeId: "rt-github-repository",
  id: "res-github-infra",
});
export const repository = view.apply((found) => found.appResource?.displayName);`,
  getSsoSettings: `import { getSsoSettingsOutput } from "pulumi-idgov";

export const ssoEnabled = getSsoSettingsOutput().enabled;`,
  getCrossAppAccessSettings: `import { getCrossAppAccessSettingsOutput } from "pulumi-idgov";

export const xaaEnabled = getCrossAppAccessSettingsOutput().enabled;`,
  getSessionSettings: `import { getSessionSettingsOutput } from "pulumi-idgov";

export const maxSessionLength = getSessionSettingsOutput().maxSessionLength;`,
};
