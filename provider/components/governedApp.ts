import type { ComponentDeclaration, PlannedChild } from "./declaration";
import { defined, or } from "./values";

/** The scope a GovernedApp's review gets when the program names none: every user's grants of its entitlements. */
export const DEFAULT_REVIEW_SCOPE = { appAccess: {}, allUsers: {}, allGrants: {} } as const;

/** The circuit breaker of a GovernedApp's automation when the program sets none: 100 executions a day. */
export const DEFAULT_CIRCUIT_BREAKER = { max: 100, period: "CIRCUIT_BREAKER_PERIOD_DAY" } as const;

type Inputs = Readonly<Record<string, unknown>>;

/** The catalog's entitlements as the review's entitlement selectors: what is offered is what is certified. */
function reviewEntitlements(entitlements: unknown): unknown {
  if (!Array.isArray(entitlements)) return entitlements;
  return entitlements.map((ref) =>
    ref !== null && typeof ref === "object"
      ? { appId: (ref as Inputs).appId, appEntitlementId: (ref as Inputs).id }
      : ref,
  );
}

function plan(name: string, inputs: Inputs): PlannedChild[] {
  const annotations = inputs.annotations;
  const displayName = inputs.displayName;
  const label = typeof displayName === "string" ? displayName : name;
  const children: PlannedChild[] = [
    {
      role: "requestCatalog",
      kind: "RequestCatalog",
      name: `${name}-catalog`,
      props: defined({
        displayName: `${label} access`,
        description: `Access to ${label}, offered the governed way.`,
        published: true,
        visibleToEveryone: or(inputs.catalogVisibleToEveryone, false),
        accessEntitlements: or(inputs.catalogEntitlements, []),
        annotations,
      }),
      idsOf: {},
    },
    {
      role: "app",
      kind: "App",
      name: `${name}-app`,
      props: defined({
        displayName,
        description: inputs.description,
        owners: inputs.owners,
        grantPolicyId: inputs.grantPolicyId,
        revokePolicyId: inputs.revokePolicyId,
        certifyPolicyId: inputs.certifyPolicyId,
        annotations,
      }),
      idsOf: { defaultRequestCatalogId: "requestCatalog" },
    },
  ];
  if (inputs.accessReviewId !== undefined && inputs.accessReviewId !== null) {
    children.push({
      role: "accessReviewScope",
      kind: "AccessReviewScope",
      name: `${name}-review`,
      props: {
        accessReviewId: inputs.accessReviewId,
        scopeV2: or(inputs.reviewScope, DEFAULT_REVIEW_SCOPE),
        entitlements: reviewEntitlements(or(inputs.catalogEntitlements, [])),
        restoreOnDelete: true,
      },
      idsOf: {},
    });
  }
  if (inputs.automationSteps !== undefined && inputs.automationSteps !== null) {
    children.push({
      role: "automation",
      kind: "Automation",
      name: `${name}-automation`,
      props: defined({
        displayName: `${label} automation`,
        enabled: true,
        triggers: or(inputs.automationTriggers, []),
        automationSteps: inputs.automationSteps,
        circuitBreakerMax: or(inputs.automationCircuitBreakerMax, DEFAULT_CIRCUIT_BREAKER.max),
        circuitBreakerPeriod: or(inputs.automationCircuitBreakerPeriod, DEFAULT_CIRCUIT_BREAKER.period),
        annotations,
      }),
      idsOf: { appId: "app" },
    });
  }
  return children;
}

/**
 * `GovernedApp`: an App onboarded the governed way. Its request catalog (private unless the program says otherwise,
 * and the app's default catalog), the app with its owners and grant and revoke policies, the scope of an existing
 * access-review campaign that certifies what the catalog offers, and an optional automation with a circuit breaker,
 * every one carrying the team's annotations.
 */
export const governedApp: ComponentDeclaration = {
  name: "GovernedApp",
  description:
    "An app onboarded the governed way: the App with its owners and grant and revoke policies, its request catalog (its default, not visible to everyone), the scope of an access-review campaign that certifies it, and an optional automation with a circuit breaker, each stamped with the team's annotations. Compliant with the pulumi-idgov policy pack by construction: an input that would break one of its rules is refused before any request.",
  inputs: {
    displayName: { child: "App", field: "displayName", required: true, description: "The app's name." },
    description: { child: "App", field: "description", description: "What the app is for." },
    owners: {
      child: "App",
      field: "owners",
      required: true,
      description:
        "The user ids of the app's owners, at least one (idgov-app-owners); listAppOwners lists an app's owners.",
    },
    grantPolicyId: {
      child: "App",
      field: "grantPolicyId",
      required: true,
      description: "The policy that approves a request for the app's access (idgov-app-approval).",
    },
    revokePolicyId: {
      child: "App",
      field: "revokePolicyId",
      required: true,
      description:
        "The policy that takes the app's access away (idgov-app-approval with requireRevokePolicy).",
    },
    certifyPolicyId: {
      child: "App",
      field: "certifyPolicyId",
      description: "The policy that certifies the app's access in reviews.",
    },
    annotations: {
      type: "map",
      description:
        "The team's annotations, given to the App, its catalog and its automation (idgov-required-annotations); the ownership stamps are added to them.",
    },
    catalogEntitlements: {
      child: "RequestCatalog",
      field: "accessEntitlements",
      description:
        "The entitlements the app's request catalog offers, and its review certifies. Default: none.",
    },
    catalogVisibleToEveryone: {
      child: "RequestCatalog",
      field: "visibleToEveryone",
      description:
        "Whether every user of the tenant sees the catalog. Default false; true is refused (idgov-catalog-visibility): a catalog for everyone is a separate, named decision.",
    },
    accessReviewId: {
      child: "AccessReviewScope",
      field: "accessReviewId",
      description:
        "The id of an existing access-review campaign whose scope the component sets to certify the app; left out, no review scope is made. The campaign's scope is restored on destroy.",
    },
    reviewScope: {
      child: "AccessReviewScope",
      field: "scopeV2",
      description: "The review's scope. Default: `{ appAccess: {}, allUsers: {}, allGrants: {} }`.",
    },
    automationSteps: {
      child: "Automation",
      field: "automationSteps",
      description: "The steps of the app's automation; left out, no automation is made.",
    },
    automationTriggers: {
      child: "Automation",
      field: "triggers",
      description: "The triggers of the app's automation. Default: none.",
    },
    automationCircuitBreakerMax: {
      child: "Automation",
      field: "circuitBreakerMax",
      description:
        "The most executions of the automation within its period before it disables itself. Default 100; 0 is refused (idgov-automation-circuit-breaker).",
    },
    automationCircuitBreakerPeriod: {
      child: "Automation",
      field: "circuitBreakerPeriod",
      description: "The automation's circuit-breaker period. Default `CIRCUIT_BREAKER_PERIOD_DAY`.",
    },
  },
  example: {
    variable: "payroll",
    inputs: {
      displayName: "Payroll",
      owners: ["user-0001", "user-0002"],
      grantPolicyId: "policy-manager-approval",
      revokePolicyId: "policy-auto-revoke",
      annotations: { team: "finance" },
      catalogEntitlements: [{ appId: "app-github", id: "ent-github-org-member" }],
      accessReviewId: "ar-2027-q1-draft",
    },
    exports: { payrollAppId: "appId", payrollCatalogId: "requestCatalogId" },
  },
  outputs: {
    appId: { role: "app", kind: "App", description: "The id of the App." },
    requestCatalogId: {
      role: "requestCatalog",
      kind: "RequestCatalog",
      description: "The id of the app's request catalog.",
    },
    accessReviewScopeId: {
      role: "accessReviewScope",
      kind: "AccessReviewScope",
      description: "The id of the access-review scope (the campaign's id), when accessReviewId is set.",
      optional: true,
    },
    automationId: {
      role: "automation",
      kind: "Automation",
      description: "The id of the app's automation, when automationSteps is set.",
      optional: true,
    },
  },
  plan,
};
