import { z } from "zod";
import { USER_ORIGINS, USER_STATUSES, USER_TYPES } from "./enums";
import { openEnum, opaqueObject, responseTimestamp, stringList, responseObject } from "./primitives";

/** One source of a user attribute (spec 2.7). */
export const userAttributeSourceSchema = responseObject({
  appId: z.string().optional(),
  appUserId: z.string().optional(),
  appUserProfileAttributeKey: z.string().optional(),
  priority: z.number().optional(),
  userAttributeMappingId: z.string().optional(),
  value: z.string().optional(),
});
export type UserAttributeSource = z.infer<typeof userAttributeSourceSchema>;

const sourceList = z.array(userAttributeSourceSchema).optional();

/** A user record, e.g. an app owner (spec 2.7). Response shape. */
export const userSchema = responseObject({
  id: z.string().optional(),
  displayName: z.string().optional(),
  username: z.string().optional(),
  email: z.string().optional(),
  department: z.string().optional(),
  employmentStatus: z.string().optional(),
  employmentType: z.string().optional(),
  jobTitle: z.string().optional(),
  delegatedUserId: z.string().optional(),
  emails: stringList.optional(),
  usernames: stringList.optional(),
  employeeIds: stringList.optional(),
  directoryIds: stringList.optional(),
  managerIds: stringList.optional(),
  roleIds: stringList.optional(),
  profile: opaqueObject.nullish(),
  origin: openEnum(USER_ORIGINS).optional(),
  status: openEnum(USER_STATUSES).optional(),
  directoryStatus: openEnum(USER_STATUSES).optional(),
  type: openEnum(USER_TYPES).optional(),
  createdAt: responseTimestamp,
  updatedAt: responseTimestamp,
  deletedAt: responseTimestamp,
  departmentSources: sourceList,
  directoryStatusSources: sourceList,
  emailSources: sourceList,
  employeeIdSources: sourceList,
  employmentStatusSources: sourceList,
  employmentTypeSources: sourceList,
  jobTitleSources: sourceList,
  managerSources: sourceList,
  usernameSources: sourceList,
});
export type User = z.infer<typeof userSchema>;
