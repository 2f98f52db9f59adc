import { SEED } from "../../../emulator";

type Props = Record<string, unknown>;

const [memberRef, adminRef] = SEED.entitlements.map(({ appId, id }) => ({ appId, id }));

/** A program for one kind that creates objects, a changed version of it, and where its objects live. */
export interface KindProgram {
  readonly kind: string;
  /** The program at its first `pulumi up`. */
  readonly first: Props;
  /** The program after one edit: a changed field (and, for a catalog, a changed entitlement set). */
  readonly changed: Props;
  /** The path a create is POSTed to. */
  readonly collection: string;
  /** The item path of an object of this kind, from its Pulumi id. */
  readonly item: (id: string) => string;
  /** The live entity inside a get answer. */
  readonly entity: (answer: Props) => Props;
}

const { appId: repoApp, appResourceTypeId: repoType } = SEED.resourceType;
const oidc = {
  issuerId: "https://login.acme.example.com",
  oidcClientId: "idgov-prod",
  oidcClientSecret: "oidc-1",
};

/** The item path of an app resource from its Pulumi id, `app/type/resource`. */
function appResourcePath(pulumiId: string): string {
  const [app, type, id] = pulumiId.split("/").map(decodeURIComponent);
  return `/api/v1/apps/${app}/resource_types/${type}/resources/${id}`;
}

/** One program per kind that creates objects: App, RequestCatalog, Automation, AuthConfig, AppResource. */
export const KIND_PROGRAMS: readonly KindProgram[] = [
  {
    kind: "App",
    first: { displayName: "Payroll", description: "first", monthlyCostUsd: 120 },
    changed: { displayName: "Payroll", description: "changed", monthlyCostUsd: 140 },
    collection: "/api/v1/apps",
    item: (id) => `/api/v1/apps/${id}`,
    entity: (answer) => answer.app as Props,
  },
  {
    kind: "RequestCatalog",
    first: { displayName: "Engineering", published: true, accessEntitlements: [memberRef] },
    changed: {
      displayName: "Engineering",
      description: "changed",
      published: true,
      accessEntitlements: [memberRef, adminRef],
    },
    collection: "/api/v1/catalogs",
    item: (id) => `/api/v1/catalogs/${id}`,
    entity: (answer) => (answer.requestCatalogView as Props).requestCatalog as Props,
  },
  {
    kind: "Automation",
    first: {
      displayName: "Onboarding",
      appId: SEED.apps[0]!.id,
      enabled: true,
      triggers: [{ userCreated: { condition: "true" } }],
      automationSteps: [{ stepName: "wait", waitForDuration: { duration: "3600s" } }],
    },
    changed: {
      displayName: "Onboarding",
      description: "changed",
      appId: SEED.apps[0]!.id,
      enabled: false,
      triggers: [{ userCreated: { condition: "true" } }],
      automationSteps: [{ stepName: "wait", waitForDuration: { duration: "7200s" } }],
    },
    collection: "/api/v1/automations",
    item: (id) => `/api/v1/automations/${id}`,
    entity: (answer) => answer.automation as Props,
  },
  {
    kind: "AuthConfig",
    first: { displayName: "Acme SSO", bootstrapDomains: ["acme.example.com"], oidc },
    changed: {
      displayName: "Acme SSO",
      bootstrapDomains: ["acme.example.com", "acme.example.org"],
      oidc: { ...oidc, scopes: ["openid"] },
    },
    collection: "/api/v1/auth-configs",
    item: (id) => `/api/v1/auth-configs/${id}`,
    entity: (answer) => answer.authConfig as Props,
  },
  {
    kind: "AppResource",
    first: {
      appId: repoApp,
      appResourceTypeId: repoType,
      displayName: "acme/docs",
      customDescription: "first",
    },
    changed: {
      appId: repoApp,
      appResourceTypeId: repoType,
      displayName: "acme/docs",
      description: "changed",
      customDescription: "changed",
    },
    collection: `/api/v1/apps/${repoApp}/resource_types/${repoType}/resources`,
    item: appResourcePath,
    entity: (answer) => (answer.appResourceView as Props).appResource as Props,
  },
];

/**
 * The program's values as the live object holds them: without a catalog's entitlements (bound by calls of their
 * own) and without an auth config's OIDC client secret (never answered).
 */
export function storedFields(program: Props): Props {
  const { accessEntitlements: _bound, oidc, ...fields } = program;
  if (oidc === undefined) return fields;
  const { oidcClientSecret: _secret, ...shown } = oidc as Props;
  return { ...fields, oidc: shown };
}
