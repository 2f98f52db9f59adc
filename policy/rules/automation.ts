import { KIND_FACTS } from "../../provider/kinds/public";
import { cannotJudge, readField, type Rule } from "../rule";

/** The period members that name a period (all but the zero member). */
const PERIODS = (KIND_FACTS.Automation.enums.circuitBreakerPeriod ?? []).filter(
  (member) => !member.endsWith("_UNSPECIFIED"),
);

/** `idgov-automation-circuit-breaker`: an enabled automation has a circuit breaker. */
export const automationCircuitBreaker: Rule = {
  name: "idgov-automation-circuit-breaker",
  description:
    "An enabled Automation sets `circuitBreakerMax` above 0 and a `circuitBreakerPeriod`, so that a runaway " +
    "automation disables itself.",
  reason:
    "The circuit breaker disables an automation that executes more than `circuitBreakerMax` times within the " +
    "trailing `circuitBreakerPeriod`; 0, the default, means the breaker is off (spec 2.2), and a looping automation " +
    "then keeps granting, revoking or messaging without limit.",
  kinds: ["Automation"],
  fields: { Automation: ["enabled", "circuitBreakerMax", "circuitBreakerPeriod"] },
  parameters: {},
  judge({ props }) {
    const enabled = readField(props, "enabled");
    if (!enabled.known) return [cannotJudge("enabled", this.name)];
    if (enabled.value !== true) return [];
    const max = readField(props, "circuitBreakerMax");
    const period = readField(props, "circuitBreakerPeriod");
    const findings = [];
    if (!max.known) findings.push(cannotJudge("circuitBreakerMax", this.name));
    else if (!(Number(max.value ?? 0) > 0)) {
      findings.push({
        property: "circuitBreakerMax",
        problem: `is ${JSON.stringify(max.value ?? 0)}, so the circuit breaker is off (${this.name})`,
        comply: "set circuitBreakerMax to the most executions the automation may run within its period",
      });
    }
    if (!period.known) findings.push(cannotJudge("circuitBreakerPeriod", this.name));
    else if (!PERIODS.includes(String(period.value))) {
      findings.push({
        property: "circuitBreakerPeriod",
        problem: `is ${JSON.stringify(period.value ?? null)}, not a period (${this.name})`,
        comply: `set circuitBreakerPeriod to one of ${PERIODS.join(", ")}`,
      });
    }
    return findings;
  },
};
