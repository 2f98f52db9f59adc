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

/** The trigger type of a trigger object: its first object-valued member, as `TRIGGER_TYPE_<NAME>`. */
export function triggerTypeOf(trigger: unknown): string | undefined {
  if (typeof trigger !== "object" || trigger === null) return undefined;
  for (const [name, value] of Object.entries(trigger)) {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return `TRIGGER_TYPE_${name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()}`;
    }
  }
  return undefined;
}
