import { z } from "zod";
import { cidrMessage, isCidr } from "./cidr";
import { hostBitsMessage, rangeWithoutHostBits } from "./cidrHostBits";
import { durationString } from "./duration";
import {
  CLIENT_ID_METADATA_DOCUMENT_POLICIES,
  OIDC_SIGNING_ALGORITHMS,
  SSO_SUBJECT_TYPES,
  XAA_SIGNING_ALGORITHMS,
} from "./enums";
import { fieldLists } from "./fields";
import {
  openEnum,
  requestObject,
  responseTimestamp,
  stringList,
  requestEnum,
  responseObject,
} from "./primitives";

const ssoResponseShape = {
  enabled: z.boolean().optional(),
  defaultAssertionLifetime: z.string().optional(),
  defaultSubjectType: openEnum(SSO_SUBJECT_TYPES).optional(),
  defaultIdTokenSignedResponseAlg: openEnum(OIDC_SIGNING_ALGORITHMS).optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
};

/** The tenant's single-sign-on provider settings as returned (spec 2.11). */
export const ssoSettingsSchema = responseObject(ssoResponseShape);
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

const ssoWritableShape = {
  enabled: z.boolean().optional(),
  defaultSubjectType: requestEnum(SSO_SUBJECT_TYPES).optional(),
  defaultAssertionLifetime: durationString.optional(),
  defaultIdTokenSignedResponseAlg: requestEnum(OIDC_SIGNING_ALGORITHMS).optional(),
};

/** The SSO editable paths of spec 2.11, in camelCase. Exact; durations in protobuf form (`"3600s"`). */
export const ssoSettingsWritableSchema = requestObject(ssoWritableShape);
export type SsoSettingsWritable = z.infer<typeof ssoSettingsWritableSchema>;

const ssoFields = fieldLists(ssoResponseShape, ssoWritableShape);
/** SSO settings fields a client may set. */
export const SSO_SETTINGS_WRITABLE_FIELDS = ssoFields.writable;
/** SSO settings fields returned on read but not settable. */
export const SSO_SETTINGS_READ_ONLY_FIELDS = ssoFields.readOnly;

const xaaResponseShape = {
  enabled: z.boolean().optional(),
  allowRefreshTokenSubjects: z.boolean().optional(),
  defaultGrantLifetime: z.string().optional(),
  xaaIdTokenLifetime: z.string().optional(),
  defaultSigningAlgorithm: openEnum(XAA_SIGNING_ALGORITHMS).optional(),
  enabledSigningAlgorithms: z.array(openEnum(XAA_SIGNING_ALGORITHMS)).optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
};

/** The tenant's cross-app-access issuer settings as returned (spec 2.11). */
export const xaaSettingsSchema = responseObject(xaaResponseShape);
export type XaaSettings = z.infer<typeof xaaSettingsSchema>;

const xaaWritableShape = {
  enabled: z.boolean().optional(),
  defaultGrantLifetime: durationString.optional(),
  allowRefreshTokenSubjects: z.boolean().optional(),
  defaultSigningAlgorithm: requestEnum(XAA_SIGNING_ALGORITHMS).optional(),
  enabledSigningAlgorithms: z.array(requestEnum(XAA_SIGNING_ALGORITHMS)).optional(),
  xaaIdTokenLifetime: durationString.optional(),
};

/** The cross-app-access editable paths of spec 2.11, in camelCase. Exact. */
export const xaaSettingsWritableSchema = requestObject(xaaWritableShape);
export type XaaSettingsWritable = z.infer<typeof xaaSettingsWritableSchema>;

const xaaFields = fieldLists(xaaResponseShape, xaaWritableShape);
/** Cross-app-access settings fields a client may set. */
export const XAA_SETTINGS_WRITABLE_FIELDS = xaaFields.writable;
/** Cross-app-access settings fields returned on read but not settable. */
export const XAA_SETTINGS_READ_ONLY_FIELDS = xaaFields.readOnly;

/** The six per-role address restrictions of the session settings (spec 2.11). */
export const SOURCE_RESTRICTION_FIELDS = [
  "connectorSource",
  "externalClientSource",
  "pccAdminSource",
  "pccUserSource",
  "ssoAdminSource",
  "ssoUserSource",
] as const;

/** A CIDR range without host bits, the message naming the value when it is not one. */
export const cidrString = z.string().superRefine((text, ctx) => {
  if (!isCidr(text)) return ctx.addIssue({ code: "custom", message: cidrMessage(text) });
  const range = rangeWithoutHostBits(text);
  if (range !== undefined) ctx.addIssue({ code: "custom", message: hostBitsMessage(text, range) });
});

/** An address restriction as returned: ranges are not re-validated. */
export const sourceRestrictionSchema = responseObject({
  enabled: z.boolean().optional(),
  sourceCidr: stringList.optional(),
});
export type SourceRestriction = z.infer<typeof sourceRestrictionSchema>;

/** An address restriction as sent: exact, every `sourceCidr` item a CIDR range. */
export const sourceRestrictionWritableSchema = requestObject({
  enabled: z.boolean().optional(),
  sourceCidr: z.array(cidrString).optional(),
});
export type SourceRestrictionWritable = z.infer<typeof sourceRestrictionWritableSchema>;

type SourceField = (typeof SOURCE_RESTRICTION_FIELDS)[number];

function sourceShape<Restriction extends z.ZodType>(
  restriction: Restriction,
): Record<SourceField, Restriction> {
  return Object.fromEntries(SOURCE_RESTRICTION_FIELDS.map((field) => [field, restriction])) as Record<
    SourceField,
    Restriction
  >;
}

const sessionResponseShape = {
  maxSessionLength: z.string().optional(),
  externalClientsEnabled: z.boolean().optional(),
  clientIdApprovalRequestPolicyId: z.string().optional(),
  clientIdMetadataDocumentPolicy: openEnum(CLIENT_ID_METADATA_DOCUMENT_POLICIES).optional(),
  ...sourceShape(sourceRestrictionSchema.nullish()),
};

/** The tenant's session security settings as returned (spec 2.11). */
export const sessionSettingsSchema = responseObject(sessionResponseShape);
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;

const sessionWritableShape = {
  maxSessionLength: durationString.optional(),
  externalClientsEnabled: z.boolean().optional(),
  clientIdApprovalRequestPolicyId: z.string().optional(),
  ...sourceShape(sourceRestrictionWritableSchema.optional()),
};

/** The session settings a client may set: session length, external clients and the six restrictions. */
export const sessionSettingsWritableSchema = requestObject(sessionWritableShape);
export type SessionSettingsWritable = z.infer<typeof sessionSettingsWritableSchema>;

const sessionFields = fieldLists(sessionResponseShape, sessionWritableShape);
/** Session settings fields a client may set. */
export const SESSION_SETTINGS_WRITABLE_FIELDS = sessionFields.writable;
/** Session settings fields returned on read but not settable. */
export const SESSION_SETTINGS_READ_ONLY_FIELDS = sessionFields.readOnly;
