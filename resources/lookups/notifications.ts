import type * as pulumi from "@pulumi/pulumi";
import { userNotificationSettingsSchema } from "../../provider/schemas";
import type { UserNotificationSettings } from "../types";
import type { LookupOptions } from "./config";
import { fetchMember } from "./fetch";
import { lookupOutput } from "./output";

/** The calling user's notification preferences (spec 2.16); unknown fields and enum values are kept. */
export type UserNotificationSettingsInfo = UserNotificationSettings;

const LOOKUP = "getUserNotificationSettings";

/**
 * The notification preferences of the user the credentials act for, merged with the organization's defaults
 * (`GET /api/v1/settings/notifications/user`). Takes no arguments.
 */
export async function getUserNotificationSettings(
  options?: LookupOptions,
): Promise<UserNotificationSettingsInfo> {
  return fetchMember(LOOKUP, options, {
    path: "/api/v1/settings/notifications/user",
    member: "userNotificationSettings",
    schema: userNotificationSettingsSchema,
  });
}

/** {@link getUserNotificationSettings} answering an Output. */
export function getUserNotificationSettingsOutput(
  options?: LookupOptions,
): pulumi.Output<UserNotificationSettingsInfo> {
  return lookupOutput(
    (_args: object, lookupOptions) => getUserNotificationSettings(lookupOptions),
    {},
    options,
  );
}
