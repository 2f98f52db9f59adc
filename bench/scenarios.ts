import { SEED } from "../emulator";
import type { Operation } from "./ideal";

type Props = Record<string, unknown>;

/** An operation whose contract needs other than the ideal number of calls, and why. */
export interface ContractMinimum {
  calls: number;
  reason: string;
}

/** One resource the bench takes through its life cycle: what the program declares, and one change to it. */
export interface KindScenario {
  /** The row's label: the kind, and the variant when a kind has more than one. */
  label: string;
  kind: string;
  /** The resource's name in the program (unique across scenarios). */
  name: string;
  program: Props;
  /** A one-field change: the field, and the program after it. */
  change: { field: string; program: Props };
  /** Operations whose contract minimum is not the ideal one. */
  contract?: Partial<Record<Operation, ContractMinimum>>;
}

const SINGLETON_CREATE: ContractMinimum = {
  calls: 2,
  reason:
    "a singleton has no create: it is read (what the program replaces, for restoreOnDelete), then one masked update",
};
const SINGLETON_DELETE: ContractMinimum = {
  calls: 0,
  reason: "the tenant's settings outlive the resource: delete leaves them (restoreOnDelete sends one update)",
};

/** Kinds whose objects carry ownership annotations: every update and delete reads the owner first (design rule 11). */
const OWNER_CHECKED: Partial<Record<Operation, ContractMinimum>> = {
  update: {
    calls: 2,
    reason:
      "the object is read first, so that an object another workspace or tool took over is never written",
  },
  delete: {
    calls: 2,
    reason:
      "the object is read first, so that an object another workspace or tool took over is never deleted",
  },
};

const LISTING =
  "one listing of the collection per provider process, on its first create: an object a cut-short run made for " +
  "the resource is adopted, not made twice (the later creates of the process reuse it)";

/** The create of the first scenario of a collection in the bench's one provider process: the listing, then `calls`. */
function firstOfCollection(calls: number, reason?: string): ContractMinimum {
  return { calls: calls + 1, reason: reason === undefined ? LISTING : `${LISTING}; ${reason}` };
}

function changed(program: Props, field: string, value: unknown): KindScenario["change"] {
  return { field, program: { ...program, [field]: value } };
}

function scenario(
  label: string,
  kind: string,
  name: string,
  program: Props,
  change: [field: string, value: unknown],
  contract?: KindScenario["contract"],
): KindScenario {
  return {
    label,
    kind,
    name,
    program,
    change: changed(program, ...change),
    ...(contract ? { contract } : {}),
  };
}

const [githubMember, , , awsReadOnly] = SEED.entitlements;
const { resourceType, agentResourceType } = SEED;

/** Every resource kind, and the variants whose contract needs more calls, against the seeded emulator. */
export const KIND_SCENARIOS: readonly KindScenario[] = [
  scenario(
    "App",
    "App",
    "bench-app",
    { displayName: "Bench app", description: "v1", annotations: { team: "bench" } },
    ["description", "v2"],
    { ...OWNER_CHECKED, create: firstOfCollection(1) },
  ),
  scenario(
    "RequestCatalog",
    "RequestCatalog",
    "bench-catalog",
    { displayName: "Bench catalog", description: "v1", published: true },
    ["description", "v2"],
    { ...OWNER_CHECKED, create: firstOfCollection(1) },
  ),
  scenario(
    "RequestCatalog + entitlements",
    "RequestCatalog",
    "bench-catalog-bundle",
    { displayName: "Bench bundle", description: "v1", accessEntitlements: [githubMember, awsReadOnly] },
    ["description", "v2"],
    {
      ...OWNER_CHECKED,
      create: {
        calls: 2,
        reason: "entitlements are bound by a visibility-binding call after the create (reference 4)",
      },
    },
  ),
  scenario(
    "Automation",
    "Automation",
    "bench-automation",
    {
      displayName: "Bench automation",
      description: "v1",
      appId: "app-github",
      enabled: true,
      triggers: [{ userCreated: { condition: "true" } }],
      automationSteps: [
        {
          stepName: "notify",
          sendEmail: { subject: "Welcome", body: "Welcome aboard", useSubjectUser: true },
        },
        { stepName: "wait", waitForDuration: { duration: "3600s" } },
      ],
    },
    ["description", "v2"],
    { ...OWNER_CHECKED, create: firstOfCollection(1) },
  ),
  scenario(
    "SsoSettings",
    "SsoSettings",
    "bench-sso",
    { enabled: true, defaultSubjectType: "SSO_SUBJECT_TYPE_PUBLIC", defaultAssertionLifetime: "10m" },
    ["defaultAssertionLifetime", "15m"],
    { create: SINGLETON_CREATE, delete: SINGLETON_DELETE },
  ),
  scenario(
    "XaaSettings",
    "XaaSettings",
    "bench-xaa",
    { enabled: true, defaultGrantLifetime: "90m" },
    ["defaultGrantLifetime", "2h"],
    { create: SINGLETON_CREATE, delete: SINGLETON_DELETE },
  ),
  scenario(
    "SessionSettings",
    "SessionSettings",
    "bench-session",
    { maxSessionLength: "8h", ssoAdminSource: { sourceCidr: ["10.20.0.0/16"] } },
    ["maxSessionLength", "12h"],
    { create: SINGLETON_CREATE, delete: SINGLETON_DELETE },
  ),
  scenario(
    "AuthConfig",
    "AuthConfig",
    "bench-auth",
    {
      displayName: "Bench SSO",
      bootstrapDomains: ["bench.example.com"],
      oidc: {
        issuerId: "https://login.bench.example.com",
        oidcClientId: "bench-client",
        oidcClientSecret: "bench-oidc-client-secret",
        scopes: ["openid", "email"],
      },
    },
    ["displayName", "Bench SSO v2"],
  ),
  scenario(
    "AppResource",
    "AppResource",
    "bench-resource",
    { ...resourceType, displayName: "acme/bench", description: "v1" },
    ["description", "v2"],
    { ...OWNER_CHECKED, create: firstOfCollection(1) },
  ),
  scenario(
    "AppResource + update-only fields",
    "AppResource",
    "bench-agent",
    {
      ...agentResourceType,
      displayName: "Bench agent",
      customDescription: "v1",
      agentTrait: { identityAppUserId: "appuser-bench-bot" },
    },
    ["customDescription", "v2"],
    {
      ...OWNER_CHECKED,
      create: firstOfCollection(
        2,
        "the create takes only displayName, description and annotations (reference 4): one masked update follows",
      ),
    },
  ),
  scenario(
    "AccessReviewScope",
    "AccessReviewScope",
    "bench-scope",
    {
      accessReviewId: SEED.emptyAccessReviewId,
      scopeV2: { allUsers: {} },
      entitlements: [{ appId: githubMember.appId, appEntitlementId: githubMember.id }],
    },
    ["scopeV2", { allGrants: {} }],
    {
      create: {
        calls: 2,
        reason: "a campaign's scope has no create: the campaign is read (it must exist), then written whole",
      },
      delete: {
        calls: 0,
        reason:
          "the campaign outlives the resource: delete leaves its scope (restoreOnDelete sends one replace)",
      },
    },
  ),
];

/** The fewest calls an operation of a scenario can take, and why when it is not the ideal. */
export function contractMinimum(
  scenario: KindScenario,
  operation: Operation,
  ideal: number,
): ContractMinimum | { calls: number; reason?: undefined } {
  return scenario.contract?.[operation] ?? { calls: ideal };
}
