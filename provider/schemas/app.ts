import { z } from "zod";
import { annotationsSchema, responseAnnotations } from "./annotations";
import { APP_ACCESS_MODELS, APP_USER_IDENTITY_MATCHINGS } from "./enums";
import { fieldLists } from "./fields";
import { int64String, openEnum, requestObject, responseTimestamp, responseObject } from "./primitives";
import { userSchema } from "./user";

const matchConnectorRefResponse = responseObject({
  appId: z.string().optional(),
  connectorId: z.string().optional(),
  externalId: z.string().optional(),
});

const appResponseShape = {
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
  userCount: int64String.optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
};

/** An app as the service returns it (spec 2.6). Unknown fields are kept. */
export const appSchema = responseObject(appResponseShape);
export type App = z.infer<typeof appSchema>;

const appWritableShape = {
  displayName: z.string().optional(),
  description: z.string().optional(),
  instructions: z.string().optional(),
  iconUrl: z.string().optional(),
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
  connectorVersion: z.number().optional(),
  enableConnectorSourcedOwnership: z.boolean().optional(),
  isManuallyManaged: z.boolean().optional(),
  revokeGrantSources: z.boolean().optional(),
  strictAccessEntitlementProvisioning: z.boolean().optional(),
  matchConnectorRef: requestObject({
    appId: z.string().optional(),
    connectorId: z.string().optional(),
    externalId: z.string().optional(),
  }).optional(),
  monthlyCostUsd: z.number().optional(),
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
