import type { ComponentDeclaration, PlannedChild } from "./declaration";
import { or } from "./values";

/**
 * The company's standard for a tenant's settings, where a team does not decide otherwise: the values
 * examples/tenant-baseline writes by hand with the dynamic classes.
 */
export const TENANT_STANDARD = {
  sessionLength: "8h",
  ssoAssertionLifetime: "5m",
  ssoSubjectType: "SSO_SUBJECT_TYPE_PAIRWISE",
  ssoIdTokenAlgorithm: "OIDC_SIGNING_ALGORITHM_RS256",
  crossAppAccessEnabled: false,
  crossAppAccessGrantLifetime: "1h",
  crossAppAccessIdTokenLifetime: "5m",
  crossAppAccessSigningAlgorithm: "XAA_SIGNING_ALGORITHM_ES256",
  crossAppAccessSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"],
} as const;

type Inputs = Readonly<Record<string, unknown>>;

/** Administrators sign in, through SSO and directly, only from the admin networks. */
function adminOnly(networks: unknown) {
  return { enabled: true, sourceCidr: networks };
}

function plan(name: string, inputs: Inputs): PlannedChild[] {
  const standard = TENANT_STANDARD;
  return [
    {
      role: "sessionSettings",
      kind: "SessionSettings",
      name: `${name}-session`,
      props: {
        maxSessionLength: or(inputs.sessionLength, standard.sessionLength),
        externalClientsEnabled: false,
        ssoAdminSource: adminOnly(inputs.adminNetworks),
        pccAdminSource: adminOnly(inputs.adminNetworks),
        restoreOnDelete: true,
      },
      idsOf: {},
    },
    {
      role: "ssoSettings",
      kind: "SsoSettings",
      name: `${name}-sso`,
      props: {
        enabled: true,
        defaultSubjectType: standard.ssoSubjectType,
        defaultAssertionLifetime: or(inputs.ssoAssertionLifetime, standard.ssoAssertionLifetime),
        defaultIdTokenSignedResponseAlg: standard.ssoIdTokenAlgorithm,
        restoreOnDelete: true,
      },
      idsOf: {},
    },
    {
      role: "crossAppAccessSettings",
      kind: "XaaSettings",
      name: `${name}-cross-app-access`,
      props: {
        enabled: or(inputs.crossAppAccessEnabled, standard.crossAppAccessEnabled),
        defaultGrantLifetime: or(inputs.crossAppAccessGrantLifetime, standard.crossAppAccessGrantLifetime),
        xaaIdTokenLifetime: standard.crossAppAccessIdTokenLifetime,
        allowRefreshTokenSubjects: false,
        defaultSigningAlgorithm: standard.crossAppAccessSigningAlgorithm,
        enabledSigningAlgorithms: [...standard.crossAppAccessSigningAlgorithms],
        restoreOnDelete: true,
      },
      idsOf: {},
    },
  ];
}

/**
 * `TenantBaseline`: the tenant's three settings singletons (session, SSO, cross-app access) to the company's
 * standard, each restored on destroy to the values it replaced.
 */
export const tenantBaseline: ComponentDeclaration = {
  name: "TenantBaseline",
  description:
    "The tenant's session, SSO and cross-app-access settings to the company's standard: 8-hour sessions, external clients off, administrator sign-in only from the admin networks; SSO on with pairwise subjects, 5-minute assertions and RS256 ID tokens; cross-app access off unless turned on, with 1-hour grants, 5-minute ID tokens, no refresh-token subjects and ES256 signing. Each settings child restores the values it replaced on destroy. Compliant with the pulumi-idgov policy pack by construction: an input that would break one of its rules is refused before any request. The settings are one per tenant: declare them once, here or as SessionSettings, SsoSettings and XaaSettings, never both.",
  inputs: {
    adminNetworks: {
      type: "list",
      required: true,
      sets: [
        { child: "SessionSettings", path: "ssoAdminSource.sourceCidr" },
        { child: "SessionSettings", path: "pccAdminSource.sourceCidr" },
      ],
      description:
        'The networks administrators sign in from, as CIDR ranges ("10.20.0.0/16", "2001:db8:20::/48"): administrator sign-in through SSO (ssoAdminSource) and directly (pccAdminSource) is allowed from these alone. Required, at least one; each must be a CIDR range without host bits (the session settings\' check).',
    },
    sessionLength: {
      child: "SessionSettings",
      field: "maxSessionLength",
      description:
        'How long a signed-in session lasts before the user signs in again, as a duration ("8h", "90m"). Default "8h"; at most the pack\'s limit, "12h" unless the pack is configured otherwise (idgov-session-length).',
    },
    ssoAssertionLifetime: {
      child: "SsoSettings",
      field: "defaultAssertionLifetime",
      description:
        'How long the SSO assertions the tenant issues to apps last, as a duration. Default "5m"; a lifetime above zero (the SSO settings\' check).',
    },
    crossAppAccessEnabled: {
      child: "XaaSettings",
      field: "enabled",
      description:
        "Whether the tenant issues cross-app-access grants (apps exchanging tokens on users' behalf). Default false. On or off, the standard's grant, ID-token and signing settings are set, so turning it on changes this one field.",
    },
    crossAppAccessGrantLifetime: {
      child: "XaaSettings",
      field: "defaultGrantLifetime",
      description:
        'How long a cross-app-access grant lasts, as a duration. Default "1h"; a lifetime above zero (the cross-app-access settings\' check).',
    },
  },
  example: {
    variable: "baseline",
    inputs: { adminNetworks: ["10.20.0.0/16", "2001:db8:20::/48"] },
    exports: { sessionLength: "sessionLength", ssoSettingsId: "ssoSettingsId" },
  },
  outputs: {
    sessionSettingsId: {
      role: "sessionSettings",
      kind: "SessionSettings",
      description: "The id of the session settings (`session`).",
    },
    ssoSettingsId: {
      role: "ssoSettings",
      kind: "SsoSettings",
      description: "The id of the SSO settings (`sso`).",
    },
    crossAppAccessSettingsId: {
      role: "crossAppAccessSettings",
      kind: "XaaSettings",
      description: "The id of the cross-app-access settings (`cross-app-access`).",
    },
    sessionLength: {
      role: "sessionSettings",
      kind: "SessionSettings",
      field: "maxSessionLength",
      description: 'The session length in effect, as the service answers it ("28800s").',
    },
    ssoAssertionLifetime: {
      role: "ssoSettings",
      kind: "SsoSettings",
      field: "defaultAssertionLifetime",
      description: 'The SSO assertion lifetime in effect, as the service answers it ("300s").',
    },
    crossAppAccessEnabled: {
      role: "crossAppAccessSettings",
      kind: "XaaSettings",
      field: "enabled",
      description: "Whether cross-app access is on.",
    },
  },
  plan,
};
