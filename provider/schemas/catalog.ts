import { z } from "zod";
import { annotationsSchema, responseAnnotations } from "./annotations";
import { appEntitlementSchema } from "./entitlement";
import {
  REQUEST_CATALOG_ENROLLMENT_BEHAVIORS,
  REQUEST_CATALOG_UNENROLLMENT_BEHAVIORS,
  REQUEST_CATALOG_UNENROLLMENT_ENTITLEMENT_BEHAVIORS,
} from "./enums";
import { fieldLists } from "./fields";
import {
  int64String,
  openEnum,
  requestObject,
  responseTimestamp,
  requestEnum,
  responseObject,
} from "./primitives";

/** The catalog fields the service answers (spec 2.4). */
export const catalogResponseShape = {
  id: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  accessEntitlements: z.array(appEntitlementSchema).optional(),
  /** Every annotation of the catalog, the stamped ownership keys included. */
  annotations: responseAnnotations.optional(),
  published: z.boolean().optional(),
  requestBundle: z.boolean().optional(),
  visibleToEveryone: z.boolean().optional(),
  enrollmentBehavior: openEnum(REQUEST_CATALOG_ENROLLMENT_BEHAVIORS).optional(),
  unenrollmentBehavior: openEnum(REQUEST_CATALOG_UNENROLLMENT_BEHAVIORS).optional(),
  unenrollmentEntitlementBehavior: openEnum(REQUEST_CATALOG_UNENROLLMENT_ENTITLEMENT_BEHAVIORS).optional(),
  createdByUserId: z.string().optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
};

/** A request catalog as the service returns it (spec 2.4). Unknown fields are kept. */
export const requestCatalogSchema = responseObject(catalogResponseShape);
export type RequestCatalog = z.infer<typeof requestCatalogSchema>;

/** What a catalog view answers beside the catalog: the paths of its related objects and its member count. */
export const catalogViewExtrasShape = {
  accessEntitlementsPath: z.string().optional(),
  createdByUserPath: z.string().optional(),
  /** How many members the catalog has: an int64 as a string of digits. */
  memberCount: int64String.optional(),
};

/** A request catalog with the paths of its related objects (spec 2.4). */
export const requestCatalogViewSchema = responseObject({
  ...catalogViewExtrasShape,
  requestCatalog: requestCatalogSchema.nullish(),
});
export type RequestCatalogView = z.infer<typeof requestCatalogViewSchema>;

/**
 * The settable catalog fields, shared by create (flat) and update (`catalog`); each comment is the TSDoc of the field
 * in `RequestCatalogArgs`.
 */
export const catalogSettableShape = {
  /** Required, unless `adoptId` names an existing catalog. */
  displayName: z.string().optional(),
  description: z.string().optional(),
  published: z.boolean().optional(),
  /** Whether all entitlements can be requested at once; the tenant needs the bundles feature. */
  requestBundle: z.boolean().optional(),
  visibleToEveryone: z.boolean().optional(),
  /** e.g. `REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_ENFORCE_ENTITLEMENT_REQUEST_POLICY` */
  enrollmentBehavior: requestEnum(REQUEST_CATALOG_ENROLLMENT_BEHAVIORS).optional(),
  /** e.g. `REQUEST_CATALOG_UNENROLLMENT_BEHAVIOR_LEAVE_ACCESS_AS_IS` */
  unenrollmentBehavior: requestEnum(REQUEST_CATALOG_UNENROLLMENT_BEHAVIORS).optional(),
  unenrollmentEntitlementBehavior: requestEnum(REQUEST_CATALOG_UNENROLLMENT_ENTITLEMENT_BEHAVIORS).optional(),
};

/** The catalog fields a program writes: the settable ones and its own annotations. */
export const catalogWritableShape = {
  ...catalogSettableShape,
  /** Your own annotations; the ownership keys are stamped. */
  annotations: annotationsSchema({ allowEmptyValues: true }).optional(),
};

/** The entitlements a program bundles in a catalog, changed through visibility bindings rather than the update. */
export const catalogBindingsShape = {
  /** The entitlements the catalog bundles: a set (order does not matter), changed through visibility bindings. */
  accessEntitlements: z.array(z.strictObject({ appId: z.string().min(1), id: z.string().min(1) })).optional(),
};

/**
 * The catalog fields a client may set in an update (`{catalog, expandMask, updateMask}`). Exact.
 * `accessEntitlements` is read-only here: it changes only through the visibility-binding calls.
 */
export const requestCatalogWritableSchema = requestObject(catalogWritableShape);
export type RequestCatalogWritable = z.infer<typeof requestCatalogWritableSchema>;

const catalogFields = fieldLists(catalogResponseShape, catalogWritableShape);
/** Request-catalog fields a client may set. */
export const REQUEST_CATALOG_WRITABLE_FIELDS = catalogFields.writable;
/** Request-catalog fields returned on read but not settable. */
export const REQUEST_CATALOG_READ_ONLY_FIELDS = catalogFields.readOnly;
