import { messageModelOf } from "../model/messageModel";
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

/** AuthConfig (`TenantAuthConfig` in `wire-schemas.json`); the provider type follows the member set. */
export const AUTH_CONFIG_MODEL = messageModelOf("TenantAuthConfig", {
  id: "",
  providerType: "it is fixed at creation",
});
