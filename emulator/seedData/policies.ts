import { materialize } from "../models/materialize";
import { CREDENTIAL_INVENTORY_POLICY_MODEL, SESSION_POLICY_MODEL } from "../models/policies";
import { SEED } from "../seed";
import type { JsonObject, TenantState } from "../state";
import { seedTime } from "./clock";

type PolicySeed = Pick<TenantState, "sessionPolicies" | "credentialInventoryPolicies">;

/** Session policies; the enum members beyond the zero ones are values the spec does not list. */
const SESSION_POLICIES: JsonObject[] = [
  {
    id: SEED.sessionPolicyId,
    displayName: "Default session policy",
    isBuiltin: true,
    priority: 0,
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 1_209_600,
    refreshRotationWindowSeconds: 60,
    idleTimeoutSeconds: 1800,
    maxSessionDurationSeconds: 43_200,
    rotateRefreshOnUse: true,
    persistence: "PERSISTENCE_MODE_ALWAYS_PERSIST",
    credentialDurations: [
      {
        credentialType: "CREDENTIAL_TYPE_PASSKEY",
        accessTokenTtlSeconds: 7200,
        maxSessionDurationSeconds: 86_400,
      },
      {
        credentialType: "CREDENTIAL_TYPE_PASSWORD",
        accessTokenTtlSeconds: 1800,
        maxSessionDurationSeconds: 28_800,
      },
    ],
    continuousDefaultOutcome: { allow: { floorLevel: "AUTH_LEVEL_SINGLE_FACTOR" } },
    continuousRules: [],
    ssfReceive: { enabled: false, ssfReceiverStreamIds: [] },
    ssfTransmit: { enabled: false, eventTypes: [], ssfTransmitterStreamIds: [] },
  },
  {
    id: "sp-administrators",
    displayName: "Administrators",
    priority: 10,
    accessTokenTtlSeconds: 900,
    refreshTokenTtlSeconds: 28_800,
    idleTimeoutSeconds: 600,
    maxSessionDurationSeconds: 28_800,
    persistence: "PERSISTENCE_MODE_SESSION_ONLY",
    continuousDefaultOutcome: {
      stepUpRequired: {
        level: "AUTH_LEVEL_PHR",
        maxAgeSeconds: 900,
        types: ["CREDENTIAL_TYPE_PASSKEY"],
      },
    },
    continuousRules: [
      {
        id: "rule-untrusted-network",
        description: "Deny admin sessions from outside the corporate network.",
        matchCel: "!request.ip.inCidr('10.0.0.0/8')",
        mode: "POLICY_RULE_MODE_ENFORCE",
        outcome: { deny: { reasonAdmin: "untrusted network", reasonUser: "Connect to the VPN first." } },
      },
      {
        id: "rule-new-device",
        description: "Challenge on a device not seen before.",
        matchCel: "device.firstSeen",
        mode: "POLICY_RULE_MODE_OBSERVE",
        outcome: { challengeRequired: { types: ["CREDENTIAL_TYPE_TOTP"] } },
      },
    ],
    ssfReceive: { enabled: true, ssfReceiverStreamIds: ["ssf-stream-edr"] },
    ssfTransmit: {
      enabled: true,
      eventTypes: ["https://schemas.openid.net/secevent/caep/event-type/session-revoked"],
      ssfTransmitterStreamIds: ["ssf-out-siem"],
    },
  },
  {
    id: "sp-contractors",
    displayName: "Contractors",
    priority: 20,
    accessTokenTtlSeconds: 1800,
    maxSessionDurationSeconds: 14_400,
    continuousDefaultOutcome: { enrollmentRequired: { credentialTypes: ["CREDENTIAL_TYPE_PASSKEY"] } },
    deletedAt: null,
  },
];

const CREDENTIAL_INVENTORY_POLICIES: JsonObject[] = [
  {
    id: SEED.credentialInventoryPolicyId,
    displayName: "Default credential inventory",
    isBuiltin: true,
    priority: 0,
    enabledTypes: ["CREDENTIAL_TYPE_PASSKEY", "CREDENTIAL_TYPE_PASSWORD", "CREDENTIAL_TYPE_TOTP"],
    passkey: {
      allowedAaguids: ["+/wwBxVOTsyMC24CBVfXvQ==", "ua0yW1f7TrWkP26g0sW1Lg=="],
      attestation: "ATTESTATION_REQUIREMENT_INDIRECT",
      requireUserVerification: true,
    },
    password: {
      checkBreached: true,
      requireMixedCase: true,
      requireNumber: true,
      requireSymbol: false,
      historyDepth: 5,
      minLength: 14,
    },
    totp: { codeLength: 6, periodSeconds: 30, skewTolerance: 1 },
  },
  {
    id: "cip-federated",
    displayName: "Federated sign-in only",
    priority: 10,
    enabledTypes: ["CREDENTIAL_TYPE_DELEGATED_PROVIDER_HOSTED", "CREDENTIAL_TYPE_EMAIL_OTP"],
    delegated: {
      googleEnabled: true,
      googleHostedDomains: ["acme.example.com"],
      microsoftEnabled: false,
      microsoftTenantIds: [],
    },
    emailOtp: { codeLength: 8, maxAttempts: 3, ttlSeconds: 600 },
  },
];

function byId(records: JsonObject[], model: typeof SESSION_POLICY_MODEL): Record<string, JsonObject> {
  const collection: Record<string, JsonObject> = {};
  records.forEach((fields, index) => {
    const record = materialize(
      { createdAt: seedTime(-400 + index), updatedAt: seedTime(-40 + index), ...fields },
      model,
    );
    collection[String(record["id"])] = record;
  });
  return collection;
}

/** Session policies and credential-inventory policies: a built-in default and custom ones. */
export function seedPolicies(): PolicySeed {
  return {
    sessionPolicies: byId(SESSION_POLICIES, SESSION_POLICY_MODEL),
    credentialInventoryPolicies: byId(CREDENTIAL_INVENTORY_POLICIES, CREDENTIAL_INVENTORY_POLICY_MODEL),
  };
}
