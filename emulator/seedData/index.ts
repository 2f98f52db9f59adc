import { refreshCounts } from "../counts";
import type { TenantState } from "../state";
import { seedAccessReviews } from "./accessReviews";
import { seedApps } from "./apps";
import { seedAuthConfigs } from "./authConfigs";
import { seedAutomations } from "./automations";
import { seedAppUsersAndGrants } from "./grants";
import { seedCatalogs } from "./catalogs";
import { seedMcpResources } from "./mcp";
import { seedPolicies } from "./policies";
import { seedResources } from "./resources";
import { seedRoleMiningSuggestions } from "./roleMining";
import { seedSecrets } from "./secrets";
import { seedSettings, seedUserNotificationSettings } from "./settings";
import { seedUsers } from "./users";

/** An empty tenant: no records, settings at their defaults. */
function emptyTenant(): TenantState {
  return {
    apps: {},
    users: {},
    appOwners: {},
    entitlements: {},
    appUsers: {},
    grants: [],
    entitlementOwners: [],
    resourceTypes: {},
    appResources: {},
    connectors: {},
    mcpResources: {},
    catalogs: {},
    automations: {},
    automationExecutions: {},
    authConfigs: {},
    accessReviews: {},
    policies: {},
    roleMiningSuggestions: {},
    sessionPolicies: {},
    credentialInventoryPolicies: {},
    secrets: {},
    secretContents: {},
    settings: seedSettings(),
    userNotificationSettings: seedUserNotificationSettings(),
    lastExecutionId: 1000,
  };
}

/** A fresh tenant: the seeded one (see `SEED`), or an empty one. */
export function buildTenant(seed: boolean): TenantState {
  const tenant = emptyTenant();
  if (!seed) return tenant;
  const seeded: TenantState = {
    ...tenant,
    users: seedUsers(),
    ...seedApps(),
    ...seedResources(),
    ...seedAutomations(),
    catalogs: seedCatalogs(),
    authConfigs: seedAuthConfigs(),
    accessReviews: seedAccessReviews(),
    mcpResources: seedMcpResources(),
    roleMiningSuggestions: seedRoleMiningSuggestions(),
    ...seedPolicies(),
    ...seedSecrets(),
  };
  const withGrants = { ...seeded, ...seedAppUsersAndGrants(seeded) };
  refreshCounts(withGrants);
  return withGrants;
}
