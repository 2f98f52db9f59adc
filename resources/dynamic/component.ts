import * as pulumi from "@pulumi/pulumi";
import {
  type ComponentDeclaration,
  ComponentInputError,
  planComponent,
  type PlannedChild,
} from "../../provider/components";
import { UNKNOWN } from "../../provider/service/codecSupport";
import { AccessReviewScope } from "../AccessReviewScope";
import { App } from "../App";
import { Automation } from "../Automation";
import { RequestCatalog } from "../RequestCatalog";
import { SessionSettings } from "../SessionSettings";
import { SsoSettings } from "../SsoSettings";
import { XaaSettings } from "../XaaSettings";

type ChildClass = new (
  name: string,
  args: never,
  opts: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;

/** The dynamic class of each kind a component makes. */
const CLASSES: Partial<Record<PlannedChild["kind"], ChildClass>> = {
  RequestCatalog,
  App,
  AccessReviewScope,
  Automation,
  SessionSettings,
  SsoSettings,
  XaaSettings,
};

/** The inputs as the checks see them: a value not known until another resource exists is unknown, as at preview. */
function judgedInputs(args: object): Record<string, unknown> {
  const known = (value: unknown) =>
    pulumi.Output.isInstance(value) || value instanceof Promise ? UNKNOWN : value;
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, known(value)]));
}

/**
 * Throws {@link ComponentInputError} (each property with its rule and fix, listed in the message) for inputs the
 * component refuses: its own rules and the policy pack's, as the plugin judges them. Call it before the component
 * registers, so a refused component makes nothing.
 */
export function refuseNonCompliant(component: ComponentDeclaration, name: string, args: object): void {
  const { failures } = planComponent(component, name, judgedInputs(args));
  if (failures.length > 0) throw new ComponentInputError(`${component.name} "${name}"`, failures, true);
}

/**
 * Makes the component's children, each by its kind's dynamic class and parented to `parent`, in the declaration's
 * order with the siblings' ids they take; answers the component's outputs (a child's id, or one of its outputs;
 * undefined for a child not made), for the component to register.
 */
export function makeChildren(
  parent: pulumi.ComponentResource,
  component: ComponentDeclaration,
  name: string,
  args: object,
): Record<string, pulumi.Output<unknown>> {
  const made = new Map<string, pulumi.CustomResource>();
  for (const child of component.plan(name, { ...args })) {
    const ids = Object.entries(child.idsOf).map(([field, role]) => [field, made.get(role)?.id]);
    const Class = CLASSES[child.kind];
    if (Class === undefined) throw new Error(`${component.name} makes no ${child.kind}`);
    const props = { ...child.props, ...Object.fromEntries(ids) };
    made.set(child.role, new Class(child.name, props as never, { parent }));
  }
  const outputs = Object.fromEntries(
    Object.entries(component.outputs).map(([output, { role, field }]) => {
      const child = made.get(role) as (pulumi.CustomResource & Record<string, unknown>) | undefined;
      const value = child === undefined ? undefined : field === undefined ? child.id : child[field];
      return [output, pulumi.output(value)];
    }),
  );
  return outputs;
}
