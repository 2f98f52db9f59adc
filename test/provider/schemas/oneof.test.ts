import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  SCOPE_V2_ONEOFS,
  appResourceSchema,
  appResourceWritableSchema,
  authConfigCreateBodySchema,
  authConfigSchema,
  authConfigWritableSchema,
  automationSchema,
  automationStepResponseSchema,
  automationStepSchema,
  manualAssigneeSchema,
  oneofConflictMessage,
  oneofMembersSet,
  outcomeSchema,
  provisionerPolicySchema,
  scopeV2Schema,
  scopeV2WritableSchema,
} from "../../../provider/schemas";

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const PROVIDERS =
  "platformLocal, providerHosted, providerTenant, providerDomainA, providerDomainB, providerClient, providerEnvironment, oidc";

describe("oneofMembersSet", () => {
  it.each([
    [undefined, []],
    [{}, []],
    [{ a: {} }, ["a"]],
    [{ a: null, b: undefined }, []],
    [{ c: 0, a: "", b: false }, ["a", "b", "c"]],
    [{ b: {}, z: {} }, ["b"]],
  ])("finds in %j the members %j", (obj, set) => {
    expect(oneofMembersSet(obj, ["a", "b", "c"])).toEqual(set);
  });
});

describe("oneofConflictMessage", () => {
  it("lists a short group whole", () => {
    expect(oneofConflictMessage({ name: "g", members: ["a", "b", "c"] }, ["a", "c"])).toBe(
      "at most one of a, b, c may be set (got: a, c)",
    );
  });

  it("names only the members set for a long group", () => {
    const members = ["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9"];
    expect(oneofConflictMessage({ name: "kind", members }, ["m1", "m5", "m9"])).toBe(
      "only one member of oneof kind may be set; got m1, m5 and m9",
    );
  });
});

type Case = [
  group: string,
  schema: z.ZodType,
  base: Record<string, unknown>,
  first: string,
  second: string,
  conflict: string,
];

const cases: Case[] = [
  [
    "AutomationStep kind (response)",
    automationStepResponseSchema,
    { stepName: "s" },
    "sendEmail",
    "webhook",
    "only one member of oneof kind may be set; got sendEmail and webhook",
  ],
  [
    "AuthConfig provider_config (response)",
    authConfigSchema,
    {},
    "providerClient",
    "oidc",
    `at most one of ${PROVIDERS} may be set (got: providerClient, oidc)`,
  ],
  [
    "AuthConfig provider_config (writable)",
    authConfigWritableSchema,
    {},
    "providerHosted",
    "providerTenant",
    `at most one of ${PROVIDERS} may be set (got: providerHosted, providerTenant)`,
  ],
  [
    "AuthConfig provider_config (create body)",
    authConfigCreateBodySchema,
    { displayName: "corp" },
    "platformLocal",
    "oidc",
    `at most one of ${PROVIDERS} may be set (got: platformLocal, oidc)`,
  ],
  [
    "ProvisionerPolicy",
    provisionerPolicySchema,
    {},
    "manual",
    "webhook",
    "only one member of oneof policy may be set; got manual and webhook",
  ],
  [
    "manual.assignee",
    manualAssigneeSchema,
    {},
    "manager",
    "users",
    "at most one of appOwners, entitlementOwners, expression, group, manager, users may be set (got: manager, users)",
  ],
  [
    "Outcome",
    outcomeSchema,
    {},
    "allow",
    "deny",
    "at most one of allow, challengeRequired, deny, enrollmentRequired, stepUpRequired may be set (got: allow, deny)",
  ],
  ...SCOPE_V2_ONEOFS.filter((group) => group.members.length > 1).flatMap((group): Case[] => {
    const [first = "", second = ""] = group.members;
    const conflict = `at most one of ${group.members.join(", ")} may be set (got: ${first}, ${second})`;
    return [
      [`scopeV2 ${group.name} (response)`, scopeV2Schema, {}, first, second, conflict],
      [`scopeV2 ${group.name} (writable)`, scopeV2WritableSchema, {}, first, second, conflict],
    ];
  }),
];

describe.each(cases)("oneof %s", (_, schema, base, first, second, conflict) => {
  it("accepts no member set", () => {
    expect(messages(schema, base)).toEqual([]);
  });

  it(`accepts ${first} alone`, () => {
    expect(messages(schema, { ...base, [first]: {} })).toEqual([]);
  });

  it(`rejects ${first} with ${second}, naming both`, () => {
    expect(messages(schema, { ...base, [first]: {}, [second]: {} })).toEqual([conflict]);
  });
});

describe("AppResource oneof metadata", () => {
  it.each([
    ["an answer", appResourceSchema],
    ["an update", appResourceWritableSchema],
  ])("holds secretTrait alone: %s may carry agentTrait beside it", (_, schema) => {
    const both = {
      agentTrait: { identityAppUserId: "appuser-bot", status: "AGENT_STATUS_READY" },
      secretTrait: { credentialDetail: "rotated monthly" },
    };
    expect(messages(schema, both)).toEqual([]);
  });
});

describe("oneofs in responses", () => {
  it.each([
    ["a step", automationStepResponseSchema, { sendEmail: {}, webhook: null }],
    ["an auth config", authConfigSchema, { oidc: {}, providerClient: null }],
    ["a provisioner policy", provisionerPolicySchema, { manual: {}, webhook: null }],
  ])("count a null member of %s as unset", (_, schema, value) => {
    expect(messages(schema, value)).toEqual([]);
  });
});

describe("AutomationStep kind", () => {
  it("requires exactly one member in a step a client sends", () => {
    expect(messages(automationStepSchema, { stepName: "s" })).toEqual([
      "a step must set exactly one member of oneof kind (none set)",
    ]);
  });

  it("accepts a step a client sends with one member", () => {
    expect(automationStepSchema.parse({ stepName: "s", sendEmail: { subject: "hi" } })).toEqual({
      stepName: "s",
      sendEmail: { subject: "hi" },
    });
  });

  it("names all members set when three are", () => {
    expect(messages(automationStepSchema, { sendEmail: {}, webhook: {}, callFunction: {} })).toEqual([
      "only one member of oneof kind may be set; got sendEmail, webhook and callFunction",
    ]);
  });

  it("accepts a returned step with no known member (an unknown future kind)", () => {
    expect(automationStepResponseSchema.parse({ stepName: "s", futureKind: { a: 1 } })).toEqual({
      stepName: "s",
      futureKind: { a: 1 },
    });
  });
});

describe("scopeV2", () => {
  it("accepts one member from each oneof together", () => {
    const scope = {
      appAccess: {},
      allUsers: {},
      accountCriteria: { noAccountOwner: true },
      grantsByCriteria: { daysSinceAdded: "2592000s" },
      allAccessConflicts: {},
      resourceSelection: {},
      excludedSpecificResources: {},
      principalTypeFilter: "PRINCIPAL_TYPE_FILTER_UNSPECIFIED",
      scopeRoleSelection: {},
    };
    expect(messages(scopeV2WritableSchema, scope)).toEqual([]);
    expect(messages(scopeV2Schema, scope)).toEqual([]);
  });
});

describe("Automation disabled_reason", () => {
  it.each([
    ["unset", {}],
    ["null", { circuitBreaker: null }],
    ["set", { circuitBreaker: { observedCount: 4, threshold: 3, period: "CIRCUIT_BREAKER_PERIOD_HOUR" } }],
  ])("accepts the circuit breaker %s", (_, value) => {
    expect(messages(automationSchema, value)).toEqual([]);
  });
});
