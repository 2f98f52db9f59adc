import {
  bool,
  duration,
  enumeration,
  list,
  message,
  readOnly,
  string,
  timestamp,
  type MessageModel,
} from "./model";

/** SSOSettings (spec 2.11): editable paths enabled, defaultSubjectType, defaultAssertionLifetime, defaultIdTokenSignedResponseAlg. */
export const SSO_SETTINGS_MODEL: MessageModel = {
  enabled: bool(),
  defaultAssertionLifetime: duration(),
  defaultSubjectType: enumeration("SSO_SUBJECT_TYPE_UNSPECIFIED"),
  defaultIdTokenSignedResponseAlg: enumeration("OIDC_SIGNING_ALGORITHM_UNSPECIFIED"),
  createdAt: readOnly(timestamp()),
  updatedAt: readOnly(timestamp()),
};

/** XAASettings (spec 2.11): every field but the timestamps is an editable path. */
export const XAA_SETTINGS_MODEL: MessageModel = {
  enabled: bool(),
  allowRefreshTokenSubjects: bool(),
  defaultGrantLifetime: duration(),
  xaaIdTokenLifetime: duration(),
  defaultSigningAlgorithm: enumeration("XAA_SIGNING_ALGORITHM_UNSPECIFIED"),
  enabledSigningAlgorithms: list(),
  createdAt: readOnly(timestamp()),
  updatedAt: readOnly(timestamp()),
};

const sourceRestriction = () => message({ enabled: bool(), sourceCidr: list() });

/** Names of the six source restrictions of SessionSettings. */
export const SESSION_SOURCE_RESTRICTIONS = [
  "connectorSource",
  "externalClientSource",
  "pccAdminSource",
  "pccUserSource",
  "ssoAdminSource",
  "ssoUserSource",
] as const;

/** SessionSettings (spec 2.11); `clientIdMetadataDocumentPolicy` is returned on read only. */
export const SESSION_SETTINGS_MODEL: MessageModel = {
  maxSessionLength: duration(),
  externalClientsEnabled: bool(),
  clientIdApprovalRequestPolicyId: string(),
  clientIdMetadataDocumentPolicy: readOnly(enumeration("CLIENT_ID_METADATA_DOCUMENT_POLICY_UNSPECIFIED")),
  connectorSource: sourceRestriction(),
  externalClientSource: sourceRestriction(),
  pccAdminSource: sourceRestriction(),
  pccUserSource: sourceRestriction(),
  ssoAdminSource: sourceRestriction(),
  ssoUserSource: sourceRestriction(),
};
