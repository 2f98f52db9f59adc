import * as pulumi from "@pulumi/pulumi";
import { COMPONENTS } from "../provider/components";
import { componentTypeToken } from "../provider/kinds/tokens";
import { makeChildren, refuseNonCompliant } from "./dynamic/component";
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

const component = COMPONENTS.GovernedApp;

/**
 * An app onboarded the governed way (provider/components/governedApp.ts, the same declaration the plugin builds for
 * every other language): its request catalog, the App, the scope of an access-review campaign and an optional
 * automation, each a resource of the dynamic classes parented to this component. Inputs the policy pack would report
 * are refused here, before any child is made, with the plugin's message (`ComponentInputError`).
 */
export class GovernedApp extends pulumi.ComponentResource {
  readonly appId: pulumi.Output<string>;
  readonly requestCatalogId: pulumi.Output<string>;
  readonly accessReviewScopeId: pulumi.Output<string | undefined>;
  readonly automationId: pulumi.Output<string | undefined>;

  constructor(name: string, args: GovernedAppArgs, opts?: pulumi.ComponentResourceOptions) {
    refuseNonCompliant(component, name, args);
    // The plugin's token: a program moved to the plugin's component keeps the component's URN.
    super(componentTypeToken(component.name), name, {}, opts);
    const outputs = makeChildren(this, component, name, args);
    this.appId = outputs.appId as pulumi.Output<string>;
    this.requestCatalogId = outputs.requestCatalogId as pulumi.Output<string>;
    this.accessReviewScopeId = outputs.accessReviewScopeId as pulumi.Output<string | undefined>;
    this.automationId = outputs.automationId as pulumi.Output<string | undefined>;
    this.registerOutputs(outputs);
  }
}
