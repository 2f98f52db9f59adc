import {
  annotations,
  bool,
  enumeration,
  int64,
  list,
  number,
  opaque,
  readOnly,
  string,
  timestamp,
  type MessageModel,
} from "./model";

/** Automation (spec 2.2). Steps, triggers and context are carried as sent. */
export const AUTOMATION_MODEL: MessageModel = {
  id: readOnly(string()),
  displayName: string(),
  description: string(),
  appId: string(),
  enabled: bool(),
  isDraft: bool(),
  currentVersion: readOnly(int64(), "it goes up by one when the automation is published"),
  annotations: annotations(),
  automationSteps: list(),
  draftAutomationSteps: list(),
  triggers: list(),
  draftTriggers: list(),
  primaryTriggerType: readOnly(enumeration("TRIGGER_TYPE_UNSPECIFIED"), "it follows the first trigger"),
  context: opaque(),
  circuitBreakerMax: number(),
  circuitBreakerPeriod: enumeration("CIRCUIT_BREAKER_PERIOD_UNSPECIFIED"),
  circuitBreaker: readOnly(opaque(), "POST /api/v1/automations/{id}/circuit_breaker/clear clears it"),
  createdAt: readOnly(timestamp()),
  lastExecutedAt: readOnly(timestamp()),
};

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
