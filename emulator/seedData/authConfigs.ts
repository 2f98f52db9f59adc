import { AUTH_CONFIG_MODEL, AUTH_CONFIG_PROVIDER_TYPES } from "../models/authConfig";
import { materialize } from "../models/materialize";
import { SEED } from "../seed";
import type { JsonObject } from "../state";
import { seedTime } from "./clock";

const PROVIDERS: Record<keyof typeof SEED.authConfigs, [string, JsonObject]> = {
  platformLocal: [
    "Local passkeys",
    {
      delegatedVerifiers: [
        "DELEGATED_VERIFIER_TYPE_PROVIDER_HOSTED",
        "DELEGATED_VERIFIER_TYPE_PROVIDER_TENANT",
      ],
    },
  ],
  providerHosted: [
    "Hosted workspace domains",
    { hostedDomains: ["acme.example.com"], additionalHostedDomains: ["acme-labs.example.com"] },
  ],
  providerTenant: ["Corporate tenant", { tenantIds: ["7c1f5d2a-1b1e-4a6e-9d1a-0c4b3f2e9a10"] }],
  providerDomainA: [
    "Domain A sign-in",
    { domain: "acme.domain-a.example.com", oidcClientId: "0oa1domainA", oidcClientSecret: "domain-a-secret" },
  ],
  providerDomainB: [
    "Domain B sign-in",
    {
      domain: "acme.domain-b.example.com",
      oidcClientId: "domain-b-client",
      oidcClientSecret: "domain-b-secret",
    },
  ],
  providerClient: ["Client app sign-in", { oidcClientId: "client-123", oidcClientSecret: "client-secret" }],
  providerEnvironment: [
    "Environment sign-in",
    { environmentId: "env-prod-eu", oidcClientId: "env-client", oidcClientSecret: "env-secret" },
  ],
  oidc: [
    "Generic OIDC",
    {
      issuerId: "https://idp.acme.example.com",
      oidcClientId: "idgov",
      oidcClientSecret: "oidc-secret",
      scopes: ["openid", "email", "profile"],
      exactMatchClaims: { hd: "acme.example.com" },
    },
  ],
};

/** One auth config per provider member; one deprecated, one with a status the spec does not list. */
export function seedAuthConfigs(): Record<string, JsonObject> {
  const configs: Record<string, JsonObject> = {};
  Object.entries(SEED.authConfigs).forEach(([member, id], index) => {
    const [displayName, provider] = PROVIDERS[member as keyof typeof SEED.authConfigs];
    const config = materialize(
      {
        displayName,
        bootstrapDomains: member === "oidc" ? ["acme.example.com"] : [],
        isDefaultBootstrap: member === "oidc",
        deprecationDeadline: member === "providerClient" ? seedTime(400) : null,
        deprecationMessage: member === "providerClient" ? "Move to the generic OIDC configuration." : "",
        [member]: provider,
      },
      AUTH_CONFIG_MODEL,
    );
    Object.assign(config, {
      id,
      createdAt: seedTime(-250 + index),
      updatedAt: seedTime(-25 + index),
      providerType: AUTH_CONFIG_PROVIDER_TYPES[member],
      status:
        // Deliberately unknown member (not in wire-schemas.json): clients must carry it through.
        member === "providerEnvironment"
          ? "AUTH_CONFIG_STATUS_PENDING_VERIFICATION"
          : "AUTH_CONFIG_STATUS_ACTIVE",
    });
    configs[id] = config;
  });
  return configs;
}
