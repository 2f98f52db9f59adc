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

const catalogResponseShape = {
  id: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  accessEntitlements: z.array(appEntitlementSchema).optional(),
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

/** A request catalog with the paths of its related objects (spec 2.4). */
export const requestCatalogViewSchema = responseObject({
  accessEntitlementsPath: z.string().optional(),
  createdByUserPath: z.string().optional(),
  memberCount: int64String.optional(),
  requestCatalog: requestCatalogSchema.nullish(),
});
export type RequestCatalogView = z.infer<typeof requestCatalogViewSchema>;

/** The settable catalog fields, shared by create (flat) and update (`catalog`). */
export const catalogSettableShape = {
  displayName: z.string().optional(),
  description: z.string().optional(),
  published: z.boolean().optional(),
  requestBundle: z.boolean().optional(),
  visibleToEveryone: z.boolean().optional(),
  enrollmentBehavior: requestEnum(REQUEST_CATALOG_ENROLLMENT_BEHAVIORS).optional(),
  unenrollmentBehavior: requestEnum(REQUEST_CATALOG_UNENROLLMENT_BEHAVIORS).optional(),
  unenrollmentEntitlementBehavior: requestEnum(REQUEST_CATALOG_UNENROLLMENT_ENTITLEMENT_BEHAVIORS).optional(),
};

const catalogWritableShape = {
  ...catalogSettableShape,
  annotations: annotationsSchema({ allowEmptyValues: true }).optional(),
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
