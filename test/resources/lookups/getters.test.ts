import { describe, expect, it } from "vitest";
import {
  getApp,
  getAppResource,
  getAuthConfig,
  getAutomation,
  getCredentialInventoryPolicy,
  getCrossAppAccessSettings,
  getRequestCatalog,
  getSessionPolicy,
  getSessionSettings,
  getSsoSettings,
  getUserNotificationSettings,
  IdgovNotFoundError,
} from "../../../resources";
import { SEED } from "../../../emulator";
import { useLookupEmulator } from "./harness";

const suite = useLookupEmulator();

describe("get-by-id lookups of the managed kinds", () => {
  it("getApp answers the app with its owners", async () => {
    const app = await getApp({ id: "app-aws" }, suite.options);
    expect(app).toMatchObject({ id: "app-aws", displayName: "AWS Production", userCount: "96" });
    expect(app.appOwners?.map((owner) => owner.id)).toEqual(["user-0002", "user-0003", "user-0004"]);
  });

  it("getRequestCatalog answers the view, with an unenrollment value the package does not list", async () => {
    const view = await getRequestCatalog({ id: "cat-finance" }, suite.options);
    expect(view.memberCount).toBe("11");
    expect(view.requestCatalog).toMatchObject({
      displayName: "Finance tools",
      unenrollmentBehavior: "REQUEST_CATALOG_UNENROLLMENT_BEHAVIOR_REVOKE_ALL",
    });
    expect(view.requestCatalog?.accessEntitlements?.map((entitlement) => entitlement.id)).toEqual([
      "ent-aws-billing",
    ]);
  });

  it("getAutomation answers the automation, never a webhook secret", async () => {
    const automation = await getAutomation({ id: SEED.automations.tripped }, suite.options);
    expect(automation).toMatchObject({
      id: SEED.automations.tripped,
      enabled: false,
      circuitBreaker: { threshold: 5 },
    });
    expect(Object.keys(automation)).not.toContain("webhookHmacSecret");
  });

  it("getAuthConfig answers the config with its client secret empty, as the service answers it", async () => {
    const config = await getAuthConfig({ id: SEED.authConfigs.providerDomainA }, suite.options);
    expect(config).toMatchObject({
      providerDomainA: { domain: "acme.domain-a.example.com", oidcClientSecret: "" },
      status: "AUTH_CONFIG_STATUS_ACTIVE",
    });
  });

  it("getAppResource answers the view of a resource with its secret trait", async () => {
    const [, , , , secret] = SEED.appResources;
    const view = await getAppResource(secret, suite.options);
    expect(view.appResource).toMatchObject({
      id: "res-secret-deploy-key",
      nhiType: "NHI_TYPE_APP_REGISTRATION",
      secretTrait: { credentialDetail: "ed25519 SSH key" },
    });
  });

  it("answers IdgovNotFoundError naming the lookup for an unknown id", async () => {
    const error = await getApp({ id: "app-nope" }, suite.options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IdgovNotFoundError);
    expect((error as Error).message).toMatch(
      /^getApp: 404 NOT_FOUND: app "app-nope" not found \(request id \S+\)$/,
    );
  });

  it("percent-encodes an id so it stays one path segment", async () => {
    await getAutomation({ id: "a/b" }, suite.options).catch(() => undefined);
    expect(await suite.apiLines()).toEqual(["GET /api/v1/automations/a%2Fb"]);
  });
});

describe("policies, notification settings and tenant settings", () => {
  it("getSessionPolicy keeps outcomes and enum values the package does not list", async () => {
    const policy = await getSessionPolicy({ id: "sp-administrators" }, suite.options);
    expect(policy).toMatchObject({
      persistence: "PERSISTENCE_MODE_SESSION_ONLY",
      continuousDefaultOutcome: {
        stepUpRequired: { level: "AUTH_LEVEL_PHR", maxAgeSeconds: 900 },
      },
    });
    expect(policy.continuousRules?.map((rule) => rule.mode)).toEqual([
      "POLICY_RULE_MODE_ENFORCE",
      "POLICY_RULE_MODE_OBSERVE",
    ]);
  });

  it("getCredentialInventoryPolicy answers the per-type rules", async () => {
    const policy = await getCredentialInventoryPolicy({ id: "cip-federated" }, suite.options);
    expect(policy).toMatchObject({
      enabledTypes: ["CREDENTIAL_TYPE_DELEGATED_PROVIDER_HOSTED", "CREDENTIAL_TYPE_EMAIL_OTP"],
      delegated: { googleEnabled: true, googleHostedDomains: ["acme.example.com"] },
      emailOtp: { codeLength: 8, maxAttempts: 3, ttlSeconds: 600 },
    });
    expect("passkey" in policy).toBe(false); // answered null: unset
  });

  it("getUserNotificationSettings answers the caller's three channels", async () => {
    const settings = await getUserNotificationSettings(suite.options);
    expect(settings.channelSettings?.chatChannelA).toMatchObject({ enabled: true, isConfigured: true });
    expect(settings.channelSettings?.email?.digest).toEqual({
      enabled: true,
      locked: false,
      frequency: "DIGEST_FREQUENCY_WEEKLY",
      dayOfWeek: "WEEKDAY_MONDAY",
    });
  });

  it("the three settings lookups read their singletons", async () => {
    expect(await getSsoSettings(suite.options)).toMatchObject({
      enabled: true,
      defaultAssertionLifetime: "300s",
    });
    expect(await getCrossAppAccessSettings(suite.options)).toMatchObject({ defaultGrantLifetime: "3600s" });
    expect(await getSessionSettings(suite.options)).toMatchObject({
      maxSessionLength: "43200s",
      ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16"] },
    });
    expect(await suite.apiLines()).toEqual([
      "GET /api/v1/settings/sso",
      "GET /api/v1/settings/cross-app-access",
      "GET /api/v1/settings/session",
    ]);
  });
});
