import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  INT64_MESSAGE,
  accessReviewEntitlementRowSchema,
  accessReviewEntitlementSchema,
  appEntitlementSchema,
  appResourceSchema,
  appResourceViewSchema,
  appSchema,
  authConfigSchema,
  automationSchema,
  credentialInventoryPolicySchema,
  mcpResourceSchema,
  paperSecretSchema,
  requestCatalogSchema,
  requestCatalogViewSchema,
  roleMiningSuggestionSchema,
  scopeV2Schema,
  sessionPolicySchema,
  sessionSettingsSchema,
  ssoSettingsSchema,
  userNotificationSettingsSchema,
  userSchema,
  xaaSettingsSchema,
} from "../../../provider/schemas";

/** Each response schema with a sample that sets one enum field to a value no list knows. */
const samples: [string, z.ZodType, Record<string, unknown>][] = [
  ["automation", automationSchema, { primaryTriggerType: "TRIGGER_TYPE_FROM_THE_FUTURE" }],
  [
    "auth config",
    authConfigSchema,
    { providerType: "AUTH_CONFIG_PROVIDER_TYPE_NEW", status: "AUTH_CONFIG_STATUS_NEW" },
  ],
  [
    "request catalog",
    requestCatalogSchema,
    { unenrollmentBehavior: "REQUEST_CATALOG_UNENROLLMENT_BEHAVIOR_NEW" },
  ],
  ["request catalog view", requestCatalogViewSchema, { requestCatalog: { enrollmentBehavior: "NEW" } }],
  ["app entitlement", appEntitlementSchema, { purpose: "APP_ENTITLEMENT_PURPOSE_VALUE_NEW" }],
  [
    "app",
    appSchema,
    { accessModel: "APP_ACCESS_MODEL_NEW", identityMatching: "APP_USER_IDENTITY_MATCHING_CUSTOM" },
  ],
  ["user", userSchema, { status: "ENABLED", origin: "USER_ORIGIN_NEW", type: "USER_TYPE_AGENT" }],
  [
    "app resource",
    appResourceSchema,
    { nhiType: "NHI_TYPE_NEW", agentTrait: { status: "AGENT_STATUS_NEW" } },
  ],
  ["app resource view", appResourceViewSchema, { appResource: { nhiType: "NHI_TYPE_NEW" } }],
  ["access-review entitlement", accessReviewEntitlementSchema, { tenantId: "t" }],
  ["access-review row", accessReviewEntitlementRowSchema, { accessReviewEntitlement: { appId: "a" } }],
  ["scopeV2", scopeV2Schema, { principalTypeFilter: "PRINCIPAL_TYPE_FILTER_NEW" }],
  ["role-mining suggestion", roleMiningSuggestionSchema, { suggestionState: "SUGGESTION_STATE_ARCHIVED" }],
  ["SSO settings", ssoSettingsSchema, { defaultSubjectType: "SSO_SUBJECT_TYPE_NEW" }],
  [
    "cross-app-access settings",
    xaaSettingsSchema,
    { enabledSigningAlgorithms: ["XAA_SIGNING_ALGORITHM_NEW"] },
  ],
  [
    "session settings",
    sessionSettingsSchema,
    { clientIdMetadataDocumentPolicy: "CLIENT_ID_METADATA_DOCUMENT_POLICY_NEW" },
  ],
  ["session policy", sessionPolicySchema, { persistence: "PERSISTENCE_MODE_NEW" }],
  ["paper secret", paperSecretSchema, { status: "SECRET_STATUS_NEW" }],
  ["credential-inventory policy", credentialInventoryPolicySchema, { enabledTypes: ["CREDENTIAL_TYPE_NEW"] }],
  ["MCP resource", mcpResourceSchema, { kind: "MCP_RESOURCE_KIND_NEW", state: "MCP_RESOURCE_STATE_NEW" }],
  [
    "user notification settings",
    userNotificationSettingsSchema,
    { channelSettings: { email: { digest: { frequency: "DIGEST_FREQUENCY_HOURLY" } } } },
  ],
];

describe.each(samples)("the %s response schema", (_, schema, sample) => {
  it("keeps enum values it does not know", () => {
    expect(schema.parse(sample)).toEqual(sample);
  });

  it("keeps fields it does not know", () => {
    const withExtra = { ...sample, addedLater: { nested: [1, 2] } };
    expect(schema.parse(withExtra)).toEqual(withExtra);
  });

  it("accepts an empty object, every field being optional", () => {
    expect(schema.parse({})).toEqual({});
  });
});

describe("response schemas", () => {
  it("keep unknown fields inside nested objects", () => {
    const app = {
      appUserMapper: {
        appId: "a",
        extra: true,
        mappingCases: [{ caseIndex: 0, userKeyCel: "u", future: "x" }],
      },
      appOwners: [{ id: "u1", newAttribute: 1, emailSources: [{ appId: "a", weight: 2 }] }],
    };
    expect(appSchema.parse(app)).toEqual(app);
  });

  it("keep the opaque members of steps, triggers and the automation context unchanged", () => {
    const automation = {
      automationSteps: [{ stepName: "mail", sendEmail: { to: ["a@b.c"], body: { text: "hi" } } }],
      triggers: [{ webhook: { secretRef: "x" } }],
      context: { context: { anything: [1, { deep: true }] } },
      circuitBreaker: {
        observedCount: 11,
        period: "CIRCUIT_BREAKER_PERIOD_HOUR",
        threshold: 10,
        trippedAt: "2026-11-21T14:00:00Z",
      },
    };
    expect(automationSchema.parse(automation)).toEqual(automation);
  });

  it.each([
    [
      "automation",
      automationSchema,
      { createdAt: null, lastExecutedAt: "2026-11-21T14:00:00Z", context: null },
    ],
    ["app", appSchema, { deletedAt: null, matchConnectorRef: null }],
    ["app resource", appResourceSchema, { secretTrait: { secretExpiresAt: null } }],
    ["app entitlement", appEntitlementSchema, { durationGrant: null, deletedAt: null }],
  ])("read null as unset for the timestamps and messages of a %s", (_, schema, value) => {
    const unset = JSON.parse(
      JSON.stringify(value, (_key, item: unknown) => (item === null ? undefined : item)),
    );
    expect(schema.parse(value)).toStrictEqual(unset);
  });

  it.each([
    ["automation currentVersion", automationSchema, { currentVersion: 3 }, "currentVersion"],
    ["app userCount", appSchema, { userCount: "1.5" }, "userCount"],
    ["catalog view memberCount", requestCatalogViewSchema, { memberCount: -1 }, "memberCount"],
    ["paper secret fileSize", paperSecretSchema, { fileSize: 1024 }, "fileSize"],
  ])("reject an int64 that is not a digit string: %s", (_, schema, value, field) => {
    const issues = schema.safeParse(value).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path, issue.message])).toEqual([[[field], INT64_MESSAGE]]);
  });

  it("rejects a timestamp that is not RFC 3339", () => {
    expect(appSchema.safeParse({ createdAt: "21/11/2026" }).success).toBe(false);
  });
});
