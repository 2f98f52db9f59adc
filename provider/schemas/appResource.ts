import { z } from "zod";
import { annotationsSchema, responseAnnotations } from "./annotations";
import { AGENT_STATUSES, NHI_TYPES } from "./enums";
import { fieldLists } from "./fields";
import { oneofRefinement, type OneofGroup } from "./oneof";
import {
  int64String,
  opaqueObject,
  openEnum,
  requestEnum,
  requestObject,
  responseObject,
  responseTimestamp,
  timestamp,
} from "./primitives";

/**
 * The AppResource oneof `metadata` (reference 5.1): `secretTrait` alone. `agentTrait` is a plain field, `null` when
 * unset, and may be set together with `secretTrait`.
 */
export const APP_RESOURCE_METADATA_ONEOF: OneofGroup = {
  name: "metadata",
  members: ["secretTrait"],
};

const secretTraitIds = {
  createdByAppUserId: z.string().optional(),
  credentialDetail: z.string().optional(),
  identityAppUserId: z.string().optional(),
};

/** An agent trait as returned. */
export const agentTraitSchema = responseObject({
  identityAppUserId: z.string().optional(),
  status: openEnum(AGENT_STATUSES).optional(),
});

/** A secret trait as returned. */
export const secretTraitSchema = responseObject({
  ...secretTraitIds,
  lastUsedAt: responseTimestamp,
  secretCreatedAt: responseTimestamp,
  secretExpiresAt: responseTimestamp,
});

/**
 * Where a program places an app resource: both are required of it (its Pulumi id names them). Each comment is the
 * TSDoc of the field in `AppResourceArgs`.
 */
export const appResourcePlacementShape = {
  /** The app the resource belongs to. Changing it replaces the resource. */
  appId: z.string(),
  /** Its resource type (one whose resources are managed manually). Changing it replaces the resource. */
  appResourceTypeId: z.string(),
};

const appResourceIdentityShape = {
  appId: z.string().optional(),
  appResourceTypeId: z.string().optional(),
  parentAppResourceId: z.string().optional(),
  parentAppResourceTypeId: z.string().optional(),
  accessConfigId: z.string().optional(),
  /** Required, unless `adoptId` names an existing resource of this app and type. */
  displayName: z.string().optional(),
  description: z.string().optional(),
  customDescription: z.string().optional(),
  matchConnectorId: z.string().optional(),
};

/** The app-resource fields the service answers (spec 2.8). */
export const appResourceResponseShape = {
  id: z.string().optional(),
  ...appResourceIdentityShape,
  /** How many grants the resource has: an int64 as a string of digits. */
  grantCount: int64String.optional(),
  externalId: z.string().optional(),
  nhiDetail: z.string().optional(),
  nhiType: openEnum(NHI_TYPES).optional(),
  /** Every annotation of the resource, the stamped ownership keys included. */
  annotations: responseAnnotations.optional(),
  /** The resource's profile as the connector sees it (returned on read). */
  profile: opaqueObject.nullish(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
  /** The agent trait, with its `status` (returned on read). */
  agentTrait: agentTraitSchema.nullish(),
  secretTrait: secretTraitSchema.nullish(),
};

/** An app resource as the service returns it (spec 2.8). Unknown fields are kept. */
export const appResourceSchema = responseObject(appResourceResponseShape).superRefine(
  oneofRefinement(APP_RESOURCE_METADATA_ONEOF),
);
export type AppResource = z.infer<typeof appResourceSchema>;

/** An app resource with the paths of its related objects and the caller's permissions (spec 2.8). */
export const appResourceViewSchema = responseObject({
  appPath: z.string().optional(),
  parentResourcePath: z.string().optional(),
  parentResourceTypePath: z.string().optional(),
  resourceTypePath: z.string().optional(),
  appResource: appResourceSchema.nullish(),
  objectPermissions: responseObject({
    delete: z.boolean().optional(),
    edit: z.boolean().optional(),
    read: z.boolean().optional(),
    extra: opaqueObject.nullish(),
  }).nullish(),
});
export type AppResourceView = z.infer<typeof appResourceViewSchema>;

/** The fields an app-resource create takes in its flat body (reference 4); a masked update sets the others after. */
export const APP_RESOURCE_CREATE_FIELDS = [
  "displayName",
  "description",
  "matchConnectorId",
  "resourceOwnerUserIds",
  "annotations",
] as const satisfies readonly (
  keyof typeof appResourceWritableShape | keyof typeof appResourceCreateOnlyShape
)[];

/** What only an app-resource create takes: its owners (user ids). Not a field of the resource: later changes are not sent. */
export const appResourceCreateOnlyShape = {
  /** The resource's owners (user ids), sent by the create only: later changes are not sent. */
  resourceOwnerUserIds: z.array(z.string()).optional(),
};

/** The settable app-resource fields, shared by the update schema and the resource's inputs. */
export const appResourceWritableShape = {
  ...appResourceIdentityShape,
  /** Your own annotations; `managed_by`, `iac_workspace`, `iac_resource_address` and `iac_tool_version` are stamped. */
  annotations: annotationsSchema({ allowEmptyValues: true }).optional(),
  /** The agent trait: a plain field, which may be set beside `secretTrait`. `status`: `AGENT_STATUS_READY`, … */
  agentTrait: requestObject({
    identityAppUserId: z.string().optional(),
    status: requestEnum(AGENT_STATUSES).optional(),
  }).optional(),
  /** The secret trait, the only member of the oneof `metadata`. */
  secretTrait: requestObject({
    ...secretTraitIds,
    lastUsedAt: timestamp.optional(),
    secretCreatedAt: timestamp.optional(),
    secretExpiresAt: timestamp.optional(),
  }).optional(),
};

/**
 * The app-resource fields a client may set in an update (`{appResource, expandMask, updateMask}`).
 * Exact. `grantCount` and the fields the spec marks "returned on read" are read-only.
 */
export const appResourceWritableSchema = requestObject(appResourceWritableShape).superRefine(
  oneofRefinement(APP_RESOURCE_METADATA_ONEOF),
);
export type AppResourceWritable = z.infer<typeof appResourceWritableSchema>;

const appResourceFields = fieldLists(appResourceResponseShape, appResourceWritableShape);
/** App-resource fields a client may set. */
export const APP_RESOURCE_WRITABLE_FIELDS = appResourceFields.writable;
/** App-resource fields returned on read but not settable. */
export const APP_RESOURCE_READ_ONLY_FIELDS = appResourceFields.readOnly;
