import {
  bool,
  enumeration,
  list,
  map,
  message,
  readOnly,
  string,
  timestamp,
  type MessageModel,
} from "./model";

const oidcClient = { oidcClientId: string(), oidcClientSecret: string() };

/** Provider members of the oneof provider_config, with the providerType each one gives. */
export const AUTH_CONFIG_PROVIDER_TYPES: Readonly<Record<string, string>> = {
  platformLocal: "AUTH_CONFIG_PROVIDER_TYPE_PLATFORM_LOCAL",
  providerHosted: "AUTH_CONFIG_PROVIDER_TYPE_PROVIDER_HOSTED",
  providerTenant: "AUTH_CONFIG_PROVIDER_TYPE_PROVIDER_TENANT",
  providerDomainA: "AUTH_CONFIG_PROVIDER_TYPE_PROVIDER_DOMAIN_A",
  providerDomainB: "AUTH_CONFIG_PROVIDER_TYPE_PROVIDER_DOMAIN_B",
  providerClient: "AUTH_CONFIG_PROVIDER_TYPE_PROVIDER_CLIENT",
  providerEnvironment: "AUTH_CONFIG_PROVIDER_TYPE_PROVIDER_ENVIRONMENT",
  oidc: "AUTH_CONFIG_PROVIDER_TYPE_OIDC",
};

/** The provider member names. */
export const AUTH_CONFIG_PROVIDER_MEMBERS = Object.keys(AUTH_CONFIG_PROVIDER_TYPES);

/** AuthConfig (spec 2.3). */
export const AUTH_CONFIG_MODEL: MessageModel = {
  id: readOnly(string()),
  displayName: string(),
  bootstrapDomains: list(),
  isDefaultBootstrap: bool(),
  deprecationDeadline: timestamp(),
  deprecationMessage: string(),
  createdAt: readOnly(timestamp()),
  updatedAt: readOnly(timestamp()),
  providerType: readOnly(enumeration("AUTH_CONFIG_PROVIDER_TYPE_UNSPECIFIED"), "it is fixed at creation"),
  status: readOnly(enumeration("AUTH_CONFIG_STATUS_UNSPECIFIED")),
  platformLocal: message({ delegatedVerifiers: list() }),
  providerHosted: message({ hostedDomains: list(), additionalHostedDomains: readOnly(list()) }),
  providerTenant: message({ tenantIds: list() }),
  providerDomainA: message({ domain: string(), ...oidcClient }),
  providerDomainB: message({ domain: string(), ...oidcClient }),
  providerClient: message({ ...oidcClient }),
  providerEnvironment: message({ environmentId: string(), ...oidcClient }),
  oidc: message({ issuerId: string(), ...oidcClient, scopes: list(), exactMatchClaims: map() }),
};
