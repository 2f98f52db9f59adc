import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as schemas from "../../../provider/schemas";

/** snake_case protobuf path → the lowerCamelCase name used on the wire. */
function camel(path: string): string {
  return path.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

type Kind = [
  name: string,
  /** An answer's schema: its object comes out of the step that reads `null` fields as unset. */
  response: { out: z.ZodObject },
  writable: z.ZodObject,
  writableFields: readonly string[],
  readOnlyFields: readonly string[],
  expectedReadOnly: string[],
];

const kinds: Kind[] = [
  [
    "App",
    schemas.appSchema,
    schemas.appWritableSchema,
    schemas.APP_WRITABLE_FIELDS,
    schemas.APP_READ_ONLY_FIELDS,
    [
      "id",
      "logoUri",
      "appAccountId",
      "appAccountName",
      "parentAppId",
      "fieldMask",
      "appOwners",
      "isDirectory",
      "userCount",
      "createdAt",
      "updatedAt",
      "deletedAt",
    ],
  ],
  [
    "RequestCatalog",
    schemas.requestCatalogSchema,
    schemas.requestCatalogWritableSchema,
    schemas.REQUEST_CATALOG_WRITABLE_FIELDS,
    schemas.REQUEST_CATALOG_READ_ONLY_FIELDS,
    ["id", "accessEntitlements", "createdByUserId", "createdAt", "updatedAt", "deletedAt"],
  ],
  [
    "Automation",
    schemas.automationSchema,
    schemas.automationWritableSchema,
    schemas.AUTOMATION_WRITABLE_FIELDS,
    schemas.AUTOMATION_READ_ONLY_FIELDS,
    ["id", "currentVersion", "primaryTriggerType", "circuitBreaker", "createdAt", "lastExecutedAt"],
  ],
  [
    "AuthConfig",
    schemas.authConfigSchema,
    schemas.authConfigWritableSchema,
    schemas.AUTH_CONFIG_WRITABLE_FIELDS,
    schemas.AUTH_CONFIG_READ_ONLY_FIELDS,
    ["id", "createdAt", "updatedAt", "providerType"],
  ],
  [
    "AppResource",
    schemas.appResourceSchema,
    schemas.appResourceWritableSchema,
    schemas.APP_RESOURCE_WRITABLE_FIELDS,
    schemas.APP_RESOURCE_READ_ONLY_FIELDS,
    [
      "id",
      "grantCount",
      "externalId",
      "nhiDetail",
      "nhiType",
      "profile",
      "createdAt",
      "updatedAt",
      "deletedAt",
    ],
  ],
  [
    "SsoSettings",
    schemas.ssoSettingsSchema,
    schemas.ssoSettingsWritableSchema,
    schemas.SSO_SETTINGS_WRITABLE_FIELDS,
    schemas.SSO_SETTINGS_READ_ONLY_FIELDS,
    ["createdAt", "updatedAt"],
  ],
  [
    "XaaSettings",
    schemas.xaaSettingsSchema,
    schemas.xaaSettingsWritableSchema,
    schemas.XAA_SETTINGS_WRITABLE_FIELDS,
    schemas.XAA_SETTINGS_READ_ONLY_FIELDS,
    ["createdAt", "updatedAt"],
  ],
  [
    "SessionSettings",
    schemas.sessionSettingsSchema,
    schemas.sessionSettingsWritableSchema,
    schemas.SESSION_SETTINGS_WRITABLE_FIELDS,
    schemas.SESSION_SETTINGS_READ_ONLY_FIELDS,
    ["clientIdMetadataDocumentPolicy"],
  ],
];

describe.each(kinds)(
  "%s field lists",
  (_, response, writable, writableFields, readOnlyFields, expectedReadOnly) => {
    it("list as writable exactly the fields of the writable schema", () => {
      expect([...writableFields].sort()).toEqual(Object.keys(writable.shape).sort());
    });

    it("list as read-only the returned fields a client may not set", () => {
      expect(readOnlyFields).toEqual(expectedReadOnly);
    });

    it("together cover every field of the response schema, without overlap", () => {
      expect([...writableFields, ...readOnlyFields].sort()).toEqual(Object.keys(response.out.shape).sort());
      expect(writableFields.filter((field) => readOnlyFields.includes(field))).toEqual([]);
    });
  },
);

describe("settings writable fields", () => {
  it.each([
    [
      "SSO",
      schemas.SSO_SETTINGS_WRITABLE_FIELDS,
      [
        "enabled",
        "default_subject_type",
        "default_assertion_lifetime",
        "default_id_token_signed_response_alg",
      ],
    ],
    [
      "cross-app-access",
      schemas.XAA_SETTINGS_WRITABLE_FIELDS,
      [
        "enabled",
        "default_grant_lifetime",
        "allow_refresh_token_subjects",
        "default_signing_algorithm",
        "enabled_signing_algorithms",
        "xaa_id_token_lifetime",
      ],
    ],
  ])("are the %s editable paths of spec 2.11 in camelCase", (_, fields, editablePaths) => {
    expect([...fields].sort()).toEqual(editablePaths.map(camel).sort());
  });

  it("are for the session: length, external clients, approval policy and the six source restrictions", () => {
    expect(schemas.SESSION_SETTINGS_WRITABLE_FIELDS).toEqual([
      "maxSessionLength",
      "externalClientsEnabled",
      "clientIdApprovalRequestPolicyId",
      "connectorSource",
      "externalClientSource",
      "pccAdminSource",
      "pccUserSource",
      "ssoAdminSource",
      "ssoUserSource",
    ]);
  });
});
