/**
 * The example on each reference page: a complete program fragment against the emulator's seeded tenant. The docs
 * test type-checks every one against the package's public types, as it does every snippet of the docs.
 */

import type { KindName } from "../../provider/kinds/names";

/** One example per resource kind, by kind name: one per kind of `KIND_NAMES`. */
export const RESOURCE_EXAMPLES: Readonly<Record<KindName, string> & Record<string, string>> = {
  App: `import { App } from "pulumi-idgov";

const wiki = new App("wiki", {
  displayName: "Team Wiki",
  description: "Internal documentation",
  accessModel: "APP_ACCESS_MODEL_HYBRID",
  annotations: { team: "docs" },
});
const github = new App("github", { adoptId: "app-github", monthlyCostUsd: 2100 });

export const wikiId = wiki.id;
export const githubOwners = github.appOwners;`,
  RequestCatalog: `import { RequestCatalog } from "pulumi-idgov";

const starterKit = new RequestCatalog("engineering-starter-kit", {
  displayName: "Engineering starter kit",
  published: true,
  visibleToEveryone: true,
  accessEntitlements: [
    { appId: "app-github", id: "ent-github-org-member" },
    { appId: "app-aws", id: "ent-aws-readonly" },
  ],
});

export const memberCount = starterKit.memberCount;`,
  Automation: `import { Automation } from "pulumi-idgov";

const welcome = new Automation("welcome-new-engineers", {
  displayName: "Welcome new engineers",
  appId: "app-github",
  enabled: true,
  triggers: [{ userCreated: { condition: 'user.department == "Engineering"' } }],
  automationSteps: [
    { stepName: "welcome", sendEmail: { subject: "Welcome aboard", body: "Glad to have you.", useSubjectUser: true } },
    { stepName: "wait-a-day", waitForDuration: { duration: "86400s" } },
  ],
  circuitBreakerMax: 50,
  circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
});

export const webhookUrl = welcome.webhookCapabilityUrl;`,
  SsoSettings: `import { SsoSettings } from "pulumi-idgov";

new SsoSettings("sso", {
  enabled: true,
  defaultSubjectType: "SSO_SUBJECT_TYPE_PUBLIC",
  defaultAssertionLifetime: "10m",
  restoreOnDelete: true,
});`,
  XaaSettings: `import { XaaSettings } from "pulumi-idgov";

new XaaSettings("cross-app-access", { enabled: true, defaultGrantLifetime: "90m" });`,
  SessionSettings: `import { SessionSettings } from "pulumi-idgov";

new SessionSettings("session", {
  maxSessionLength: "8h",
  ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8::/48"] },
});`,
  AuthConfig: `import * as pulumi from "@pulumi/pulumi";
import { AuthConfig } from "pulumi-idgov";

const config = new pulumi.Config();
new AuthConfig("workforce-sign-in", {
  displayName: "Workforce sign-in",
  bootstrapDomains: ["acme.example.com"],
  oidc: {
    issuerId: "https://login.acme.example.com",
    oidcClientId: "idgov-workforce",
    oidcClientSecret: config.requireSecret("workforceOidcClientSecret"),
    scopes: ["openid", "email"],
  },
});`,
  AppResource: `import { AppResource } from "pulumi-idgov";

new AppResource("infra-repository", {
  appId: "app-github",
  appResourceTypeId: "rt-github-repository",
  displayName: "acme/infrastructure",
  description: "Terraform and Pulumi programs",
});`,
  AccessReviewScope: `import { AccessReviewScope } from "pulumi-idgov";

new AccessReviewScope("q1-draft", {
  accessReviewId: "ar-2027-q1-draft",
  scopeV2: { allUsers: {}, appAccess: {} },
  entitlements: [{ appId: "app-github", appEntitlementId: "ent-github-org-admin" }],
  restoreOnDelete: true,
});`,
};

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
