import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";
import { SEED } from "../../emulator/index";

const suite = useEmulator();

const SECRET_FIELDS = [
  "vaultId",
  "displayName",
  "filename",
  "contentType",
  "shareCode",
  "shareUrl",
  "creatorUserId",
  "fileSize",
  "allowedEmails",
  "allowedUserIds",
  "contentDeleted",
  "contentReady",
  "contentExpiresAt",
  "createdAt",
  "updatedAt",
  "deletedAt",
  "currentViews",
  "maxViews",
  "ageSuite",
  "inputFormat",
  "secretType",
  "sharingMode",
  "status",
];
const VAULT_IDS = [SEED.secretVaultId, "vault-vpn-recovery-codes", "vault-offboarding-handover"];

describe("session policies", () => {
  it("answers a policy under sessionPolicy with unlisted enum values kept", async () => {
    const answer = await suite.api.get(`/api/v1/session-policies/${SEED.sessionPolicyId}`);
    expect(Object.keys(answer.body)).toEqual(["sessionPolicy"]);
    expect(answer.body.sessionPolicy).toMatchObject({
      id: "sp-default",
      isBuiltin: true,
      accessTokenTtlSeconds: 3600,
      persistence: "PERSISTENCE_MODE_ALWAYS_PERSIST",
      continuousDefaultOutcome: { allow: { floorLevel: "AUTH_LEVEL_SINGLE_FACTOR" } },
      credentialDurations: [
        {
          credentialType: "CREDENTIAL_TYPE_PASSKEY",
          accessTokenTtlSeconds: 7200,
          maxSessionDurationSeconds: 86400,
        },
        {
          credentialType: "CREDENTIAL_TYPE_PASSWORD",
          accessTokenTtlSeconds: 1800,
          maxSessionDurationSeconds: 28800,
        },
      ],
      deletedAt: null,
    });
  });

  it("answers continuous rules with one outcome member each", async () => {
    const policy = (await suite.api.get("/api/v1/session-policies/sp-administrators")).body.sessionPolicy;
    expect(policy.continuousRules.map((rule: { outcome: object }) => Object.keys(rule.outcome))).toEqual([
      ["deny"],
      ["challengeRequired"],
    ]);
    expect(policy.ssfReceive).toEqual({ enabled: true, ssfReceiverStreamIds: ["ssf-stream-edr"] });
  });

  it("answers 404 naming an unknown policy", async () => {
    expect((await suite.api.get("/api/v1/session-policies/sp-nope")).body).toEqual({
      code: 5,
      message: 'session policy "sp-nope" not found',
      details: [],
    });
  });
});

describe("credential-inventory policies", () => {
  it("answers a policy with its per-type rules, unset rules as null", async () => {
    const answer = await suite.api.get(
      `/api/v1/credential-inventory-policies/${SEED.credentialInventoryPolicyId}`,
    );
    expect(Object.keys(answer.body)).toEqual(["credentialInventoryPolicy"]);
    expect(answer.body.credentialInventoryPolicy).toMatchObject({
      id: "cip-default",
      enabledTypes: ["CREDENTIAL_TYPE_PASSKEY", "CREDENTIAL_TYPE_PASSWORD", "CREDENTIAL_TYPE_TOTP"],
      passkey: { attestation: "ATTESTATION_REQUIREMENT_INDIRECT", requireUserVerification: true },
      password: { minLength: 14, historyDepth: 5, checkBreached: true },
      delegated: null,
      emailOtp: null,
    });
  });

  it("answers 404 naming an unknown policy", async () => {
    expect((await suite.api.get("/api/v1/credential-inventory-policies/cip-nope")).body.message).toBe(
      'credential inventory policy "cip-nope" not found',
    );
  });
});

describe("admin secret metadata", () => {
  it("answers exactly the metadata fields of spec 2.13 under `secret`", async () => {
    const answer = await suite.api.get(`/api/v1/secrets-admin/${SEED.secretVaultId}`);
    expect(Object.keys(answer.body)).toEqual(["secret"]);
    expect(Object.keys(answer.body.secret).sort()).toEqual([...SECRET_FIELDS].sort());
    expect(answer.body.secret).toMatchObject({
      vaultId: SEED.secretVaultId,
      fileSize: "32",
      status: "SECRET_STATUS_ACTIVE",
      secretType: "SECRET_TYPE_TEXT",
    });
  });

  it.each(VAULT_IDS)("never answers the stored content of %s", async (vaultId) => {
    const answer = await suite.api.get(`/api/v1/secrets-admin/${vaultId}`);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toContain(SEED.secretContentMarker);
  });

  it("answers 404 naming an unknown vault id", async () => {
    expect((await suite.api.get("/api/v1/secrets-admin/vault-nope")).body.message).toBe(
      'secret "vault-nope" not found',
    );
  });
});

describe("user notification settings", () => {
  it("answers three channels; only the chat channels carry isConfigured", async () => {
    const answer = await suite.api.get("/api/v1/settings/notifications/user");
    const channels = answer.body.userNotificationSettings.channelSettings;
    expect(Object.keys(channels)).toEqual(["email", "chatChannelA", "chatChannelB"]);
    expect("isConfigured" in channels.email).toBe(false);
    expect([channels.chatChannelA.isConfigured, channels.chatChannelB.isConfigured]).toEqual([true, false]);
    expect(channels.email.approvalNeeded).toEqual({ enabled: true, locked: true });
    expect(channels.chatChannelB.digest).toEqual({
      enabled: false,
      locked: true,
      frequency: "DIGEST_FREQUENCY_DAILY",
      dayOfWeek: "WEEKDAY_UNSPECIFIED",
    });
  });

  it("answers 405 for a write, which the spec does not show", async () => {
    expect((await suite.api.post("/api/v1/settings/notifications/user", {})).status).toBe(405);
  });
});
