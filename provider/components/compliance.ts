/**
 * A component's children judged by the shipped policy pack's own rules (policy/rules), under the rules' default
 * parameters (a revoke policy required as well), before any child is registered: one place says what the pack asks, and the component refuses what it
 * would report.
 */
import { KIND_FACTS } from "../kinds/public";
import { RULES } from "../../policy/rules";
import type { Rule } from "../../policy/rule";
import { isChildField, type ComponentDeclaration, type PlannedChild } from "./declaration";

/** A refused input: the component's property, and the reason (the rule, what is wrong, and the fix). */
export interface ComponentFailure {
  readonly property: string;
  readonly reason: string;
}

/**
 * Where a golden path asks more than the pack's defaults: an app names how its access is taken away as well as how
 * it is granted, so the component passes the pack whether or not a team sets `requireRevokePolicy`.
 */
const STANDARD: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  "idgov-app-approval": { requireRevokePolicy: true },
};

/** A rule's parameters as the components judge by: its defaults, then the golden path's standard. */
function standardOf(rule: Rule): Record<string, unknown> {
  const defaults = Object.entries(rule.parameters).map(([name, spec]) => [name, spec.default]);
  return { ...Object.fromEntries(defaults), ...STANDARD[rule.name] };
}

/**
 * The component's input that sets `field` of a child (`owners[1]`, `adminNetworks[0]` for
 * `ssoAdminSource.sourceCidr[0]`), else the child's role and the field.
 */
export function inputOf(component: ComponentDeclaration, child: PlannedChild, field: string): string {
  const top = field.split(".")[0] ?? field;
  const named = Object.entries(component.inputs).find(
    ([, input]) => isChildField(input) && input.child === child.kind && input.field === top,
  );
  if (named) return `${named[0]}${field.slice(top.length)}`;
  const within = (path: string) =>
    field === path || (field.startsWith(path) && /^[.[]/.test(field.slice(path.length)));
  for (const [name, input] of Object.entries(component.inputs)) {
    const set = isChildField(input)
      ? undefined
      : input.sets?.find((target) => target.child === child.kind && within(target.path));
    if (set) return `${name}${field.slice(set.path.length)}`;
  }
  if (top === "annotations" && "annotations" in component.inputs) return field;
  return `${child.role}.${field}`;
}

/** What the pack's rules find wrong with the children, each named by the component's input that would fix it. */
export function complianceFailures(
  component: ComponentDeclaration,
  children: readonly PlannedChild[],
): ComponentFailure[] {
  const stack = { configValues: new Set<string>(), configKnown: true };
  return children.flatMap((child) =>
    RULES.filter((rule) => rule.kinds.includes(child.kind)).flatMap((rule) =>
      rule
        .judge(
          { kind: KIND_FACTS[child.kind], name: child.name, props: { ...child.props } },
          standardOf(rule),
          stack,
        )
        .map((finding) => ({
          property: inputOf(component, child, finding.property),
          reason:
            `${rule.name}: the ${child.kind} "${child.name}" ${finding.property} ${finding.problem}. ` +
            `To comply with ${rule.name}: ${finding.comply}.`,
        })),
    ),
  );
}
