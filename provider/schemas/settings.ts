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

/** The SSO settings the service answers (spec 2.11). */
export const ssoResponseShape = {
  enabled: z.boolean().optional(),
  /** In the service's canonical form, e.g. `"300s"`. */
  defaultAssertionLifetime: z.string().optional(),
  defaultSubjectType: openEnum(SSO_SUBJECT_TYPES).optional(),
  defaultIdTokenSignedResponseAlg: openEnum(OIDC_SIGNING_ALGORITHMS).optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
};

/** The tenant's single-sign-on provider settings as returned (spec 2.11). */
export const ssoSettingsSchema = responseObject(ssoResponseShape);
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** The SSO editable paths (spec 2.11); each comment is the TSDoc of the field in `SsoSettingsArgs`. */
export const ssoWritableShape = {
  /** Whether the tenant acts as a single-sign-on provider. */
  enabled: z.boolean().optional(),
  /** `SSO_SUBJECT_TYPE_PAIRWISE`, `_PUBLIC` or `_COMPATIBILITY`. */
  defaultSubjectType: requestEnum(SSO_SUBJECT_TYPES).optional(),
  /** Any common form: `"5m"`, `"300s"`, `"1h30m"`; compared canonically. */
  defaultAssertionLifetime: durationString.optional(),
  /** e.g. `OIDC_SIGNING_ALGORITHM_RS256` */
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

/** The cross-app-access settings the service answers (spec 2.11). */
export const xaaResponseShape = {
  enabled: z.boolean().optional(),
  allowRefreshTokenSubjects: z.boolean().optional(),
  /** In the service's canonical form, e.g. `"3600s"`. */
  defaultGrantLifetime: z.string().optional(),
  /** In the service's canonical form, e.g. `"300s"`. */
  xaaIdTokenLifetime: z.string().optional(),
  defaultSigningAlgorithm: openEnum(XAA_SIGNING_ALGORITHMS).optional(),
  enabledSigningAlgorithms: z.array(openEnum(XAA_SIGNING_ALGORITHMS)).optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
};

/** The tenant's cross-app-access issuer settings as returned (spec 2.11). */
export const xaaSettingsSchema = responseObject(xaaResponseShape);
export type XaaSettings = z.infer<typeof xaaSettingsSchema>;

/** The cross-app-access editable paths (spec 2.11); each comment is the TSDoc of the field in `XaaSettingsArgs`. */
export const xaaWritableShape = {
  /** Whether the tenant issues cross-app-access grants. */
  enabled: z.boolean().optional(),
  /** Any common form: `"1h"`, `"3600s"`; compared canonically. */
  defaultGrantLifetime: durationString.optional(),
  allowRefreshTokenSubjects: z.boolean().optional(),
  /** e.g. `XAA_SIGNING_ALGORITHM_ES256` */
  defaultSigningAlgorithm: requestEnum(XAA_SIGNING_ALGORITHMS).optional(),
  /** A set: order and duplicates do not matter. */
  enabledSigningAlgorithms: z.array(requestEnum(XAA_SIGNING_ALGORITHMS)).optional(),
  /** Any common form: `"5m"`, `"300s"`; compared canonically. */
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

/** An address restriction a program writes; each comment is the TSDoc of the field in `SourceRestrictionArgs`. */
export const sourceRestrictionWritableShape = {
  enabled: z.boolean().optional(),
  /** CIDR ranges such as `10.0.0.0/8` or `2001:db8::/32`: a set, so order and duplicates do not matter. */
  sourceCidr: z.array(cidrString).optional(),
};

/** An address restriction as sent: exact, every `sourceCidr` item a CIDR range. */
export const sourceRestrictionWritableSchema = requestObject(sourceRestrictionWritableShape);
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

/** The session settings the service answers (spec 2.11). */
export const sessionResponseShape = {
  /** In the service's canonical form, e.g. `"43200s"`. */
  maxSessionLength: z.string().optional(),
  externalClientsEnabled: z.boolean().optional(),
  clientIdApprovalRequestPolicyId: z.string().optional(),
  /** Returned on read; not settable. */
  clientIdMetadataDocumentPolicy: openEnum(CLIENT_ID_METADATA_DOCUMENT_POLICIES).optional(),
  ...sourceShape(sourceRestrictionSchema.nullish()),
};

/** The tenant's session security settings as returned (spec 2.11). */
export const sessionSettingsSchema = responseObject(sessionResponseShape);
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;

/** The session settings a program writes (spec 2.11); each comment is the TSDoc of the field in `SessionSettingsArgs`. */
export const sessionWritableShape = {
  /** Any common form: `"12h"`, `"720m"`, `"43200s"`; compared canonically. */
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
