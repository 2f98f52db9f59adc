import { z } from "zod";
import {
  ATTESTATION_REQUIREMENTS,
  AUTH_LEVELS,
  CREDENTIAL_TYPES,
  PERSISTENCE_MODES,
  POLICY_RULE_MODES,
} from "./enums";
import { oneofRefinement, type OneofGroup } from "./oneof";
import { openEnum, responseTimestamp, stringList } from "./primitives";

/** The members of a session-policy Outcome (spec 2.12). */
export const OUTCOME_ONEOF: OneofGroup = {
  name: "outcome",
  members: ["allow", "challengeRequired", "deny", "enrollmentRequired", "stepUpRequired"],
};

const credentialTypes = z.array(openEnum(CREDENTIAL_TYPES)).optional();
const number = z.number().optional();

/** What a session policy decides (spec 2.12); at most one member set. */
export const outcomeSchema = z
  .looseObject({
    allow: z.looseObject({ floorLevel: openEnum(AUTH_LEVELS).optional() }).nullish(),
    challengeRequired: z.looseObject({ types: credentialTypes }).nullish(),
    deny: z.looseObject({ reasonAdmin: z.string().optional(), reasonUser: z.string().optional() }).nullish(),
    enrollmentRequired: z.looseObject({ credentialTypes }).nullish(),
    stepUpRequired: z
      .looseObject({ level: openEnum(AUTH_LEVELS).optional(), maxAgeSeconds: number, types: credentialTypes })
      .nullish(),
  })
  .superRefine(oneofRefinement(OUTCOME_ONEOF));
export type Outcome = z.infer<typeof outcomeSchema>;

/** A session policy (spec 2.12). Response shape. */
export const sessionPolicySchema = z.looseObject({
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
      z.looseObject({
        credentialType: openEnum(CREDENTIAL_TYPES).optional(),
        accessTokenTtlSeconds: number,
        maxSessionDurationSeconds: number,
      }),
    )
    .optional(),
  continuousDefaultOutcome: outcomeSchema.nullish(),
  continuousRules: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        description: z.string().optional(),
        matchCel: z.string().optional(),
        mode: openEnum(POLICY_RULE_MODES).optional(),
        outcome: outcomeSchema.nullish(),
      }),
    )
    .optional(),
  ssfReceive: z
    .looseObject({ enabled: z.boolean().optional(), ssfReceiverStreamIds: stringList.optional() })
    .nullish(),
  ssfTransmit: z
    .looseObject({
      enabled: z.boolean().optional(),
      eventTypes: stringList.optional(),
      ssfTransmitterStreamIds: stringList.optional(),
    })
    .nullish(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
});
export type SessionPolicy = z.infer<typeof sessionPolicySchema>;

/** A credential-inventory policy (spec 2.14). Response shape; the per-type rules may all be set. */
export const credentialInventoryPolicySchema = z.looseObject({
  id: z.string().optional(),
  displayName: z.string().optional(),
  isBuiltin: z.boolean().optional(),
  priority: number,
  enabledTypes: credentialTypes,
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
  delegated: z
    .looseObject({
      googleEnabled: z.boolean().optional(),
      googleHostedDomains: stringList.optional(),
      microsoftEnabled: z.boolean().optional(),
      microsoftTenantIds: stringList.optional(),
    })
    .nullish(),
  emailOtp: z.looseObject({ codeLength: number, maxAttempts: number, ttlSeconds: number }).nullish(),
  passkey: z
    .looseObject({
      allowedAaguids: stringList.optional(),
      attestation: openEnum(ATTESTATION_REQUIREMENTS).optional(),
      requireUserVerification: z.boolean().optional(),
    })
    .nullish(),
  password: z
    .looseObject({
      checkBreached: z.boolean().optional(),
      requireMixedCase: z.boolean().optional(),
      requireNumber: z.boolean().optional(),
      requireSymbol: z.boolean().optional(),
      historyDepth: number,
      minLength: number,
    })
    .nullish(),
  totp: z.looseObject({ codeLength: number, periodSeconds: number, skewTolerance: number }).nullish(),
});
export type CredentialInventoryPolicy = z.infer<typeof credentialInventoryPolicySchema>;
