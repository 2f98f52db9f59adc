import {
  bool,
  enumeration,
  list,
  message,
  number,
  opaque,
  string,
  timestamp,
  type MessageModel,
} from "./model";

/** SessionPolicy (spec 2.12); outcomes are carried as stored (one Outcome member each). */
export const SESSION_POLICY_MODEL: MessageModel = {
  id: string(),
  displayName: string(),
  isBuiltin: bool(),
  priority: number(),
  accessTokenTtlSeconds: number(),
  refreshTokenTtlSeconds: number(),
  refreshRotationWindowSeconds: number(),
  idleTimeoutSeconds: number(),
  maxSessionDurationSeconds: number(),
  rotateRefreshOnUse: bool(),
  persistence: enumeration("PERSISTENCE_MODE_UNSPECIFIED"),
  credentialDurations: list(),
  continuousDefaultOutcome: opaque(),
  continuousRules: list(),
  ssfReceive: message({ enabled: bool(), ssfReceiverStreamIds: list() }),
  ssfTransmit: message({ enabled: bool(), eventTypes: list(), ssfTransmitterStreamIds: list() }),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  deletedAt: timestamp(),
};

/** CredentialInventoryPolicy (spec 2.14); each per-type rule is null when the policy does not set it. */
export const CREDENTIAL_INVENTORY_POLICY_MODEL: MessageModel = {
  id: string(),
  displayName: string(),
  isBuiltin: bool(),
  priority: number(),
  enabledTypes: list(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  deletedAt: timestamp(),
  delegated: message({
    googleEnabled: bool(),
    googleHostedDomains: list(),
    microsoftEnabled: bool(),
    microsoftTenantIds: list(),
  }),
  emailOtp: message({ codeLength: number(), maxAttempts: number(), ttlSeconds: number() }),
  passkey: message({
    allowedAaguids: list(),
    attestation: enumeration("ATTESTATION_REQUIREMENT_UNSPECIFIED"),
    requireUserVerification: bool(),
  }),
  password: message({
    checkBreached: bool(),
    requireMixedCase: bool(),
    requireNumber: bool(),
    requireSymbol: bool(),
    historyDepth: number(),
    minLength: number(),
  }),
  totp: message({ codeLength: number(), periodSeconds: number(), skewTolerance: number() }),
};
