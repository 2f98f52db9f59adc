import { APP_MODEL } from "../models/app";
import { APP_ENTITLEMENT_MODEL } from "../models/entitlement";
import { materialize } from "../models/materialize";
import { SEED } from "../seed";
import type { EntitlementOwnerRecord, JsonObject, TenantState } from "../state";
import { seedTime } from "./clock";
import { seedUserId } from "./users";

type AppSeed = Pick<TenantState, "apps" | "appOwners" | "entitlements" | "entitlementOwners">;

const APP_DETAILS: Record<string, JsonObject> = {
  "app-github": {
    description: "Source control and CI for every engineering team.",
    instructions: "Request the org member role first; repository roles need a manager's approval.",
    iconUrl: "https://icons.acme.example.com/github.svg",
    accessModel: "APP_ACCESS_MODEL_HYBRID",
    identityMatching: "APP_USER_IDENTITY_MATCHING_STRICT",
    userCount: "412",
    monthlyCostUsd: 8652,
    connectorVersion: 2,
    grantPolicyId: "policy-manager-approval",
    revokePolicyId: "policy-auto-revoke",
    certifyPolicyId: "policy-quarterly-review",
    defaultRequestCatalogId: "cat-engineering",
    annotations: { team: "platform", "cost-center": "CC-101" },
    appUserMapper: { mappingCases: [{ appUserKeyCel: "appUser.profile.email", userKeyCel: "user.email" }] },
    matchConnectorRef: { appId: "app-github", connectorId: "conn-github", externalId: "acme-corp" },
    strictAccessEntitlementProvisioning: true,
  },
  "app-aws": {
    description: "Production AWS organization (payments and core platform accounts).",
    accessModel: "APP_ACCESS_MODEL_HYBRID",
    userCount: "96",
    monthlyCostUsd: 0,
    grantPolicyId: "policy-security-approval",
    revokeGrantSources: true,
    annotations: { environment: "production" },
  },
  "app-salesforce": {
    description: "CRM for the sales organization.",
    accessModel: "APP_ACCESS_MODEL_SPARSE",
    userCount: "230",
    monthlyCostUsd: 37950,
    isManuallyManaged: true,
  },
  "app-ai-agents": {
    description: "Agents and MCP servers used by support and engineering.",
    accessModel: "APP_ACCESS_MODEL_HYBRID",
    userCount: "58",
    enableConnectorSourcedOwnership: true,
  },
  "app-secrets-vault": {
    description: "Shared secrets for deployment pipelines.",
    userCount: "17",
    isManuallyManaged: true,
  },
  "app-directory": {
    description: "The tenant's identity source.",
    accessModel: "APP_ACCESS_MODEL_CLASSIC",
    identityMatching: "APP_USER_IDENTITY_MATCHING_STRICT",
    isDirectory: true,
    userCount: "1874",
    appAccountId: "acct-directory",
    appAccountName: "acme.example.com",
  },
};

const ENTITLEMENT_DETAILS: Record<string, [string, string, string]> = {
  "ent-github-org-member": ["Organization member", "member", "risk-low"],
  "ent-github-org-admin": ["Organization owner", "admin", "risk-critical"],
  "ent-github-repo-maintain": ["Repository maintainer", "maintain", "risk-medium"],
  "ent-aws-readonly": ["ReadOnlyAccess", "readonly", "risk-low"],
  "ent-aws-admin": ["AdministratorAccess", "admin", "risk-critical"],
  "ent-aws-billing": ["Billing", "billing", "risk-medium"],
  "ent-salesforce-sales-user": ["Sales User", "sales-user", "risk-low"],
  "ent-salesforce-admin": ["System Administrator", "sysadmin", "risk-high"],
};

const OWNER_COUNTS: Record<string, number> = {
  "app-github": SEED.appWithOwners.ownerCount,
  "app-aws": 3,
  "app-salesforce": 2,
  "app-ai-agents": 2,
  "app-secrets-vault": 1,
  "app-directory": 0,
};

function seedEntitlements(): Record<string, JsonObject> {
  const entitlements: Record<string, JsonObject> = {};
  SEED.entitlements.forEach(({ appId, id }, index) => {
    const [displayName, slug, riskLevelValueId] = ENTITLEMENT_DETAILS[id] ?? [id, id, ""];
    entitlements[id] = materialize(
      {
        id,
        appId,
        displayName,
        slug,
        alias: `${appId.slice(4)}-${slug}`,
        description: `${displayName} in ${appId.slice(4)}`,
        externalId: `ext-${id}`,
        riskLevelValueId,
        grantCount: String(10 + index * 7),
        durationGrant: index % 3 === 0 ? "2592000s" : undefined,
        purpose:
          index === 1
            ? "APP_ENTITLEMENT_PURPOSE_VALUE_PERMISSION"
            : "APP_ENTITLEMENT_PURPOSE_VALUE_ASSIGNMENT",
        provisionerPolicy: {
          manual: { instructions: "Grant in the admin console.", userIds: [seedUserId(9)] },
        },
        createdAt: seedTime(-200 + index),
        updatedAt: seedTime(-20 + index),
      },
      APP_ENTITLEMENT_MODEL,
    );
  });
  for (let index = 0; index < SEED.entitlementOwners.count - 3; index += 1) {
    const id = `ent-github-team-${String(index + 1).padStart(2, "0")}`;
    entitlements[id] = materialize(
      {
        id,
        appId: "app-github",
        displayName: `Team ${index + 1} member`,
        slug: `team-${index + 1}`,
        grantCount: String(index + 3),
        purpose: "APP_ENTITLEMENT_PURPOSE_VALUE_ASSIGNMENT",
        createdAt: seedTime(-150 + index),
        updatedAt: seedTime(-15 + index),
      },
      APP_ENTITLEMENT_MODEL,
    );
  }
  return entitlements;
}

/** Entitlement-owner rows: every GitHub entitlement (two roles, so `roleSlug` filters) and AWS's admin roles. */
function seedEntitlementOwners(entitlements: Record<string, JsonObject>): EntitlementOwnerRecord[] {
  const github = Object.values(entitlements)
    .filter((entitlement) => entitlement["appId"] === SEED.entitlementOwners.appId)
    .map((entitlement, index) => ({
      appId: SEED.entitlementOwners.appId,
      appEntitlementId: String(entitlement["id"]),
      roleSlug: SEED.entitlementOwners.roleSlugs[index % 3 === 2 ? 1 : 0],
      createdAt: seedTime(-100 + index),
    }));
  const aws = ["ent-aws-admin", "ent-aws-billing"].map((appEntitlementId, index) => ({
    appId: "app-aws",
    appEntitlementId,
    roleSlug: "owner",
    createdAt: seedTime(-80 + index),
  }));
  return [...github, ...aws];
}

/** Apps with their owners, entitlements and entitlement owners. */
export function seedApps(): AppSeed {
  const apps: Record<string, JsonObject> = {};
  const appOwners: Record<string, string[]> = {};
  SEED.apps.forEach(({ id, displayName }, index) => {
    const record = materialize({ ...APP_DETAILS[id], id, displayName }, APP_MODEL);
    record["createdAt"] = seedTime(-365 + index * 10);
    record["updatedAt"] = seedTime(-10 + index);
    const mapper = record["appUserMapper"] as { appId?: string; mappingCases?: JsonObject[] } | null;
    if (mapper !== null) {
      mapper.appId = id;
      mapper.mappingCases = (mapper.mappingCases ?? []).map((item, caseIndex) => ({
        ...item,
        appId: id,
        caseIndex,
      }));
    }
    apps[id] = record;
    const count = OWNER_COUNTS[id] ?? 0;
    appOwners[id] = Array.from({ length: count }, (_, owner) => seedUserId((owner + index) % 20));
  });
  const entitlements = seedEntitlements();
  return { apps, appOwners, entitlements, entitlementOwners: seedEntitlementOwners(entitlements) };
}
