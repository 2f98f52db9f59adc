import type * as pulumi from "@pulumi/pulumi";
import * as plain from "../../provider/lookups/notifications";
import type { UserNotificationSettings } from "../types";
import { type LookupOptions, programOptions } from "./config";
import { lookupOutput } from "./output";

/** The calling user's notification preferences (spec 2.16); unknown fields and enum values are kept. */
export type UserNotificationSettingsInfo = UserNotificationSettings;

/**
 * The notification preferences of the user the credentials act for, merged with the organization's defaults
 * (`GET /api/v1/settings/notifications/user`). Takes no arguments.
 */
export function getUserNotificationSettings(options?: LookupOptions): Promise<UserNotificationSettingsInfo> {
  return plain.getUserNotificationSettings(programOptions(options));
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
