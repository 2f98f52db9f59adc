import {
  annotations,
  bool,
  enumeration,
  list,
  readOnly,
  string,
  timestamp,
  type MessageModel,
} from "./model";

/** RequestCatalog (spec 2.4) without the view around it. */
export const CATALOG_MODEL: MessageModel = {
  id: readOnly(string()),
  displayName: string(),
  description: string(),
  accessEntitlements: readOnly(list(), "it changes only through the visibility_bindings calls"),
  annotations: annotations(),
  published: bool(),
  requestBundle: bool(),
  visibleToEveryone: bool(),
  enrollmentBehavior: enumeration("REQUEST_CATALOG_ENROLLMENT_BEHAVIOR_UNSPECIFIED"),
  unenrollmentBehavior: enumeration("REQUEST_CATALOG_UNENROLLMENT_BEHAVIOR_UNSPECIFIED"),
  unenrollmentEntitlementBehavior: enumeration(
    "REQUEST_CATALOG_UNENROLLMENT_ENTITLEMENT_BEHAVIOR_UNSPECIFIED",
  ),
  createdByUserId: readOnly(string()),
  createdAt: readOnly(timestamp()),
  updatedAt: readOnly(timestamp()),
  deletedAt: readOnly(timestamp()),
};
