import { expect } from "vitest";
import type { ExampleContext, ExampleSpec } from "../exampleSpec";
import { del, get, post } from "./calls";

const SESSION = "/api/v1/settings/session";
const ADMIN_RANGES = ["10.20.0.0/16", "2001:db8:20::/48"];
/** The client secret of the OIDC provider, set with `pulumi config set --secret oidcClientSecret`. */
const OIDC_CLIENT_SECRET = "e2e-oidc-client-secret-5f1c9a7d3b2e";

const authConfigPath = ({ outputs }: ExampleContext) =>
  `/api/v1/auth-configs/${outputs.identityProviderId as string}`;

/** `examples/tenant-baseline`: the three settings singletons and an OIDC sign-in provider with a secret. */
export const tenantBaseline: ExampleSpec = {
  example: "tenant-baseline",
  secretConfig: { oidcClientSecret: OIDC_CLIENT_SECRET },
  resourceCount: 5,
  upCalls: () => [
    // Settings are adopted: one read, then one masked update of what differs from the tenant.
    get(SESSION),
    post(SESSION, {
      sessionSettings: {
        maxSessionLength: "28800s",
        pccAdminSource: { sourceCidr: ADMIN_RANGES },
        ssoAdminSource: { sourceCidr: ADMIN_RANGES },
      },
      updateMask: "maxSessionLength,pccAdminSource.sourceCidr,ssoAdminSource.sourceCidr",
    }),
    // The seeded SSO settings are what the program declares already: nothing to send.
    get("/api/v1/settings/sso"),
    get("/api/v1/settings/cross-app-access"),
    post("/api/v1/settings/cross-app-access", {
      settings: { enabled: true, defaultSigningAlgorithm: "XAA_SIGNING_ALGORITHM_ES256" },
      updateMask: "enabled,defaultSigningAlgorithm",
    }),
    post("/api/v1/auth-configs", {
      displayName: "Workforce identity provider",
      bootstrapDomains: ["acme.example.com"],
      oidc: {
        issuerId: "https://login.acme.example.com",
        oidcClientId: "idgov-tenant-baseline",
        // Sent, and shown redacted by the emulator's request log.
        oidcClientSecret: "[redacted]",
        scopes: ["openid", "email", "profile"],
      },
    }),
  ],
  oneFieldChange: {
    resource: "session",
    kind: "SessionSettings",
    field: "maxSessionLength",
    edit: { from: 'maxSessionLength: "8h",', to: 'maxSessionLength: "12h",' },
    call: () =>
      post(SESSION, { sessionSettings: { maxSessionLength: "43200s" }, updateMask: "maxSessionLength" }),
  },
  drift: {
    // Someone opens administrator sign-in to every address by hand.
    resource: "session",
    kind: "SessionSettings",
    field: "ssoAdminSource",
    change: () =>
      post(SESSION, {
        sessionSettings: { ssoAdminSource: { sourceCidr: [...ADMIN_RANGES, "0.0.0.0/0"] } },
        updateMask: "ssoAdminSource.sourceCidr",
      }),
    restore: () =>
      post(SESSION, {
        sessionSettings: { ssoAdminSource: { sourceCidr: ADMIN_RANGES } },
        updateMask: "ssoAdminSource.sourceCidr",
      }),
  },
  // The client secret last sent, kept so a refresh gives it back unchanged, and its digest: encrypted in state.
  secretOutputs: { "workforce-idp": ["writeOnlyDigests", "writeOnlyValues"] },
  destroyCalls: (context) => [
    del(authConfigPath(context)),
    // restoreOnDelete: the session settings get back the values the program replaced; SSO and XAA stay.
    post(SESSION, {
      // Every field the stack manages goes back to its value from before the stack managed it, the ones it never
      // changed included (README "Ownership": restore means as it was before this stack).
      sessionSettings: {
        externalClientsEnabled: false,
        maxSessionLength: "43200s",
        pccAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8", "192.168.100.0/24"] },
        ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16"] },
      },
      updateMask:
        "maxSessionLength,externalClientsEnabled,pccAdminSource.enabled,pccAdminSource.sourceCidr,ssoAdminSource.enabled,ssoAdminSource.sourceCidr",
    }),
  ],
  goneAfterDestroy: (context) => [authConfigPath(context)],
  afterDestroy: async (api) => {
    const xaa = await api.call("GET", "/api/v1/settings/cross-app-access");
    expect(xaa.body.settings).toMatchObject({
      enabled: true,
      defaultSigningAlgorithm: "XAA_SIGNING_ALGORITHM_ES256",
    });
    const session = await api.call("GET", SESSION);
    expect(session.body.sessionSettings).toMatchObject({
      maxSessionLength: "43200s",
      ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16"] },
    });
  },
};
