import { messageModelOf } from "../model/messageModel";

/** Automation, from `wire-schemas.json`; the fields the service sets are read-only (reference 5.2). */
export const AUTOMATION_MODEL = messageModelOf("Automation", {
  createdAt: "",
  lastExecutedAt: "",
  currentVersion: "it goes up by one when the automation is published",
  primaryTriggerType: "it follows the first trigger",
  circuitBreaker: "POST /api/v1/automations/{id}/circuit_breaker/clear clears it",
});

/** Length of each circuit-breaker period in seconds; UNSPECIFIED and unknown periods count as an hour. */
export const CIRCUIT_BREAKER_PERIOD_SECONDS: Readonly<Record<string, number>> = {
  CIRCUIT_BREAKER_PERIOD_HOUR: 3_600,
  CIRCUIT_BREAKER_PERIOD_DAY: 86_400,
  CIRCUIT_BREAKER_PERIOD_WEEK: 604_800,
  CIRCUIT_BREAKER_PERIOD_MONTH: 2_592_000,
};

/** The `TRIGGER_TYPE_` member each member of the trigger oneof `kind` gives (wire-schemas.json). */
const TRIGGER_TYPES: Readonly<Record<string, string>> = {
  userProfileChange: "TRIGGER_TYPE_USER_PROFILE_CHANGE",
  appUserCreated: "TRIGGER_TYPE_APP_USER_CREATE",
  appUserUpdated: "TRIGGER_TYPE_APP_USER_UPDATE",
  usageBasedRevocation: "TRIGGER_TYPE_UNUSED_ACCESS",
  userCreated: "TRIGGER_TYPE_USER_CREATED",
  grantFound: "TRIGGER_TYPE_GRANT_FOUND",
  grantDeleted: "TRIGGER_TYPE_GRANT_DELETED",
  webhook: "TRIGGER_TYPE_WEBHOOK",
  schedule: "TRIGGER_TYPE_SCHEDULE",
  scheduleAppUser: "TRIGGER_TYPE_SCHEDULE_APP_USER",
  accessConflict: "TRIGGER_TYPE_ACCESS_CONFLICT",
  scheduleNoUser: "TRIGGER_TYPE_SCHEDULE_NO_USER",
};

/** The trigger type of a trigger object: the type of its first member that is set. */
export function triggerTypeOf(trigger: unknown): string | undefined {
  if (typeof trigger !== "object" || trigger === null) return undefined;
  const member = Object.keys(trigger).find((name) => TRIGGER_TYPES[name] !== undefined);
  return member === undefined ? undefined : TRIGGER_TYPES[member];
}
