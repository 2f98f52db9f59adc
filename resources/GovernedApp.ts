import * as pulumi from "@pulumi/pulumi";
import { COMPONENTS, ComponentInputError, planComponent, type PlannedChild } from "../provider/components";
import { UNKNOWN } from "../provider/service/codecSupport";
import { componentTypeToken } from "../provider/kinds/tokens";
import { AccessReviewScope } from "./AccessReviewScope";
import { App } from "./App";
import { Automation } from "./Automation";
import { RequestCatalog } from "./RequestCatalog";
import type { AccessReviewScopeArgs, AppArgs, AutomationArgs, RequestCatalogArgs } from "./types";

/** The inputs of `GovernedApp`: the decisions a team makes (the schema's `idgov:index:GovernedApp` inputs). */
export interface GovernedAppArgs {
  displayName: AppArgs["displayName"];
  description?: AppArgs["description"];
  owners: NonNullable<AppArgs["owners"]>;
  grantPolicyId: NonNullable<AppArgs["grantPolicyId"]>;
  revokePolicyId: NonNullable<AppArgs["revokePolicyId"]>;
  certifyPolicyId?: AppArgs["certifyPolicyId"];
  annotations?: AppArgs["annotations"];
  catalogEntitlements?: RequestCatalogArgs["accessEntitlements"];
  catalogVisibleToEveryone?: RequestCatalogArgs["visibleToEveryone"];
  accessReviewId?: AccessReviewScopeArgs["accessReviewId"];
  reviewScope?: AccessReviewScopeArgs["scopeV2"];
  automationSteps?: AutomationArgs["automationSteps"];
  automationTriggers?: AutomationArgs["triggers"];
  automationCircuitBreakerMax?: AutomationArgs["circuitBreakerMax"];
  automationCircuitBreakerPeriod?: AutomationArgs["circuitBreakerPeriod"];
}

/** The plugin's token: a program moved to the plugin's component keeps the component's URN. */
const TYPE = componentTypeToken("GovernedApp");
const component = COMPONENTS.GovernedApp;

/** The dynamic class of each kind a component makes. */
const CLASSES: Partial<
  Record<
    PlannedChild["kind"],
    new (name: string, args: never, opts: pulumi.CustomResourceOptions) => pulumi.CustomResource
  >
> = {
  RequestCatalog,
  App,
  AccessReviewScope,
  Automation,
};

/** A child of the component, made by its kind's dynamic class. */
function childOf(child: PlannedChild, props: Record<string, unknown>, opts: pulumi.CustomResourceOptions) {
  const made = CLASSES[child.kind];
  if (made === undefined) throw new Error(`GovernedApp makes no ${child.kind}`);
  return new made(child.name, props as never, opts);
}

/** The inputs as the checks see them: a value not known until another resource exists is unknown, as at preview. */
function judgedInputs(args: object): Record<string, unknown> {
  const known = (value: unknown) =>
    pulumi.Output.isInstance(value) || value instanceof Promise ? UNKNOWN : value;
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, known(value)]));
}

/**
 * An app onboarded the governed way (provider/components/governedApp.ts, the same declaration the plugin builds for
 * every other language): its request catalog, the App, the scope of an access-review campaign and an optional
 * automation, each a resource of the dynamic classes parented to this component. Inputs the policy pack would report
 * are refused here, before any child is made, with the plugin's message ({@link ComponentInputError}).
 */
export class GovernedApp extends pulumi.ComponentResource {
  readonly appId: pulumi.Output<string>;
  readonly requestCatalogId: pulumi.Output<string>;
  readonly accessReviewScopeId: pulumi.Output<string | undefined>;
  readonly automationId: pulumi.Output<string | undefined>;

  constructor(name: string, args: GovernedAppArgs, opts?: pulumi.ComponentResourceOptions) {
    const { failures } = planComponent(component, name, judgedInputs(args));
    if (failures.length > 0) throw new ComponentInputError(`GovernedApp "${name}"`, failures, true);
    super(TYPE, name, {}, opts);
    const made = new Map<string, pulumi.CustomResource>();
    for (const child of component.plan(name, { ...args })) {
      const ids = Object.entries(child.idsOf).map(([field, role]) => [field, made.get(role)?.id]);
      made.set(child.role, childOf(child, { ...child.props, ...Object.fromEntries(ids) }, { parent: this }));
    }
    const idOf = (role: string) => made.get(role)?.id ?? pulumi.output<string | undefined>(undefined);
    this.appId = idOf("app") as pulumi.Output<string>;
    this.requestCatalogId = idOf("requestCatalog") as pulumi.Output<string>;
    this.accessReviewScopeId = idOf("accessReviewScope");
    this.automationId = idOf("automation");
    this.registerOutputs({
      appId: this.appId,
      requestCatalogId: this.requestCatalogId,
      accessReviewScopeId: this.accessReviewScopeId,
      automationId: this.automationId,
    });
  }
}
