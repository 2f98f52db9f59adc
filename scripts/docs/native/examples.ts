/**
 * The example on each schema reference page, as data: the inputs of one resource or the arguments of one function
 * against the emulator's seeded tenant, and what the program exports. `scripts/docs/native/languages.ts` writes it
 * in TypeScript, Python, Go and YAML for the SDKs generated from the schema; an e2e test compiles each.
 */

import type { KindName } from "../../../provider/kinds/names";

/** A secret read from the stack's config (`pulumi config set --secret NAME …`), never a literal. */
export interface SecretConfig {
  readonly secretConfig: string;
}

/** A value of an example: what JSON holds, or a secret from the stack's config. Enum members by their value. */
export type ExampleValue =
  | string
  | number
  | boolean
  | SecretConfig
  | readonly ExampleValue[]
  | { readonly [key: string]: ExampleValue };

/** One program: a variable for the resource or the function's result, its inputs, and its exports. */
export interface ProgramExample {
  /** The variable's name (lower camel case), and the resource's logical name unless `resourceName` is given. */
  readonly variable: string;
  readonly resourceName?: string;
  readonly inputs: Readonly<Record<string, ExampleValue>>;
  /** Stack output name → output property of the resource or result (`id` for a resource's id). */
  readonly exports: Readonly<Record<string, string>>;
}

/** Whether a value is a secret read from config. */
export function isSecretConfig(value: ExampleValue): value is SecretConfig {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "secretConfig" in value;
}

/** One example per resource, by the name in its token (`idgov:index:App`): one per kind of `KIND_NAMES`. */
export const RESOURCE_PROGRAMS: Readonly<Record<KindName, ProgramExample> & Record<string, ProgramExample>> =
  {
    App: {
      variable: "wiki",
      inputs: {
        displayName: "Team Wiki",
        description: "Internal documentation",
        accessModel: "APP_ACCESS_MODEL_HYBRID",
        annotations: { team: "docs" },
      },
      exports: { wikiId: "id" },
    },
    RequestCatalog: {
      variable: "starterKit",
      inputs: {
        displayName: "Engineering starter kit",
        published: true,
        visibleToEveryone: true,
        accessEntitlements: [
          { appId: "app-github", id: "ent-github-org-member" },
          { appId: "app-aws", id: "ent-aws-readonly" },
        ],
      },
      exports: { memberCount: "memberCount" },
    },
    Automation: {
      variable: "welcome",
      inputs: {
        displayName: "Welcome new engineers",
        appId: "app-github",
        enabled: true,
        triggers: [{ userCreated: { condition: 'user.department == "Engineering"' } }],
        automationSteps: [
          {
            stepName: "welcome",
            sendEmail: { subject: "Welcome aboard", body: "Glad to have you.", useSubjectUser: true },
          },
          { stepName: "wait-a-day", waitForDuration: { duration: "86400s" } },
        ],
        circuitBreakerMax: 50,
        circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
      },
      exports: { webhookUrl: "webhookCapabilityUrl" },
    },
    AuthConfig: {
      variable: "workforceSignIn",
      inputs: {
        displayName: "Workforce sign-in",
        bootstrapDomains: ["acme.example.com"],
        oidc: {
          issuerId: "https://login.acme.example.com",
          oidcClientId: "idgov-workforce",
          oidcClientSecret: { secretConfig: "workforceOidcClientSecret" },
          scopes: ["openid", "email"],
        },
      },
      exports: { authConfigId: "id" },
    },
    SsoSettings: {
      variable: "sso",
      inputs: {
        enabled: true,
        defaultSubjectType: "SSO_SUBJECT_TYPE_PUBLIC",
        defaultAssertionLifetime: "10m",
        restoreOnDelete: true,
      },
      exports: { ssoEnabled: "enabled" },
    },
    XaaSettings: {
      variable: "crossAppAccess",
      inputs: { enabled: true, defaultGrantLifetime: "90m" },
      exports: { xaaEnabled: "enabled" },
    },
    SessionSettings: {
      variable: "session",
      inputs: {
        maxSessionLength: "8h",
        ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8::/48"] },
      },
      exports: { maxSessionLength: "maxSessionLength" },
    },
    AppResource: {
      variable: "infraRepository",
      inputs: {
        appId: "app-github",
        appResourceTypeId: "rt-github-repository",
        displayName: "acme/infrastructure",
        description: "Terraform and Pulumi programs",
      },
      exports: { repositoryId: "id" },
    },
    AccessReviewScope: {
      variable: "q1Draft",
      inputs: {
        accessReviewId: "ar-2027-q1-draft",
        scopeV2: { allUsers: {}, appAccess: {} },
        entitlements: [{ appId: "app-github", appEntitlementId: "ent-github-org-admin" }],
        restoreOnDelete: true,
      },
      exports: { scopeId: "id" },
    },
  };

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
