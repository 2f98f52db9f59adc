import * as pulumi from "@pulumi/pulumi";
import {
  AccessReviewScope,
  App,
  AppResource,
  AuthConfig,
  Automation,
  RequestCatalog,
  SessionSettings,
  SsoSettings,
  XaaSettings,
} from "pulumi-idgov";

const config = new pulumi.Config();

const portal = new App("portal", {
  displayName: "Portal",
  description: "The self-service portal",
  accessModel: "APP_ACCESS_MODEL_HYBRID",
  annotations: { team: "iam", tier: "gold" },
});

const starterKit = new RequestCatalog("starter-kit", {
  displayName: "Engineering starter kit",
  published: true,
  visibleToEveryone: true,
  accessEntitlements: [
    { appId: "app-github", id: "ent-github-org-member" },
    { appId: "app-aws", id: "ent-aws-readonly" },
  ],
  annotations: { team: "platform" },
});

const welcome = new Automation("welcome", {
  displayName: "Welcome new engineers",
  appId: "app-github",
  enabled: true,
  triggers: [{ userCreated: { condition: 'user.department == "Engineering"' } }],
  automationSteps: [
    {
      stepName: "welcome",
      sendEmail: { subject: "Welcome aboard", body: "Glad to have you.", useSubjectUser: true },
    },
    { stepName: "wait-a-day", waitForDuration: { duration: "86400s" } },
  ],
  circuitBreakerMax: 50,
  circuitBreakerPeriod: "CIRCUIT_BREAKER_PERIOD_DAY",
});

const repository = new AppResource("infra-repository", {
  appId: "app-github",
  appResourceTypeId: "rt-github-repository",
  displayName: "acme/infrastructure",
  description: "Pulumi programs",
  annotations: { team: "platform" },
});

const workforce = new AuthConfig("workforce", {
  displayName: "Workforce identity provider",
  bootstrapDomains: ["acme.example.com"],
  oidc: {
    issuerId: "https://login.acme.example.com",
    oidcClientId: "idgov-upgrade",
    oidcClientSecret: config.requireSecret("oidcClientSecret"),
    scopes: ["openid", "email", "profile"],
  },
});

new SessionSettings("session", {
  maxSessionLength: "8h",
  externalClientsEnabled: false,
  ssoAdminSource: { enabled: true, sourceCidr: ["10.20.0.0/16", "2001:db8:20::/48"] },
  restoreOnDelete: true,
});

new SsoSettings("sso", { enabled: true, defaultSubjectType: "SSO_SUBJECT_TYPE_PAIRWISE" });

new XaaSettings("cross-app-access", {
  enabled: true,
  defaultGrantLifetime: "1h",
  enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_ES256", "XAA_SIGNING_ALGORITHM_RS256"],
});

new AccessReviewScope("q1-draft", {
  accessReviewId: "ar-2027-q1-draft",
  scopeV2: { allUsers: {}, appAccess: {} },
  entitlements: [{ appId: "app-github", appEntitlementId: "ent-github-org-admin" }],
  restoreOnDelete: true,
});

export const portalId = portal.id;
export const starterKitId = starterKit.id;
export const welcomeId = welcome.id;
export const repositoryId = repository.id;
export const workforceId = workforce.id;
