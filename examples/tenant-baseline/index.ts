import * as pulumi from "@pulumi/pulumi";
import { AuthConfig, SessionSettings, SsoSettings, XaaSettings } from "pulumi-idgov";

const config = new pulumi.Config();
// The networks administrators sign in from (IPv4 and IPv6 CIDR ranges).
const adminRanges = config.getObject<string[]>("adminRanges") ?? ["10.20.0.0/16", "2001:db8:20::/48"];

// Session security: shorter sessions, administrator sign-in only from the admin networks. These settings exist in
// every tenant; `pulumi destroy` puts back the values this program replaced.
const session = new SessionSettings("session", {
  maxSessionLength: "8h",
  externalClientsEnabled: false,
  ssoAdminSource: { enabled: true, sourceCidr: adminRanges },
  pccAdminSource: { enabled: true, sourceCidr: adminRanges },
  restoreOnDelete: true,
});

// The tenant as single-sign-on provider for its apps.
const sso = new SsoSettings("sso", {
  enabled: true,
  defaultSubjectType: "SSO_SUBJECT_TYPE_PAIRWISE",
  defaultAssertionLifetime: "5m",
  defaultIdTokenSignedResponseAlg: "OIDC_SIGNING_ALGORITHM_RS256",
});

// Cross-app access: short-lived grants signed with ES256 (RS256 still accepted).
const crossAppAccess = new XaaSettings("cross-app-access", {
  enabled: true,
  defaultGrantLifetime: "1h",
  xaaIdTokenLifetime: "5m",
  allowRefreshTokenSubjects: false,
  defaultSigningAlgorithm: "XAA_SIGNING_ALGORITHM_ES256",
  enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"],
});

// The workforce identity provider people sign in with. The client secret comes from
// `pulumi config set --secret oidcClientSecret ...`: it is sent when it changes and never kept in state.
const workforceIdp = new AuthConfig("workforce-idp", {
  displayName: "Workforce identity provider",
  bootstrapDomains: [config.get("domain") ?? "acme.example.com"],
  oidc: {
    issuerId: config.get("issuer") ?? "https://login.acme.example.com",
    oidcClientId: config.get("oidcClientId") ?? "idgov-tenant-baseline",
    oidcClientSecret: config.requireSecret("oidcClientSecret"),
    scopes: ["openid", "email", "profile"],
  },
});

export const maxSessionLength = session.maxSessionLength;
export const adminSignInRanges = session.ssoAdminSource.apply((source) => source?.sourceCidr ?? []);
export const ssoAssertionLifetime = sso.defaultAssertionLifetime;
export const crossAppAccessAlgorithms = crossAppAccess.enabledSigningAlgorithms;
export const identityProviderId = workforceIdp.id;
export const identityProviderStatus = workforceIdp.status;
