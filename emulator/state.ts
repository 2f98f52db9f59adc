/** A JSON object as stored and answered (wire shape, camelCase). */
export type JsonObject = Record<string, unknown>;

/** Whether a JSON value is an object (not null, not a list). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A request catalog as stored: the catalog without its entitlements, plus the bound entitlement refs. */
export interface CatalogRecord {
  catalog: JsonObject;
  /** Entitlements bound through visibility bindings, in binding order. */
  accessEntitlements: { appId: string; id: string }[];
  /** Directory user ids of the catalog's members; the view's `memberCount` is their number. */
  memberIds: string[];
}

/**
 * One grant an app user holds: of an entitlement (`appEntitlementId`), or on an app resource (`appResourceId`, with
 * `appEntitlementId` empty: the emulator does not model a resource's own entitlements). The counts the service answers
 * (`AppEntitlement.grantCount`, `AppResource.grantCount`) are the number of these records.
 */
export interface GrantRecord {
  appId: string;
  appUserId: string;
  appEntitlementId: string;
  appResourceId: string;
}

/** An access-review campaign's scope configuration. */
export interface AccessReviewRecord {
  id: string;
  scopeV2: JsonObject;
  entitlements: JsonObject[];
}

/** A connector of an app (only what MCP resource listing needs). */
export interface ConnectorRecord {
  id: string;
  appId: string;
  displayName: string;
}

/** An entitlement-owner row (`GET /api/v2/apps/{app_id}/owners/entitlements`). */
export interface EntitlementOwnerRecord {
  appId: string;
  appEntitlementId: string;
  roleSlug: string;
  createdAt: string;
}

/** The whole tenant: everything the emulator serves and persists. */
export interface TenantState {
  apps: Record<string, JsonObject>;
  users: Record<string, JsonObject>;
  /** User ids owning each app, by app id. */
  appOwners: Record<string, string[]>;
  entitlements: Record<string, JsonObject>;
  /** App user (account) ids of each app, by app id; `App.userCount` is their number. */
  appUsers: Record<string, string[]>;
  /** Every grant of the tenant. */
  grants: GrantRecord[];
  entitlementOwners: EntitlementOwnerRecord[];
  resourceTypes: Record<string, JsonObject>;
  appResources: Record<string, JsonObject>;
  connectors: Record<string, ConnectorRecord>;
  mcpResources: Record<string, JsonObject>;
  catalogs: Record<string, CatalogRecord>;
  automations: Record<string, JsonObject>;
  /** Execution instants counted by each automation's circuit breaker (since the last clear). */
  automationExecutions: Record<string, string[]>;
  authConfigs: Record<string, JsonObject>;
  accessReviews: Record<string, AccessReviewRecord>;
  /** Policies referred to by apps, entitlements and campaign entries (for expansion only). */
  policies: Record<string, JsonObject>;
  roleMiningSuggestions: Record<string, JsonObject>;
  sessionPolicies: Record<string, JsonObject>;
  credentialInventoryPolicies: Record<string, JsonObject>;
  /** Shared secrets' metadata (administrator view), by vault id. */
  secrets: Record<string, JsonObject>;
  /** Shared secrets' content, by vault id: stored, never answered. */
  secretContents: Record<string, string>;
  settings: { sso: JsonObject; xaa: JsonObject; session: JsonObject };
  userNotificationSettings: JsonObject;
  /** Last execution id handed out. */
  lastExecutionId: number;
}
