/** Who each editable path of the tenant settings reaches, as impacts name it (spec 2.11). */
const SETTINGS_PATHS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  SessionSettings: {
    maxSessionLength: "every signed-in session (its longest length)",
    externalClientsEnabled: "external API clients",
    clientIdApprovalRequestPolicyId: "approval of new API client ids",
    connectorSource: "connectors reaching the tenant (connectorSource address restriction)",
    externalClientSource: "external API clients (externalClientSource address restriction)",
    pccAdminSource: "administrators signing in directly (pccAdminSource address restriction)",
    pccUserSource: "users signing in directly (pccUserSource address restriction)",
    ssoAdminSource: "administrators signing in through SSO (ssoAdminSource address restriction)",
    ssoUserSource: "users signing in through SSO (ssoUserSource address restriction)",
  },
  SsoSettings: {
    enabled: "sign-in to apps through the tenant's SSO provider",
    defaultSubjectType: "the subject apps receive in SSO assertions",
    defaultAssertionLifetime: "how long SSO assertions to apps last",
    defaultIdTokenSignedResponseAlg: "how ID tokens to apps are signed",
  },
  XaaSettings: {
    enabled: "cross-app access: apps exchanging tokens on users' behalf",
    defaultGrantLifetime: "how long cross-app-access grants last",
    allowRefreshTokenSubjects: "refresh tokens as cross-app-access subjects",
    defaultSigningAlgorithm: "how cross-app-access tokens are signed",
    enabledSigningAlgorithms: "which algorithms may sign cross-app-access tokens",
    xaaIdTokenLifetime: "how long cross-app-access ID tokens last",
  },
};

/** Whether a kind is a tenant-settings singleton whose changes reach every user. */
export function isTenantSettings(kind: string): boolean {
  return Object.hasOwn(SETTINGS_PATHS, kind);
}

/** The sign-in paths and uses the changed settings paths reach, in order, without repeats. */
export function signInPathsOf(kind: string, paths: readonly string[]): string[] {
  const described = SETTINGS_PATHS[kind] ?? {};
  const reached = paths.map((path) => {
    const top = path.split(".")[0] ?? path;
    return described[top] ?? top;
  });
  return [...new Set(reached)];
}
