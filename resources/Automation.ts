import type * as pulumi from "@pulumi/pulumi";
import type { Assert, SameNames } from "../provider/kinds";
import { automationKind, type automationOutputs } from "../provider/kinds/automation";
import type { AutomationArgs, AutomationStepArgs, AutomationOutputs, Outputs } from "./types";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { AutomationArgs, AutomationStepArgs };

type AutomationOutputsTyped = Assert<SameNames<(typeof automationOutputs)[number], keyof AutomationOutputs>>;

// Its outputs, derived from its shapes: `AutomationOutputs` in resources/types.ts.
export interface Automation extends Outputs<AutomationOutputs> {}

/** An automation (spec 2.2): triggers and steps, with a circuit breaker. */
export class Automation extends IdgovResource {
  constructor(name: string, args: AutomationArgs, opts?: pulumi.CustomResourceOptions) {
    super(automationKind, name, args, opts);
  }
}
