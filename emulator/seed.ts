/**
 * Well-known ids of the seeded tenant, for tests and examples. The seed is deterministic: a
 * reset restores exactly these records.
 */
export const SEED = {
  /** Apps of the tenant (more exist only if created). */
  apps: [
    { id: "app-github", displayName: "GitHub" },
    { id: "app-aws", displayName: "AWS Production" },
    { id: "app-salesforce", displayName: "Salesforce" },
    { id: "app-ai-agents", displayName: "AI Agent Platform" },
    { id: "app-secrets-vault", displayName: "Secrets Vault" },
    { id: "app-directory", displayName: "Workforce Directory" },
  ],
  /** The user the emulator's API client acts as (catalog creator, notification settings owner). */
  callerUserId: "user-0003",
  /** An app with enough owners to page at size 10. */
  appWithOwners: { appId: "app-github", ownerCount: 14 },
  /** Entitlements usable in catalogs (visibility bindings) and access-review scopes. */
  entitlements: [
    { appId: "app-github", id: "ent-github-org-member" },
    { appId: "app-github", id: "ent-github-org-admin" },
    { appId: "app-github", id: "ent-github-repo-maintain" },
    { appId: "app-aws", id: "ent-aws-readonly" },
    { appId: "app-aws", id: "ent-aws-admin" },
    { appId: "app-aws", id: "ent-aws-billing" },
    { appId: "app-salesforce", id: "ent-salesforce-sales-user" },
    { appId: "app-salesforce", id: "ent-salesforce-admin" },
  ],
  /** A resource type whose resources are managed manually (create, update, delete). */
  resourceType: { appId: "app-github", appResourceTypeId: "rt-github-repository" },
  /** Resource type whose resources carry `agentTrait`. */
  agentResourceType: { appId: "app-ai-agents", appResourceTypeId: "rt-ai-agent" },
  /** Resource type whose resources carry `secretTrait`. */
  secretResourceType: { appId: "app-secrets-vault", appResourceTypeId: "rt-vault-secret" },
  /** Seeded app resources. */
  appResources: [
    { appId: "app-github", appResourceTypeId: "rt-github-repository", id: "res-github-infra" },
    { appId: "app-github", appResourceTypeId: "rt-github-repository", id: "res-github-web" },
    { appId: "app-ai-agents", appResourceTypeId: "rt-ai-agent", id: "res-agent-support-bot" },
    { appId: "app-ai-agents", appResourceTypeId: "rt-ai-agent", id: "res-agent-code-review" },
    { appId: "app-secrets-vault", appResourceTypeId: "rt-vault-secret", id: "res-secret-deploy-key" },
    { appId: "app-secrets-vault", appResourceTypeId: "rt-vault-secret", id: "res-secret-db-password" },
  ],
  /** An access-review campaign with a scope and entitlements. */
  accessReviewId: "ar-2026-q4-privileged",
  /** A campaign with an empty scope. */
  emptyAccessReviewId: "ar-2027-q1-draft",
  /** The connector with more than 100 MCP resources (paging is exercised). */
  mcp: { appId: "app-ai-agents", connectorId: "conn-mcp-gateway", count: 137 },
  /** A second, small MCP connector of the same app. */
  mcpSmall: { appId: "app-ai-agents", connectorId: "conn-mcp-docs", count: 6 },
  /** App whose entitlement-owner list pages at size 10. */
  entitlementOwners: { appId: "app-github", count: 12, roleSlugs: ["owner", "approver"] },
  /** The built-in session policy (more exist: `sp-administrators`, `sp-contractors`). */
  sessionPolicyId: "sp-default",
  /** The built-in credential-inventory policy (`cip-federated` exists too). */
  credentialInventoryPolicyId: "cip-default",
  /** A shared secret (more exist: `vault-vpn-recovery-codes`, `vault-offboarding-handover`). */
  secretVaultId: "vault-db-readonly-password",
  /** Every stored secret content starts with this text; no answer may ever carry it. */
  secretContentMarker: "emulator-secret-content:",
  /** One auth config per provider member, keyed by member name. */
  authConfigs: {
    platformLocal: "ac-platform-local",
    providerHosted: "ac-provider-hosted",
    providerTenant: "ac-provider-tenant",
    providerDomainA: "ac-provider-domain-a",
    providerDomainB: "ac-provider-domain-b",
    providerClient: "ac-provider-client",
    providerEnvironment: "ac-provider-environment",
    oidc: "ac-oidc",
  },
  automations: {
    published: [
      "auto-joiner-onboarding",
      "auto-leaver-offboarding",
      "auto-unused-access-cleanup",
      "auto-webhook-sync",
    ],
    /** Published weekly reports (some disabled, some without an app), so searches page at size 10. */
    reports: [
      "auto-report-stale-accounts",
      "auto-report-orphaned-accounts",
      "auto-report-admin-grants",
      "auto-report-expiring-access",
      "auto-report-failed-provisioning",
      "auto-report-new-apps",
      "auto-report-mfa-gaps",
      "auto-report-service-accounts",
      "auto-report-shared-secrets",
      "auto-report-dormant-users",
      "auto-report-policy-exceptions",
      "auto-report-license-usage",
    ],
    draft: ["auto-draft-contractor-review", "auto-draft-grant-audit"],
    /** Published and enabled, circuit breaker at 3 executions per hour. */
    withCircuitBreaker: "auto-webhook-sync",
    /** Already disabled by its circuit breaker. */
    tripped: "auto-unused-access-cleanup",
  },
  catalogs: ["cat-engineering", "cat-finance", "cat-sales-onboarding", "cat-privileged-bundle"],
  roleMining: {
    count: 30,
    states: [
      "SUGGESTION_STATE_NEW",
      "SUGGESTION_STATE_DISMISSED",
      "SUGGESTION_STATE_ACCEPTED",
      "SUGGESTION_STATE_UNSPECIFIED",
      // Deliberately unknown member (not in wire-schemas.json).
      "SUGGESTION_STATE_SUPERSEDED",
    ],
  },
} as const;

/** Type of {@link SEED}. */
export type Seed = typeof SEED;
