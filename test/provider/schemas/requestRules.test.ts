import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  DURATION_MESSAGE,
  appCreateBodySchema,
  appResourceCreateBodySchema,
  appResourceUpdateBodySchema,
  appUpdateBodySchema,
  authConfigCreateBodySchema,
  automationCreateBodySchema,
  automationUpdateBodySchema,
  catalogCreateBodySchema,
  catalogUpdateBodySchema,
  scopeAndEntitlementsBodySchema,
  searchAutomationsBodySchema,
  sessionSettingsUpdateBodySchema,
  ssoSettingsUpdateBodySchema,
  xaaSettingsUpdateBodySchema,
} from "../../../provider/schemas";

function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

describe("request bodies", () => {
  it.each([
    [
      "app update sets a read-only field",
      appUpdateBodySchema,
      { app: { logoUri: "x" }, updateMask: "logoUri" },
      "app",
      "logoUri",
    ],
    ["app update sets the id", appUpdateBodySchema, { app: { id: "a1" }, updateMask: "id" }, "app", "id"],
    [
      "catalog update sets accessEntitlements",
      catalogUpdateBodySchema,
      { catalog: { accessEntitlements: [] }, updateMask: "accessEntitlements" },
      "catalog",
      "accessEntitlements",
    ],
    [
      "automation update sets the circuit breaker",
      automationUpdateBodySchema,
      { automation: { circuitBreaker: {} }, updateMask: "circuitBreaker" },
      "automation",
      "circuitBreaker",
    ],
    [
      "auth-config create sends additionalHostedDomains",
      authConfigCreateBodySchema,
      { displayName: "x", providerHosted: { additionalHostedDomains: [] } },
      "providerHosted",
      "additionalHostedDomains",
    ],
    [
      "session update sets the metadata-document policy",
      sessionSettingsUpdateBodySchema,
      { sessionSettings: { clientIdMetadataDocumentPolicy: "X" }, updateMask: "x" },
      "sessionSettings",
      "clientIdMetadataDocumentPolicy",
    ],
    [
      "scope sets an unknown criteria field",
      scopeAndEntitlementsBodySchema,
      { entitlements: [], scopeV2: { selectedUsers: { userIds: [], groups: [] } } },
      "scopeV2.selectedUsers",
      "groups",
    ],
  ])("reject a nested unknown or read-only field when the %s", (_, schema, body, path, field) => {
    expect(issues(schema, body)).toEqual([[path, `unknown field "${field}"`]]);
  });

  it("names every unknown field at once", () => {
    expect(issues(appCreateBodySchema, { displayName: "x", a: 1, b: 2 })).toEqual([
      ["", 'unknown fields "a", "b"'],
    ]);
  });

  it.each([
    ["catalog create", catalogCreateBodySchema, {}],
    ["catalog create with an empty name", catalogCreateBodySchema, { displayName: "" }],
    ["app create", appCreateBodySchema, { description: "d" }],
    ["auth-config create", authConfigCreateBodySchema, { oidc: {} }],
    ["app-resource create", appResourceCreateBodySchema, { description: "d" }],
  ])("require displayName on %s", (_, schema, body) => {
    expect(issues(schema, body)).toEqual([["displayName", "displayName is required"]]);
  });

  it.each([
    ["SSO settings", ssoSettingsUpdateBodySchema, { settings: {} }, "updateMask"],
    ["SSO settings", ssoSettingsUpdateBodySchema, { updateMask: "enabled" }, "settings"],
    ["app", appUpdateBodySchema, { app: {} }, "updateMask"],
    ["session settings", sessionSettingsUpdateBodySchema, { updateMask: "x" }, "sessionSettings"],
  ])("require both parts of the %s update (missing %s)", (_, schema, body, missing) => {
    expect(issues(schema, body).map(([path]) => path)).toEqual([missing]);
  });

  it("accept the agent trait's status on an app-resource update: the document does not mark it read-only", () => {
    const body = {
      appResource: { agentTrait: { status: "AGENT_STATUS_DISABLED" } },
      updateMask: "agentTrait",
    };
    expect(issues(appResourceUpdateBodySchema, body)).toEqual([]);
  });

  it("accept an empty annotation value on update (it removes the key) but not on create", () => {
    expect(
      issues(appUpdateBodySchema, { app: { annotations: { team: "" } }, updateMask: "annotations" }),
    ).toEqual([]);
    expect(issues(appCreateBodySchema, { displayName: "x", annotations: { team: "" } })).toEqual([
      [
        "annotations.team",
        'annotation "team" value is empty; an empty value is only allowed on update, where it removes the key',
      ],
    ]);
  });

  it("reject a reserved annotation key on update", () => {
    expect(
      issues(catalogUpdateBodySchema, {
        catalog: { annotations: { "c1/x": "y" } },
        updateMask: "annotations",
      }),
    ).toEqual([["catalog.annotations.c1/x", 'annotation key "c1/x" uses the reserved prefix "c1/"']]);
  });

  it.each([
    [
      "SSO",
      ssoSettingsUpdateBodySchema,
      { settings: { defaultAssertionLifetime: "1h" }, updateMask: "x" },
      "settings.defaultAssertionLifetime",
    ],
    [
      "XAA",
      xaaSettingsUpdateBodySchema,
      { settings: { xaaIdTokenLifetime: "300" }, updateMask: "x" },
      "settings.xaaIdTokenLifetime",
    ],
    [
      "session",
      sessionSettingsUpdateBodySchema,
      { sessionSettings: { maxSessionLength: "12h" }, updateMask: "x" },
      "sessionSettings.maxSessionLength",
    ],
  ])("require protobuf durations in the %s settings", (_, schema, body, path) => {
    expect(issues(schema, body)).toEqual([[path, DURATION_MESSAGE]]);
  });

  it("reject a source range that is not CIDR, naming the value", () => {
    const body = {
      sessionSettings: { pccUserSource: { enabled: true, sourceCidr: ["10.0.0.0/8", "10.0.0.0/33"] } },
      updateMask: "pccUserSource",
    };
    expect(issues(sessionSettingsUpdateBodySchema, body)).toEqual([
      [
        "sessionSettings.pccUserSource.sourceCidr.1",
        '"10.0.0.0/33" is not a CIDR range (IPv4 a.b.c.d/0-32 or IPv6 /0-128)',
      ],
    ]);
  });

  it("reject a circuit-breaker cap that is not a uint32", () => {
    expect(issues(automationCreateBodySchema, { circuitBreakerMax: -1 })).toEqual([
      ["circuitBreakerMax", "must be 0 or more (uint32)"],
    ]);
  });

  it("reject an automation step with no kind", () => {
    expect(issues(automationCreateBodySchema, { draftAutomationSteps: [{ stepName: "s" }] })).toEqual([
      ["draftAutomationSteps.0", "a step must set exactly one member of oneof kind (none set)"],
    ]);
  });

  it.each([
    [
      "an auth config's delegated verifier",
      authConfigCreateBodySchema,
      { displayName: "x", platformLocal: { delegatedVerifiers: ["PASSKEY"] } },
      "platformLocal.delegatedVerifiers.0",
      'must be an enumeration value starting with DELEGATED_VERIFIER_TYPE_ (got "PASSKEY")',
    ],
    [
      "a scope's account type",
      scopeAndEntitlementsBodySchema,
      { entitlements: [], scopeV2: { accountCriteria: { accountTypes: ["HUMAN"] } } },
      "scopeV2.accountCriteria.accountTypes.0",
      'must be an enumeration value starting with APP_USER_TYPE_ (got "HUMAN")',
    ],
    [
      "a scope's principal type filter",
      scopeAndEntitlementsBodySchema,
      { entitlements: [], scopeV2: { principalTypeFilter: "GRANT_FILTER_TYPE_ALL" } },
      "scopeV2.principalTypeFilter",
      'must be an enumeration value starting with PRINCIPAL_TYPE_FILTER_ (got "GRANT_FILTER_TYPE_ALL")',
    ],
  ])("reject %s without its enumeration's prefix", (_what, schema, body, path, message) => {
    expect(issues(schema, body)).toEqual([[path, message]]);
  });

  it("keep unknown enum values in requests", () => {
    const body = { statuses: ["AUTOMATION_STATUS_FILTER_PAUSED"], sortField: "AUTOMATION_SORT_FIELD_NEW" };
    expect(searchAutomationsBodySchema.parse(body)).toEqual(body);
  });

  it("require the selector fields of a campaign entitlement", () => {
    expect(
      issues(scopeAndEntitlementsBodySchema, { entitlements: [{ appId: "a" }] }).map(([path]) => path),
    ).toEqual(["entitlements.0.appEntitlementId"]);
  });
});
