import { z } from "zod";
import {
  ATTESTATION_REQUIREMENTS,
  AUTH_LEVELS,
  CREDENTIAL_TYPES,
  PERSISTENCE_MODES,
  POLICY_RULE_MODES,
} from "./enums";
import { oneofRefinement, type OneofGroup } from "./oneof";
import { openEnum, responseTimestamp, stringList, responseObject } from "./primitives";

/** The members of a session-policy Outcome (spec 2.12). */
export const OUTCOME_ONEOF: OneofGroup = {
  name: "outcome",
  members: ["allow", "challengeRequired", "deny", "enrollmentRequired", "stepUpRequired"],
};

const credentialTypes = z.array(openEnum(CREDENTIAL_TYPES)).optional();
const number = z.number().optional();

/** What a session policy decides (spec 2.12); at most one member set. */
export const outcomeSchema = responseObject({
  allow: responseObject({ floorLevel: openEnum(AUTH_LEVELS).optional() }).nullish(),
  challengeRequired: responseObject({ types: credentialTypes }).nullish(),
  deny: responseObject({ reasonAdmin: z.string().optional(), reasonUser: z.string().optional() }).nullish(),
  enrollmentRequired: responseObject({ credentialTypes }).nullish(),
  stepUpRequired: responseObject({
    level: openEnum(AUTH_LEVELS).optional(),
    maxAgeSeconds: number,
    types: credentialTypes,
  }).nullish(),
}).superRefine(oneofRefinement(OUTCOME_ONEOF));
export type Outcome = z.infer<typeof outcomeSchema>;

/** A session policy (spec 2.12). Response shape. */
export const sessionPolicySchema = responseObject({
  id: z.string().optional(),
  displayName: z.string().optional(),
  isBuiltin: z.boolean().optional(),
  priority: number,
  accessTokenTtlSeconds: number,
  refreshTokenTtlSeconds: number,
  refreshRotationWindowSeconds: number,
  idleTimeoutSeconds: number,
  maxSessionDurationSeconds: number,
  rotateRefreshOnUse: z.boolean().optional(),
  persistence: openEnum(PERSISTENCE_MODES).optional(),
  credentialDurations: z
    .array(
      responseObject({
        credentialType: openEnum(CREDENTIAL_TYPES).optional(),
        accessTokenTtlSeconds: number,
        maxSessionDurationSeconds: number,
      }),
    )
    .optional(),
  continuousDefaultOutcome: outcomeSchema.nullish(),
  continuousRules: z
    .array(
      responseObject({
        id: z.string().optional(),
        description: z.string().optional(),
        matchCel: z.string().optional(),
        mode: openEnum(POLICY_RULE_MODES).optional(),
        outcome: outcomeSchema.nullish(),
      }),
    )
    .optional(),
  ssfReceive: responseObject({
    enabled: z.boolean().optional(),
    ssfReceiverStreamIds: stringList.optional(),
  }).nullish(),
  ssfTransmit: responseObject({
    enabled: z.boolean().optional(),
    eventTypes: stringList.optional(),
    ssfTransmitterStreamIds: stringList.optional(),
  }).nullish(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
});
export type SessionPolicy = z.infer<typeof sessionPolicySchema>;

/** A credential-inventory policy (spec 2.14). Response shape; the per-type rules may all be set. */
export const credentialInventoryPolicySchema = responseObject({
  id: z.string().optional(),
  displayName: z.string().optional(),
  isBuiltin: z.boolean().optional(),
  priority: number,
  enabledTypes: credentialTypes,
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
  delegated: responseObject({
    googleEnabled: z.boolean().optional(),
    googleHostedDomains: stringList.optional(),
    microsoftEnabled: z.boolean().optional(),
    microsoftTenantIds: stringList.optional(),
  }).nullish(),
  emailOtp: responseObject({ codeLength: number, maxAttempts: number, ttlSeconds: number }).nullish(),
  passkey: responseObject({
    allowedAaguids: stringList.optional(),
    attestation: openEnum(ATTESTATION_REQUIREMENTS).optional(),
    requireUserVerification: z.boolean().optional(),
  }).nullish(),
  password: responseObject({
    checkBreached: z.boolean().optional(),
    requireMixedCase: z.boolean().optional(),
    requireNumber: z.boolean().optional(),
    requireSymbol: z.boolean().optional(),
    historyDepth: number,
    minLength: number,
  }).nullish(),
  totp: responseObject({ codeLength: number, periodSeconds: number, skewTolerance: number }).nullish(),
});
export type CredentialInventoryPolicy = z.infer<typeof credentialInventoryPolicySchema>;
