/**
 * The golden-path components: compositions of the kinds that the native provider builds through `Construct`, and the
 * TypeScript door as `ComponentResource`s. A component is never a kind of its own: each child is an ordinary resource
 * of this provider, so stamps, ownership, masks, drift, import and the policy pack work on it as on any other.
 */
import { UNKNOWN } from "../engine";
import type { ComponentName } from "../kinds/tokens";
import { complianceFailures, type ComponentFailure } from "./compliance";
import type { ComponentDeclaration, ComponentInput, PlannedChild } from "./declaration";
import { governedApp } from "./governedApp";
import { tenantBaseline } from "./tenantBaseline";
import { referenceFailures } from "./references";

export type { ComponentDeclaration, ComponentInput, ComponentOutput, PlannedChild } from "./declaration";
export { isChildField } from "./declaration";
export { type ComponentFailure, inputOf } from "./compliance";
export { ComponentInputError } from "./inputError";
export { DEFAULT_CIRCUIT_BREAKER, DEFAULT_REVIEW_SCOPE } from "./governedApp";
export { TENANT_STANDARD } from "./tenantBaseline";

/** Every component, by name. */
export const COMPONENTS: Readonly<Record<ComponentName, ComponentDeclaration>> = {
  GovernedApp: governedApp,
  TenantBaseline: tenantBaseline,
};

function isUnset(value: unknown): boolean {
  return value === undefined || value === null;
}

/** What is wrong with a list of strings: another value, an item of another type, or none when it is required. */
function listFailures(key: string, input: ComponentInput, value: unknown): ComponentFailure[] {
  if (!Array.isArray(value)) return [{ property: key, reason: "must be a list of strings" }];
  if (value.length === 0 && input.required) {
    return [{ property: key, reason: `must list at least one: ${input.description}` }];
  }
  return value.flatMap((item: unknown, index) =>
    typeof item === "string" || item === UNKNOWN
      ? []
      : [{ property: `${key}[${index}]`, reason: `must be a string (got ${JSON.stringify(item)})` }],
  );
}

/** What is wrong with the component's own inputs: a name it does not take, a required one left out, a bad map or list. */
function inputFailures(component: ComponentDeclaration, inputs: Readonly<Record<string, unknown>>) {
  const failures: ComponentFailure[] = [];
  const known = Object.keys(component.inputs);
  for (const key of Object.keys(inputs)) {
    if (!(key in component.inputs)) {
      failures.push({
        property: key,
        reason: `${component.name} takes no input "${key}"; it takes ${known.join(", ")}`,
      });
    }
  }
  for (const [key, input] of Object.entries(component.inputs)) {
    const value = inputs[key];
    if (input.required && isUnset(value)) {
      failures.push({ property: key, reason: `is required: ${input.description}` });
    }
    if ("type" in input && input.type === "map" && !isUnset(value) && value !== UNKNOWN) {
      const plain =
        typeof value === "object" &&
        !Array.isArray(value) &&
        Object.values(value as object).every((item) => typeof item === "string" || item === UNKNOWN);
      if (!plain) failures.push({ property: key, reason: "must be a map of strings" });
    }
    if ("type" in input && input.type === "list" && !isUnset(value) && value !== UNKNOWN) {
      failures.push(...listFailures(key, input, value));
    }
  }
  return failures;
}

/**
 * The children a component makes of `inputs`, or why it refuses them: its own input rules and the ids it hands the
 * service (provider/components/references.ts), then the policy pack's rules over the children it would make. Nothing is registered or requested here.
 */
export function planComponent(
  component: ComponentDeclaration,
  name: string,
  inputs: Readonly<Record<string, unknown>>,
): { children: PlannedChild[]; failures: ComponentFailure[] } {
  const own = [...inputFailures(component, inputs), ...referenceFailures(inputs)];
  if (own.length > 0) return { children: [], failures: own };
  const children = component.plan(name, inputs);
  return { children, failures: complianceFailures(component, children) };
}

/** A child's inputs with each sibling's id it takes filled in from `ids` (unknown until that sibling exists). */
export function childInputs(
  child: PlannedChild,
  ids: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const props: Record<string, unknown> = { ...child.props };
  for (const [field, role] of Object.entries(child.idsOf)) props[field] = ids[role] || UNKNOWN;
  return props;
}
