import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

describe("SSO settings", () => {
  it("answers realistic defaults with a canonical duration", async () => {
    const answer = await suite.api.get("/api/v1/settings/sso");
    expect(answer.body.settings).toMatchObject({
      enabled: true,
      defaultAssertionLifetime: "300s",
      defaultSubjectType: "SSO_SUBJECT_TYPE_PAIRWISE",
    });
  });

  it("stores durations in canonical form and changes only masked fields", async () => {
    const answer = await suite.api.post("/api/v1/settings/sso", {
      settings: { defaultAssertionLifetime: "600.500000000s", enabled: false },
      updateMask: "defaultAssertionLifetime",
    });
    expect(answer.body.settings).toMatchObject({ defaultAssertionLifetime: "600.5s", enabled: true });
  });

  it.each([
    ["createdAt", 'invalid update_mask: path "createdAt" is read-only'],
    [
      "default_subject_type",
      'invalid update_mask: path "default_subject_type" must be lowerCamelCase (write "defaultSubjectType")',
    ],
    ["issuer", 'invalid update_mask: unknown path "issuer"'],
  ])("accepts only the spec 2.11 editable paths: %s answers 400", async (updateMask, message) => {
    const answer = await suite.api.post("/api/v1/settings/sso", { settings: {}, updateMask });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it("answers 400 when settings is missing", async () => {
    const answer = await suite.api.post("/api/v1/settings/sso", { updateMask: "enabled" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("invalid body: settings: required");
  });

  it.each([
    ["315575999999.999999999s", "315575999999.999999999s"],
    ["123456789.123456789s", "123456789.123456789s"],
    ["315576000000s", "315576000000s"],
    ["-315576000000.000000000s", "-315576000000s"],
  ])("keeps every digit of the duration %s, answering %s", async (sent, stored) => {
    const answer = await suite.api.post("/api/v1/settings/sso", {
      settings: { defaultAssertionLifetime: sent },
      updateMask: "defaultAssertionLifetime",
    });
    expect(answer.body.settings.defaultAssertionLifetime).toBe(stored);
  });

  it.each(["1000000000000000000000s", "315576000000.5s", "-315576000001s"])(
    "answers 400 naming the field for the duration %s outside the protobuf range",
    async (sent) => {
      const answer = await suite.api.post("/api/v1/settings/sso", {
        settings: { defaultAssertionLifetime: sent },
        updateMask: "defaultAssertionLifetime",
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 3,
        message:
          "invalid body: settings.defaultAssertionLifetime: must be within the protobuf duration range of ±315576000000s",
      });
    },
  );

  it("answers 400 for a duration that is not protobuf JSON", async () => {
    const answer = await suite.api.post("/api/v1/settings/sso", {
      settings: { defaultAssertionLifetime: "5m" },
      updateMask: "defaultAssertionLifetime",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'invalid body: settings.defaultAssertionLifetime: must be a protobuf duration in seconds such as "3600s" or "1.5s"',
    );
  });
});

describe("cross-app-access settings", () => {
  it("updates enum lists and durations", async () => {
    const answer = await suite.api.post("/api/v1/settings/cross-app-access", {
      settings: {
        enabled: true,
        enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256"],
        xaaIdTokenLifetime: "120s",
      },
      updateMask: "enabled,enabledSigningAlgorithms,xaaIdTokenLifetime",
    });
    expect(answer.body.settings).toMatchObject({
      enabled: true,
      enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256"],
      xaaIdTokenLifetime: "120s",
      defaultGrantLifetime: "3600s",
    });
    expect((await suite.api.get("/api/v1/settings/cross-app-access")).body.settings.enabled).toBe(true);
  });
});

describe("session settings", () => {
  it("reaches one member of a source restriction with a dotted path", async () => {
    const answer = await suite.api.post("/api/v1/settings/session", {
      sessionSettings: { ssoAdminSource: { sourceCidr: ["10.1.0.0/16", "2001:db8::/32"], enabled: false } },
      updateMask: "ssoAdminSource.sourceCidr",
    });
    expect(answer.body.sessionSettings.ssoAdminSource).toEqual({
      enabled: true,
      sourceCidr: ["10.1.0.0/16", "2001:db8::/32"],
    });
  });

  it("clears a masked field absent from the body", async () => {
    const answer = await suite.api.post("/api/v1/settings/session", {
      sessionSettings: {},
      updateMask: "pccAdminSource",
    });
    expect(answer.body.sessionSettings.pccAdminSource).toBeNull();
  });

  it("answers 400 naming a value that is not a CIDR range", async () => {
    const answer = await suite.api.post("/api/v1/settings/session", {
      sessionSettings: { ssoUserSource: { sourceCidr: ["10.0.0.1"] } },
      updateMask: "ssoUserSource",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'invalid body: sessionSettings.ssoUserSource.sourceCidr[0]: "10.0.0.1" is not a CIDR range (IPv4 a.b.c.d/0-32 or IPv6 /0-128)',
    );
  });

  it("writes clientIdMetadataDocumentPolicy, which the document does not mark read-only (reference 5.2)", async () => {
    const answer = await suite.api.post("/api/v1/settings/session", {
      sessionSettings: {
        clientIdMetadataDocumentPolicy: "CLIENT_ID_METADATA_DOCUMENT_POLICY_ALLOWLIST_ONLY",
      },
      updateMask: "clientIdMetadataDocumentPolicy",
    });
    expect(answer.body.sessionSettings.clientIdMetadataDocumentPolicy).toBe(
      "CLIENT_ID_METADATA_DOCUMENT_POLICY_ALLOWLIST_ONLY",
    );
  });

  it("answers 405 for a DELETE of a singleton", async () => {
    expect((await suite.api.delete("/api/v1/settings/session")).status).toBe(405);
  });
});
