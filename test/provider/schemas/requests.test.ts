import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  appCreateBodySchema,
  appResourceCreateBodySchema,
  appResourceUpdateBodySchema,
  appUpdateBodySchema,
  authConfigCreateBodySchema,
  authConfigUpdateBodySchema,
  automationCreateBodySchema,
  automationUpdateBodySchema,
  catalogCreateBodySchema,
  catalogUpdateBodySchema,
  executeAutomationBodySchema,
  expandMaskSchema,
  scopeAndEntitlementsBodySchema,
  searchAutomationsBodySchema,
  searchRoleMiningBodySchema,
  sessionSettingsUpdateBodySchema,
  ssoSettingsUpdateBodySchema,
  visibilityBindingsBodySchema,
  xaaSettingsUpdateBodySchema,
} from "../../../provider/schemas";

function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

/** Every request body with a small valid example. */
const bodies: [string, z.ZodType, Record<string, unknown>][] = [
  ["app create", appCreateBodySchema, { displayName: "Payroll", annotations: { managed_by: "pulumi" } }],
  ["app update", appUpdateBodySchema, { app: { displayName: "Payroll" }, updateMask: "displayName" }],
  ["catalog create", catalogCreateBodySchema, { displayName: "Engineering", expandMask: { paths: ["*"] } }],
  ["catalog update", catalogUpdateBodySchema, { catalog: { published: true }, updateMask: "published" }],
  [
    "automation create",
    automationCreateBodySchema,
    { displayName: "Offboard", automationSteps: [{ sendEmail: {} }] },
  ],
  [
    "automation update",
    automationUpdateBodySchema,
    { automation: { enabled: false }, updateMask: "enabled" },
  ],
  ["execute automation", executeAutomationBodySchema, { context: { context: { userId: "u1" } } }],
  ["auth-config create", authConfigCreateBodySchema, { displayName: "Corp IdP", oidc: { issuerId: "i" } }],
  [
    "auth-config update",
    authConfigUpdateBodySchema,
    { authConfig: { displayName: "x" }, updateMask: "displayName" },
  ],
  ["app-resource create", appResourceCreateBodySchema, { displayName: "db-prod" }],
  [
    "app-resource update",
    appResourceUpdateBodySchema,
    { appResource: { description: "d" }, expandMask: { paths: [] }, updateMask: "description" },
  ],
  [
    "SSO settings update",
    ssoSettingsUpdateBodySchema,
    { settings: { enabled: true }, updateMask: "enabled" },
  ],
  [
    "cross-app-access settings update",
    xaaSettingsUpdateBodySchema,
    { settings: { defaultGrantLifetime: "3600s" }, updateMask: "defaultGrantLifetime" },
  ],
  [
    "session settings update",
    sessionSettingsUpdateBodySchema,
    {
      sessionSettings: {
        maxSessionLength: "43200s",
        ssoAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8", "2001:db8::/32"] },
      },
      updateMask: "maxSessionLength,ssoAdminSource",
    },
  ],
  [
    "automation search",
    searchAutomationsBodySchema,
    { appIds: ["a"], isDraft: null, pageSize: 10, refs: [{ id: "t" }] },
  ],
  [
    "role-mining search",
    searchRoleMiningBodySchema,
    { states: ["SUGGESTION_STATE_NEW"], pageSize: 10, query: "eng" },
  ],
  [
    "scope and entitlements",
    scopeAndEntitlementsBodySchema,
    { entitlements: [{ appEntitlementId: "e", appId: "a" }], scopeV2: { allUsers: {} } },
  ],
  ["visibility bindings", visibilityBindingsBodySchema, { accessEntitlements: [{ appId: "a", id: "e" }] }],
  ["expand mask", expandMaskSchema, { paths: ["accessEntitlements"] }],
];

describe.each(bodies)("the %s body", (_, schema, body) => {
  it("accepts a valid example unchanged", () => {
    expect(schema.parse(body)).toEqual(body);
  });

  it("rejects an unknown top-level field, naming it", () => {
    expect(issues(schema, { ...body, colour: "blue" })).toEqual([["", 'unknown field "colour"']]);
  });
});
