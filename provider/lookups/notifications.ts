import { userNotificationSettingsSchema } from "../schemas";
import type { LookupOptions } from "./options";
import { fetchMember } from "./fetch";

const LOOKUP = "getUserNotificationSettings";

/**
 * The notification preferences of the user the credentials act for, merged with the organization's defaults
 * (`GET /api/v1/settings/notifications/user`). Takes no arguments.
 */
export async function getUserNotificationSettings(options?: LookupOptions) {
  return fetchMember(LOOKUP, options, {
    path: "/api/v1/settings/notifications/user",
    member: "userNotificationSettings",
    schema: userNotificationSettingsSchema,
  });
}
