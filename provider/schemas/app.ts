import { z } from "zod";
import { annotationsSchema, responseAnnotations } from "./annotations";
import { APP_ACCESS_MODELS, APP_USER_IDENTITY_MATCHINGS } from "./enums";
import { fieldLists } from "./fields";
import {
  int32,
  int64String,
  openEnum,
  requestEnum,
  requestObject,
  responseObject,
  responseTimestamp,
  stringList,
  uint32,
} from "./primitives";
import { userSchema } from "./user";

const matchConnectorRefResponse = responseObject({
  appId: z.string().optional(),
  connectorId: z.string().optional(),
  externalId: z.string().optional(),
});

/** The app fields the service answers (spec 2.6). */
export const appResponseShape = {
  id: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  instructions: z.string().optional(),
  iconUrl: z.string().optional(),
  logoUri: z.string().optional(),
  appAccountId: z.string().optional(),
  appAccountName: z.string().optional(),
  parentAppId: z.string().optional(),
  fieldMask: z.string().optional(),
  accessModel: openEnum(APP_ACCESS_MODELS).optional(),
  identityMatching: openEnum(APP_USER_IDENTITY_MATCHINGS).optional(),
  /** Every annotation of the app, the stamped ownership keys included. */
  annotations: responseAnnotations.optional(),
  appOwners: z.array(userSchema).optional(),
  appUserMapper: responseObject({
    appId: z.string().optional(),
    mappingCases: z
      .array(
        responseObject({
          appId: z.string().optional(),
          caseIndex: z.number().optional(),
          appUserKeyCel: z.string().optional(),
          userKeyCel: z.string().optional(),
        }),
      )
      .optional(),
  }).nullish(),
  certifyPolicyId: z.string().optional(),
  grantPolicyId: z.string().optional(),
  revokePolicyId: z.string().optional(),
  defaultRequestCatalogId: z.string().optional(),
  connectorVersion: z.number().optional(),
  enableConnectorSourcedOwnership: z.boolean().optional(),
  isManuallyManaged: z.boolean().optional(),
  revokeGrantSources: z.boolean().optional(),
  strictAccessEntitlementProvisioning: z.boolean().optional(),
  isDirectory: z.boolean().optional(),
  matchConnectorRef: matchConnectorRefResponse.nullish(),
  monthlyCostUsd: z.number().optional(),
  /** How many users the app has: an int64 as a string of digits. */
  userCount: int64String.optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
};

/** An app as the service returns it (spec 2.6). Unknown fields are kept. */
export const appSchema = responseObject(appResponseShape);
export type App = z.infer<typeof appSchema>;

function requiredId(name: string) {
  const message = `${name} is required when matchConnectorRef is set`;
  return z.string({ error: message }).min(1, { error: message });
}

/** The connector object an app matches (reference 5.2): all three ids are required when it is sent. */
export const matchConnectorRefSchema = requestObject({
  appId: requiredId("appId"),
  connectorId: requiredId("connectorId"),
  externalId: requiredId("externalId"),
});

/** A reference to an app entitlement, `{appId, id}`. */
export const appEntitlementRefSchema = requestObject({
  appId: z.string().min(1, { error: "appId is required" }),
  id: z.string().min(1, { error: "id is required" }),
});

/**
 * What only an app create takes (reference 4, `CreateAppRequest`): the app's first owners (user ids) and the owners
 * of its entitlements. They are not fields of the app: later changes are not sent.
 */
export const appCreateOnlyShape = {
  /** The app's first owners (user ids), sent by the create only: later changes are not sent. */
  owners: stringList.optional(),
  /** The owners of the app's entitlements, `{appId, id}`, sent by the create only: later changes are not sent. */
  appEntitlementOwnerRefs: z.array(appEntitlementRefSchema).optional(),
};

/** The fields an app create takes in its flat body (reference 4: no `iconUrl`, which a masked update sets after). */
export const APP_CREATE_FIELDS = [
  "displayName",
  "description",
  "instructions",
  "grantPolicyId",
  "revokePolicyId",
  "certifyPolicyId",
  "monthlyCostUsd",
  "strictAccessEntitlementProvisioning",
  "identityMatching",
  "matchConnectorRef",
  "annotations",
  "owners",
  "appEntitlementOwnerRefs",
] as const satisfies readonly (keyof typeof appWritableShape | keyof typeof appCreateOnlyShape)[];

/** The app fields a program writes (spec 2.6); each comment is the TSDoc of the field in `AppArgs`. */
export const appWritableShape = {
  /** Required, unless `adoptId` names an existing app. */
  displayName: z.string().optional(),
  description: z.string().optional(),
  instructions: z.string().optional(),
  iconUrl: z.string().optional(),
  /** Your own annotations; `managed_by`, `iac_workspace`, `iac_resource_address` and `iac_tool_version` are stamped. */
  annotations: annotationsSchema({ allowEmptyValues: true }).optional(),
  appUserMapper: requestObject({
    mappingCases: z
      .array(requestObject({ appUserKeyCel: z.string().optional(), userKeyCel: z.string().optional() }))
      .optional(),
  }).optional(),
  certifyPolicyId: z.string().optional(),
  grantPolicyId: z.string().optional(),
  revokePolicyId: z.string().optional(),
  defaultRequestCatalogId: z.string().optional(),
  connectorVersion: uint32.optional(),
  enableConnectorSourcedOwnership: z.boolean().optional(),
  isManuallyManaged: z.boolean().optional(),
  revokeGrantSources: z.boolean().optional(),
  strictAccessEntitlementProvisioning: z.boolean().optional(),
  /** The connector object the app matches: all three ids are required when it is set. */
  matchConnectorRef: matchConnectorRefSchema.optional(),
  /** Monthly cost in whole US dollars (int32). */
  monthlyCostUsd: int32.optional(),
  /** `APP_ACCESS_MODEL_CLASSIC`, `_HYBRID` or `_SPARSE`. */
  accessModel: requestEnum(APP_ACCESS_MODELS).optional(),
  /** How app users are matched to users: `APP_USER_IDENTITY_MATCHING_STRICT`, `_DISPLAY_NAME` or `_CUSTOM`. */
  identityMatching: requestEnum(APP_USER_IDENTITY_MATCHINGS).optional(),
};

/**
 * The app fields a client may set, as sent in an update (`{app, updateMask}`). Exact: a read-only
 * or unknown field is an error naming it. Annotation values may be `""` (removes the key on update).
 */
export const appWritableSchema = requestObject(appWritableShape);
export type AppWritable = z.infer<typeof appWritableSchema>;

const appFields = fieldLists(appResponseShape, appWritableShape);
/** App fields a client may set. */
export const APP_WRITABLE_FIELDS = appFields.writable;
/** App fields returned on read but not settable (spec 2.6, marked R; and `id`). */
export const APP_READ_ONLY_FIELDS = appFields.readOnly;
