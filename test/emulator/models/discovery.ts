import { bool, enumeration, int64, list, number, string, timestamp, type MessageModel } from "./model";

/**
 * PaperSecret, administrator view (spec 2.13): metadata only. The answer is built from this model
 * alone, so a secret's content, kept apart in the tenant state, can never reach an answer.
 */
export const PAPER_SECRET_MODEL: MessageModel = {
  vaultId: string(),
  displayName: string(),
  filename: string(),
  contentType: string(),
  shareCode: string(),
  shareUrl: string(),
  creatorUserId: string(),
  fileSize: int64(),
  allowedEmails: list(),
  allowedUserIds: list(),
  contentDeleted: bool(),
  contentReady: bool(),
  contentExpiresAt: timestamp(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  deletedAt: timestamp(),
  currentViews: number(),
  maxViews: number(),
  ageSuite: enumeration("AGE_SUITE_UNSPECIFIED"),
  inputFormat: enumeration("SECRET_INPUT_FORMAT_UNSPECIFIED"),
  secretType: enumeration("SECRET_TYPE_UNSPECIFIED"),
  sharingMode: enumeration("PAPER_VAULT_SHARING_MODE_UNSPECIFIED"),
  status: enumeration("SECRET_STATUS_UNSPECIFIED"),
};

/** McpResource (spec 2.15): a resource an MCP connector discovered. */
export const MCP_RESOURCE_MODEL: MessageModel = {
  id: string(),
  appId: string(),
  connectorId: string(),
  appEntitlementId: string(),
  name: string(),
  title: string(),
  description: string(),
  uri: string(),
  uriTemplate: string(),
  mimeType: string(),
  discoveryHash: string(),
  entitlementActive: bool(),
  grantCount: int64(),
  kind: enumeration("MCP_RESOURCE_KIND_UNSPECIFIED"),
  state: enumeration("MCP_RESOURCE_STATE_UNSPECIFIED"),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  deletedAt: timestamp(),
  lastDiscoveredAt: timestamp(),
};
