import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator/index";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

const oidc = {
  issuerId: "https://idp.example.com",
  oidcClientId: "abc",
  oidcClientSecret: "top-secret",
  scopes: ["openid"],
};

describe("auth config create and read", () => {
  it("derives providerType from the provider member and never answers the client secret", async () => {
    const created = await suite.api.post("/api/v1/auth-configs", { displayName: "IdP", oidc });
    expect(created.status).toBe(200);
    expect(created.body.authConfig).toMatchObject({
      displayName: "IdP",
      providerType: "AUTH_CONFIG_PROVIDER_TYPE_OIDC",
      status: "AUTH_CONFIG_STATUS_ACTIVE",
      oidc: { ...oidc, oidcClientSecret: "", exactMatchClaims: {} },
    });
    expect("providerDomainA" in created.body.authConfig).toBe(false);
    const read = await suite.api.get(`/api/v1/auth-configs/${created.body.authConfig.id}`);
    expect(read.body.authConfig.oidc.oidcClientSecret).toBe("");
  });

  it("answers 400 naming the rule when no provider member is set (reference 4: one provider member)", async () => {
    const answer = await suite.api.post("/api/v1/auth-configs", { displayName: "x", oidc: null });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "invalid body: an auth config must set exactly one member of oneof provider_config (none set)",
    );
    expect((await suite.api.get("/api/v1/auth-configs?page_size=100")).body.list).not.toContainEqual(
      expect.objectContaining({ displayName: "x" }),
    );
  });

  it("answers 400 when two provider members are set", async () => {
    const answer = await suite.api.post("/api/v1/auth-configs", {
      displayName: "x",
      oidc,
      providerClient: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "invalid body: at most one of providerHosted, providerTenant, providerDomainA, providerDomainB, " +
        "providerClient, providerEnvironment, oidc, platformLocal may be set (got: providerClient, oidc)",
    );
  });

  it("serves one seeded config per provider member", async () => {
    for (const [member, id] of Object.entries(SEED.authConfigs)) {
      const answer = await suite.api.get(`/api/v1/auth-configs/${id}`);
      expect(answer.body.authConfig[member]).not.toBeNull();
    }
    const list = await suite.api.get("/api/v1/auth-configs?page_size=10");
    expect(list.body.list).toHaveLength(8);
  });
});

describe("auth config update", () => {
  it("changes a nested provider field through a dotted path and keeps the stored secret", async () => {
    const id = SEED.authConfigs.oidc;
    const answer = await suite.api.post(`/api/v1/auth-configs/${id}`, {
      authConfig: { oidc: { scopes: ["openid", "groups"] } },
      updateMask: "oidc.scopes",
    });
    expect(answer.body.authConfig.oidc).toMatchObject({
      scopes: ["openid", "groups"],
      issuerId: "https://idp.acme.example.com",
      oidcClientSecret: "",
    });
  });

  it("answers 400 when the mask names a different provider member", async () => {
    const answer = await suite.api.post(`/api/v1/auth-configs/${SEED.authConfigs.providerDomainA}`, {
      authConfig: { oidc },
      updateMask: "oidc",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      'invalid update_mask: path "oidc": the provider type is fixed at creation (this configuration uses providerDomainA)',
    );
  });

  it.each([
    ["providerType", 'invalid update_mask: path "providerType" is read-only: it is fixed at creation'],
    [
      "providerHosted.additionalHostedDomains",
      'invalid update_mask: path "providerHosted.additionalHostedDomains" is read-only',
    ],
  ])("answers 400 for the read-only path %s", async (updateMask, message) => {
    const answer = await suite.api.post(`/api/v1/auth-configs/${SEED.authConfigs.providerHosted}`, {
      authConfig: {},
      updateMask,
    });
    expect(answer.body.message).toBe(message);
  });

  it("canonicalises the deprecation deadline to RFC 3339 UTC", async () => {
    const answer = await suite.api.post(`/api/v1/auth-configs/${SEED.authConfigs.platformLocal}`, {
      authConfig: { deprecationDeadline: "2027-03-01T10:00:00+02:00" },
      updateMask: "deprecationDeadline",
    });
    expect(answer.body.authConfig.deprecationDeadline).toBe("2027-03-01T08:00:00Z");
  });

  it("answers 404 after delete", async () => {
    expect((await suite.api.delete(`/api/v1/auth-configs/${SEED.authConfigs.oidc}`)).status).toBe(200);
    expect((await suite.api.get(`/api/v1/auth-configs/${SEED.authConfigs.oidc}`)).status).toBe(404);
  });
});
