import type { RunningEmulator } from "../../../emulator";
import { outOfBand } from "../../../testkit/emulatorApi";

type Json = Record<string, unknown>;

/** Ids of what {@link buildTenant} made, for assertions. */
export interface BuiltTenant {
  /** A second app named "GitHub" (its resource name must differ from the seeded one's). */
  secondGithubId: string;
  /** Apps whose annotations say another tool or workspace manages them. */
  managedElsewhereIds: string[];
  catalogId: string;
  automationId: string;
  authConfigId: string;
  appResourceId: string;
}

async function created(emulator: RunningEmulator, path: string, body: Json, key: string): Promise<string> {
  const answer = await outOfBand(emulator, "POST", path, body);
  const entity = (answer[key] ?? (answer.requestCatalogView as Json | undefined)?.requestCatalog) as Json;
  return String(entity.id);
}

/**
 * Adds to the seeded tenant objects of every kind, as an admin console would: references between them (a catalog
 * bundling an app's entitlement, an automation and an app resource of an app), enumeration values newer than the
 * spec, opaque step and trigger members the package does not know, and annotations of other owners.
 */
export async function buildTenant(emulator: RunningEmulator): Promise<BuiltTenant> {
  const app = (body: Json) => created(emulator, "/api/v1/apps", body, "app");
  const secondGithubId = await app({
    displayName: "GitHub",
    description: "The labs organization.",
    annotations: { team: "labs", "cost-center": "CC-900" },
  });
  const managedElsewhereIds = [
    await app({ displayName: "Legacy CRM", annotations: { managed_by: "terraform" } }),
    await app({
      displayName: "Other stack's app",
      annotations: {
        managed_by: "pulumi",
        iac_workspace: "acme/other/prod",
        iac_resource_address: "urn:pulumi:prod::other::pulumi-nodejs:dynamic/idgov:App::crm",
      },
    }),
  ];
  const catalogId = await created(
    emulator,
    "/api/v1/catalogs",
    {
      displayName: "Labs starter kit",
      published: true,
      enrollmentBehavior: "REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_FUTURE_MODE",
      annotations: { team: "labs" },
    },
    "catalog",
  );
  await outOfBand(emulator, "POST", `/api/v1/catalogs/${catalogId}/visibility_bindings`, {
    accessEntitlements: [
      { appId: "app-github", id: "ent-github-org-member" },
      { appId: "app-aws", id: "ent-aws-readonly" },
    ],
  });
  const automationId = await created(
    emulator,
    "/api/v1/automations",
    {
      displayName: "Labs onboarding",
      appId: secondGithubId,
      enabled: true,
      triggers: [{ userCreated: { condition: "user.department == 'Labs'" } }],
      automationSteps: [
        {
          stepName: "notify",
          // A free-form payload: whatever it holds is carried verbatim, empty objects included.
          webhook: { webhookId: "wh-labs", payload: { futureOption: { level: "HIGH" }, retry: {} } },
        },
        { stepName: "mail", sendEmail: { subject: "Welcome to Labs", body: "Hello", useSubjectUser: true } },
      ],
      circuitBreakerMax: 4,
      circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_FORTNIGHT",
      annotations: { purpose: "onboarding" },
    },
    "automation",
  );
  const authConfigId = await created(
    emulator,
    "/api/v1/auth-configs",
    {
      displayName: "Labs OIDC",
      bootstrapDomains: ["labs.acme.example.com"],
      oidc: {
        issuerId: "https://idp.labs.acme.example.com",
        oidcClientId: "labs",
        oidcClientSecret: "labs-client-secret",
        scopes: ["profile", "openid"],
      },
    },
    "authConfig",
  );
  const appResourceId = await created(
    emulator,
    "/api/v1/apps/app-github/resource_types/rt-github-repository/resources",
    { displayName: "acme/labs", description: "Labs experiments", annotations: { team: "labs" } },
    "appResource",
  );
  await outOfBand(emulator, "POST", "/api/v1/settings/sso", {
    settings: { defaultSubjectType: "SSO_SUBJECT_TYPE_FUTURE_SUBJECT" },
    updateMask: "defaultSubjectType",
  });
  await outOfBand(emulator, "POST", "/api/v1/access_review/ar-2027-q1-draft/scope_and_entitlements", {
    scopeV2: { selectedUsers: { userIds: ["user-0002", "user-0001"] } },
    entitlements: [{ appId: "app-salesforce", appEntitlementId: "ent-salesforce-admin" }],
  });
  return { secondGithubId, managedElsewhereIds, catalogId, automationId, authConfigId, appResourceId };
}
