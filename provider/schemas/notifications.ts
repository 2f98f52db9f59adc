import { z } from "zod";
import { DIGEST_FREQUENCIES, WEEKDAYS } from "./enums";
import { openEnum, responseObject } from "./primitives";

/** The notification categories every channel carries (spec 2.16), besides `digest`. */
export const NOTIFICATION_CATEGORIES = [
  "accessProvisioned",
  "approvalNeeded",
  "commentOnRequest",
  "completion",
  "connectorIssues",
  "expiringAccess",
  "provisioningRequest",
  "requestCreated",
  "reviews",
  "system",
  "taskReminders",
] as const;

/** One category of one channel. */
export const notificationCategorySchema = responseObject({
  enabled: z.boolean().optional(),
  locked: z.boolean().optional(),
});

type Category = (typeof NOTIFICATION_CATEGORIES)[number];
const categoryShape = Object.fromEntries(
  NOTIFICATION_CATEGORIES.map((category) => [category, notificationCategorySchema.nullish()]),
) as Record<Category, ReturnType<typeof notificationCategorySchema.nullish>>;

const channelShape = {
  enabled: z.boolean().optional(),
  ...categoryShape,
  digest: responseObject({
    enabled: z.boolean().optional(),
    locked: z.boolean().optional(),
    frequency: openEnum(DIGEST_FREQUENCIES).optional(),
    dayOfWeek: openEnum(WEEKDAYS).optional(),
  }).nullish(),
};

/** The email channel (no `isConfigured`). */
export const emailChannelSchema = responseObject(channelShape);
/** A chat channel: the email channel's shape plus `isConfigured`. */
export const chatChannelSchema = responseObject({ ...channelShape, isConfigured: z.boolean().optional() });

/** The calling user's notification preferences, merged with organization defaults (spec 2.16). */
export const userNotificationSettingsSchema = responseObject({
  channelSettings: responseObject({
    email: emailChannelSchema.nullish(),
    chatChannelA: chatChannelSchema.nullish(),
    chatChannelB: chatChannelSchema.nullish(),
  }).nullish(),
});
export type UserNotificationSettings = z.infer<typeof userNotificationSettingsSchema>;
