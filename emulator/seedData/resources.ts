import { APP_RESOURCE_MODEL } from "../models/appResource";
import { materialize } from "../models/materialize";
import { SEED } from "../seed";
import type { JsonObject, TenantState } from "../state";
import { seedTime } from "./clock";

type ResourceSeed = Pick<TenantState, "resourceTypes" | "appResources" | "connectors" | "policies">;

const TYPES: readonly [string, string, string, string[]][] = [
  [SEED.resourceType.appId, SEED.resourceType.appResourceTypeId, "Repository", []],
  [SEED.agentResourceType.appId, SEED.agentResourceType.appResourceTypeId, "Agent", ["TRAIT_AGENT"]],
  [SEED.secretResourceType.appId, SEED.secretResourceType.appResourceTypeId, "Secret", ["TRAIT_SECRET"]],
  ["app-aws", "rt-aws-account", "Account", []],
];

const RESOURCE_DETAILS: Record<string, JsonObject> = {
  "res-github-infra": { displayName: "acme/infrastructure", description: "Terraform and cluster config" },
  "res-github-web": {
    displayName: "acme/web",
    description: "Customer-facing web app",
    customDescription: "Owned by the web team",
  },
  "res-agent-support-bot": {
    displayName: "Support triage bot",
    nhiType: "NHI_TYPE_MANAGED_IDENTITY",
    nhiDetail: "LLM agent answering tier-1 tickets",
    agentTrait: { identityAppUserId: "appuser-support-bot", status: "AGENT_STATUS_READY" },
  },
  "res-agent-code-review": {
    displayName: "Code review agent",
    nhiType: "NHI_TYPE_MANAGED_IDENTITY",
    agentTrait: { identityAppUserId: "appuser-code-review", status: "AGENT_STATUS_DISABLED" },
  },
  "res-secret-deploy-key": {
    displayName: "Deploy key (production)",
    nhiType: "NHI_TYPE_APP_REGISTRATION",
    secretTrait: {
      createdByAppUserId: "appuser-platform",
      credentialDetail: "ed25519 SSH key",
      identityAppUserId: "appuser-deployer",
      lastUsedAt: seedTime(-1),
      secretCreatedAt: seedTime(-90),
      secretExpiresAt: seedTime(275),
    },
  },
  "res-secret-db-password": {
    displayName: "Reporting DB password",
    nhiType: "NHI_TYPE_APP_REGISTRATION",
    secretTrait: {
      createdByAppUserId: "appuser-dba",
      credentialDetail: "rotated every 30 days",
      identityAppUserId: "appuser-reporting",
      lastUsedAt: null,
      secretCreatedAt: seedTime(-20),
      secretExpiresAt: seedTime(10),
    },
  },
};

const POLICIES: readonly [string, string, string][] = [
  ["policy-manager-approval", "Manager approval", "POLICY_TYPE_GRANT"],
  ["policy-security-approval", "Security team approval", "POLICY_TYPE_GRANT"],
  ["policy-auto-revoke", "Automatic revoke", "POLICY_TYPE_REVOKE"],
  ["policy-quarterly-review", "Quarterly certification", "POLICY_TYPE_CERTIFY"],
];

/** Resource types, app resources (with agent and secret traits), connectors and policies. */
export function seedResources(): ResourceSeed {
  const resourceTypes: Record<string, JsonObject> = {};
  TYPES.forEach(([appId, id, displayName, traitIds], index) => {
    resourceTypes[id] = {
      id,
      appId,
      displayName,
      traitIds,
      createdAt: seedTime(-300 + index),
      updatedAt: seedTime(-300 + index),
    };
  });
  const appResources: Record<string, JsonObject> = {};
  SEED.appResources.forEach(({ appId, appResourceTypeId, id }, index) => {
    const resource = materialize({ ...RESOURCE_DETAILS[id] }, APP_RESOURCE_MODEL);
    Object.assign(resource, {
      id,
      appId,
      appResourceTypeId,
      externalId: `ext-${id}`,
      grantCount: String(3 + index * 4),
      profile: { source: "seed", index },
      annotations: index === 0 ? { team: "platform" } : {},
      createdAt: seedTime(-120 + index),
      updatedAt: seedTime(-12 + index),
    });
    appResources[id] = resource;
  });
  const connectors = {
    [SEED.mcp.connectorId]: { id: SEED.mcp.connectorId, appId: SEED.mcp.appId, displayName: "MCP gateway" },
    [SEED.mcpSmall.connectorId]: {
      id: SEED.mcpSmall.connectorId,
      appId: SEED.mcpSmall.appId,
      displayName: "Docs MCP server",
    },
    "conn-github": { id: "conn-github", appId: "app-github", displayName: "GitHub connector" },
  };
  const policies: Record<string, JsonObject> = {};
  POLICIES.forEach(([id, displayName, policyType], index) => {
    policies[id] = {
      id,
      displayName,
      policyType,
      createdAt: seedTime(-330 + index),
      updatedAt: seedTime(-33 + index),
    };
  });
  return { resourceTypes, appResources, connectors, policies };
}
