import { badRequest } from "../errors";
import { CIRCUIT_BREAKER_PERIOD_SECONDS } from "../models/automation";
import type { TenantState } from "../state";
import { formatTimestamp } from "../time";

const LONGEST_PERIOD_MS = 2_592_000_000;

/** Forgets the breaker snapshot and the executions it counted (the automation starts afresh). */
export function clearCircuitBreaker(state: TenantState, id: string): void {
  const automation = state.automations[id];
  if (automation !== undefined) delete automation["circuitBreaker"];
  state.automationExecutions[id] = [];
}

/**
 * Records one execution (spec 3): counts executions in the trailing circuitBreakerPeriod and,
 * when circuitBreakerMax is above 0 and the count exceeds it, disables the automation and fills
 * `circuitBreaker` with observedCount, period, threshold and trippedAt. Answers the execution id.
 */
export function recordExecution(state: TenantState, id: string): string {
  const automation = state.automations[id];
  if (automation === undefined) throw new Error(`automation ${id} vanished`);
  if (automation["isDraft"] === true) throw badRequest(`automation "${id}" is a draft: publish it first`);
  if (automation["enabled"] !== true) throw badRequest(`automation "${id}" is disabled`);
  const now = Date.now();
  const period = String(automation["circuitBreakerPeriod"] ?? "");
  const periodMs = (CIRCUIT_BREAKER_PERIOD_SECONDS[period] ?? 3_600) * 1000;
  const executions = (state.automationExecutions[id] ?? []).filter(
    (instant) => now - Date.parse(instant) < LONGEST_PERIOD_MS,
  );
  const nowText = formatTimestamp(new Date(now));
  executions.push(nowText);
  state.automationExecutions[id] = executions;
  automation["lastExecutedAt"] = nowText;
  const observedCount = executions.filter((instant) => now - Date.parse(instant) < periodMs).length;
  const threshold = Number(automation["circuitBreakerMax"] ?? 0);
  if (threshold > 0 && observedCount > threshold) {
    automation["enabled"] = false;
    automation["circuitBreaker"] = { observedCount, period, threshold, trippedAt: nowText };
  }
  state.lastExecutionId += 1;
  return String(state.lastExecutionId);
}
