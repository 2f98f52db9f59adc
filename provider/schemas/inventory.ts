import { z } from "zod";
import {
  AGE_SUITES,
  MCP_RESOURCE_KINDS,
  MCP_RESOURCE_STATES,
  PAPER_VAULT_SHARING_MODES,
  SECRET_INPUT_FORMATS,
  SECRET_STATUSES,
  SECRET_TYPES,
} from "./enums";
import { int64String, openEnum, responseTimestamp, stringList, responseObject } from "./primitives";

/** The fields of a shared secret's metadata, administrator view (spec 2.13). `vaultId` is its identifier. */
export const paperSecretShape = {
  vaultId: z.string().optional(),
  displayName: z.string().optional(),
  filename: z.string().optional(),
  contentType: z.string().optional(),
  shareCode: z.string().optional(),
  shareUrl: z.string().optional(),
  creatorUserId: z.string().optional(),
  fileSize: int64String.optional(),
  allowedEmails: stringList.optional(),
  allowedUserIds: stringList.optional(),
  contentDeleted: z.boolean().optional(),
  contentReady: z.boolean().optional(),
  contentExpiresAt: responseTimestamp,
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
  currentViews: z.number().optional(),
  maxViews: z.number().optional(),
  ageSuite: openEnum(AGE_SUITES).optional(),
  inputFormat: openEnum(SECRET_INPUT_FORMATS).optional(),
  secretType: openEnum(SECRET_TYPES).optional(),
  sharingMode: openEnum(PAPER_VAULT_SHARING_MODES).optional(),
  status: openEnum(SECRET_STATUSES).optional(),
};
/** A shared secret's metadata as answered. */
export const paperSecretSchema = responseObject(paperSecretShape);
export type PaperSecret = z.infer<typeof paperSecretSchema>;

/** An MCP resource discovered by a connector (spec 2.15). */
export const mcpResourceSchema = responseObject({
  id: z.string().optional(),
  appId: z.string().optional(),
  connectorId: z.string().optional(),
  appEntitlementId: z.string().optional(),
  name: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  uri: z.string().optional(),
  uriTemplate: z.string().optional(),
  mimeType: z.string().optional(),
  discoveryHash: z.string().optional(),
  entitlementActive: z.boolean().optional(),
  grantCount: int64String.optional(),
  kind: openEnum(MCP_RESOURCE_KINDS).optional(),
  state: openEnum(MCP_RESOURCE_STATES).optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
  lastDiscoveredAt: responseTimestamp,
});
export type McpResource = z.infer<typeof mcpResourceSchema>;
