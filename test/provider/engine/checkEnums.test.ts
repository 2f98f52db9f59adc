import { describe, expect, it } from "vitest";
import { checkInputs } from "../../../provider/engine";
import * as e from "../../../provider/schemas/enums";
import { kindNamed } from "../../../provider/kinds";

type Inputs = Record<string, unknown>;

/** A member no list holds: the enumeration's prefix (its zero member's) with an unknown suffix. */
function bogusOf(members: readonly string[]): string {
  const zero = members.find((member) => member.endsWith("_UNSPECIFIED"));
  return `${zero === undefined ? "" : zero.slice(0, -"UNSPECIFIED".length)}BOGUS`;
}

/** Every enumeration a program sets, by kind: the property path, its members, and the inputs that set `value`. */
const ENUM_INPUTS: [string, string, readonly string[], (value: string) => Inputs][] = [
  ["App", "accessModel", e.APP_ACCESS_MODELS, (v) => ({ displayName: "x", accessModel: v })],
  [
    "App",
    "identityMatching",
    e.APP_USER_IDENTITY_MATCHINGS,
    (v) => ({ displayName: "x", identityMatching: v }),
  ],
  [
    "RequestCatalog",
    "enrollmentBehavior",
    e.REQUEST_CATALOG_ENROLLMENT_BEHAVIORS,
    (v) => ({ displayName: "x", enrollmentBehavior: v }),
  ],
  [
    "RequestCatalog",
    "unenrollmentBehavior",
    e.REQUEST_CATALOG_UNENROLLMENT_BEHAVIORS,
    (v) => ({ displayName: "x", unenrollmentBehavior: v }),
  ],
  [
    "RequestCatalog",
    "unenrollmentEntitlementBehavior",
    e.REQUEST_CATALOG_UNENROLLMENT_ENTITLEMENT_BEHAVIORS,
    (v) => ({ displayName: "x", unenrollmentEntitlementBehavior: v }),
  ],
  [
    "Automation",
    "circuitBreakerPeriod",
    e.CIRCUIT_BREAKER_PERIODS,
    (v) => ({ displayName: "x", circuitBreakerPeriod: v }),
  ],
  ["SsoSettings", "defaultSubjectType", e.SSO_SUBJECT_TYPES, (v) => ({ defaultSubjectType: v })],
  [
    "SsoSettings",
    "defaultIdTokenSignedResponseAlg",
    e.OIDC_SIGNING_ALGORITHMS,
    (v) => ({ defaultIdTokenSignedResponseAlg: v }),
  ],
  [
    "XaaSettings",
    "defaultSigningAlgorithm",
    e.XAA_SIGNING_ALGORITHMS,
    (v) => ({ defaultSigningAlgorithm: v }),
  ],
  [
    "XaaSettings",
    "enabledSigningAlgorithms[1]",
    e.XAA_SIGNING_ALGORITHMS,
    (v) => ({ enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_RS256", v] }),
  ],
  [
    "AuthConfig",
    "status",
    e.AUTH_CONFIG_STATUSES,
    (v) => ({ displayName: "x", status: v, platformLocal: {} }),
  ],
  [
    "AuthConfig",
    "platformLocal.delegatedVerifiers[0]",
    e.DELEGATED_VERIFIER_TYPES,
    (v) => ({ displayName: "x", platformLocal: { delegatedVerifiers: [v] } }),
  ],
  [
    "AppResource",
    "agentTrait.status",
    e.AGENT_STATUSES,
    (v) => ({ appId: "a", appResourceTypeId: "t", displayName: "x", agentTrait: { status: v } }),
  ],
  ...(
    [
      ["principalTypeFilter", e.PRINCIPAL_TYPE_FILTERS, (v: string) => ({ principalTypeFilter: v })],
      [
        "accountCriteria.accountDomain",
        e.APP_USER_DOMAINS,
        (v: string) => ({ accountCriteria: { accountDomain: v } }),
      ],
      [
        "accountCriteria.accountTypes[0]",
        e.APP_USER_TYPES,
        (v: string) => ({ accountCriteria: { accountTypes: [v] } }),
      ],
      [
        "accountCriteria.appUserStatuses[0]",
        e.APP_USER_STATUSES,
        (v: string) => ({ accountCriteria: { appUserStatuses: [v] } }),
      ],
      [
        "grantsByCriteria.accessProfileFilter.filterType",
        e.ACCESS_PROFILE_FILTER_TYPES,
        (v: string) => ({ grantsByCriteria: { accessProfileFilter: { filterType: v } } }),
      ],
      [
        "grantsByCriteria.sourceFilter",
        e.GRANT_SOURCE_FILTERS,
        (v: string) => ({ grantsByCriteria: { sourceFilter: v } }),
      ],
      [
        "grantsByCriteria.typeFilter",
        e.GRANT_FILTER_TYPES,
        (v: string) => ({ grantsByCriteria: { typeFilter: v } }),
      ],
      ["userCriteria.userStatus[0]", e.USER_STATUSES, (v: string) => ({ userCriteria: { userStatus: [v] } })],
    ] as const
  ).map(([path, members, scope]): [string, string, readonly string[], (value: string) => Inputs] => [
    "AccessReviewScope",
    `scopeV2.${path}`,
    members,
    (v) => ({ accessReviewId: "campaign-1", scopeV2: scope(v) }),
  ]),
];

function failuresAt(kind: string, inputs: Inputs, property: string, allowUnlistedMembers?: boolean) {
  const options = allowUnlistedMembers === undefined ? {} : { allowUnlistedMembers };
  return checkInputs(kindNamed(kind), inputs, "c1/", options).failures.filter(
    (failure) => failure.property === property,
  );
}

describe("check of the enumerations a program sets", () => {
  it.each(ENUM_INPUTS)("%s %s: accepts every listed member", (kind, property, members, inputs) => {
    for (const member of members) expect(failuresAt(kind, inputs(member), property)).toEqual([]);
  });

  it.each(ENUM_INPUTS)(
    "%s %s: refuses a member it does not list, naming the field, the listed members and the way to send it",
    (kind, property, members, inputs) => {
      const bogus = bogusOf(members);
      expect(failuresAt(kind, inputs(bogus), property)).toEqual([
        {
          property,
          reason:
            `must be one of ${members.join(", ")} (got ${JSON.stringify(bogus)}); to send a member pulumi-idgov ` +
            `does not list yet, write unlisted(${JSON.stringify(bogus)}) and set idgov:allowUnlistedMembers to true`,
        },
      ]);
    },
  );

  it.each(ENUM_INPUTS)(
    "%s %s: lets the member through when the stack sets idgov:allowUnlistedMembers",
    (kind, property, members, inputs) => {
      const result = checkInputs(kindNamed(kind), inputs(bogusOf(members)), "c1/", {
        allowUnlistedMembers: true,
      });
      expect(result.failures.filter((failure) => failure.property === property)).toEqual([]);
    },
  );

  it("still refuses, opted in, a value without the enumeration's prefix", () => {
    expect(failuresAt("App", { displayName: "x", accessModel: "HYBRID" }, "accessModel", true)).toEqual([
      {
        property: "accessModel",
        reason: 'must be an enumeration value starting with APP_ACCESS_MODEL_ (got "HYBRID")',
      },
    ]);
  });
});
