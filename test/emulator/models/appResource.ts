import {
  annotations,
  enumeration,
  int64,
  message,
  opaque,
  readOnly,
  string,
  timestamp,
  type MessageModel,
} from "./model";

/** AppResource (spec 2.8); "returned on read" fields are read-only, and so are the ids in the path. */
export const APP_RESOURCE_MODEL: MessageModel = {
  id: readOnly(string()),
  appId: readOnly(string()),
  appResourceTypeId: readOnly(string()),
  parentAppResourceId: string(),
  parentAppResourceTypeId: string(),
  accessConfigId: string(),
  displayName: string(),
  description: string(),
  customDescription: string(),
  matchConnectorId: string(),
  grantCount: readOnly(int64()),
  externalId: readOnly(string()),
  nhiDetail: readOnly(string()),
  nhiType: readOnly(enumeration("NHI_TYPE_UNSPECIFIED")),
  annotations: annotations(),
  profile: readOnly(opaque()),
  createdAt: readOnly(timestamp()),
  updatedAt: readOnly(timestamp()),
  deletedAt: readOnly(timestamp()),
  agentTrait: message({
    identityAppUserId: string(),
    status: readOnly(enumeration("AGENT_STATUS_UNSPECIFIED")),
  }),
  secretTrait: message({
    createdByAppUserId: string(),
    credentialDetail: string(),
    identityAppUserId: string(),
    lastUsedAt: timestamp(),
    secretCreatedAt: timestamp(),
    secretExpiresAt: timestamp(),
  }),
};

/** The oneof `metadata` of an app resource. */
export const APP_RESOURCE_TRAITS = ["agentTrait", "secretTrait"] as const;
