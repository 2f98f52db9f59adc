import * as pulumi from "@pulumi/pulumi";
import {
  type Answered,
  type Assert,
  type SameNames,
  type Comparisons,
  entityApi,
  json,
  list,
  outputNames,
  type ResourceKind,
  scalar,
} from "../provider/engine";
import { apiPath } from "../provider/client/paths";
import {
  automationOnceShape,
  automationResponseShape,
  automationSchema,
  automationWritableSchema,
  automationWritableShape,
} from "../provider/schemas";
import type { AutomationArgs, AutomationStepArgs, AutomationOutputs, Outputs } from "./types";
import { adoptionInputs, requiredUnlessAdopting } from "./dynamic/controls";
import { IdgovResource } from "./dynamic/dynamicResource";

export type { AutomationArgs, AutomationStepArgs };

type AutomationFieldsAnswered = Assert<
  Answered<typeof automationWritableShape, typeof automationResponseShape>
>;

type Json = Record<string, unknown>;

const automationFields = {
  displayName: scalar,
  description: scalar,
  appId: { type: "scalar", immutable: true } as const,
  enabled: scalar,
  isDraft: scalar,
  automationSteps: list,
  draftAutomationSteps: list,
  triggers: list,
  draftTriggers: list,
  context: json,
  circuitBreakerMax: scalar,
  circuitBreakerPeriod: scalar,
} satisfies Comparisons<typeof automationWritableShape>;

/** The webhook trigger's URL and HMAC secret, answered once by the create: secret outputs. */
const WEBHOOK_SECRETS = Object.keys(automationOnceShape);

/** @internal */
export const automationKind: ResourceKind = {
  name: "Automation",
  annotations: true,
  fields: automationFields,
  onceOutputs: WEBHOOK_SECRETS,
  inputSchema: automationWritableSchema
    .extend(adoptionInputs)
    .superRefine(requiredUnlessAdopting("displayName")),
  api: entityApi({
    collection: () => "/api/v1/automations",
    item: (id) => apiPath`/api/v1/automations/${id}`,
    entityKey: "automation",
    unwrap: (answer) => answer.automation as Json | undefined,
    schema: automationSchema,
    once: (answer) =>
      Object.fromEntries(WEBHOOK_SECRETS.filter((key) => answer[key]).map((key) => [key, answer[key]])),
    list: {
      path: () => "/api/v1/search/automations",
      searchBody: (inputs) => (typeof inputs.appId === "string" ? { appId: inputs.appId } : {}),
      itemsKey: "list",
      asAnswer: (item) => ({ automation: item }),
    },
  }),
};

/** @internal */
export const automationOutputs = outputNames(automationFields, {
  ...automationResponseShape,
  ...automationOnceShape,
});
type AutomationOutputsTyped = Assert<SameNames<(typeof automationOutputs)[number], keyof AutomationOutputs>>;

// Its outputs, derived from its shapes: `AutomationOutputs` in resources/types.ts.
export interface Automation extends Outputs<AutomationOutputs> {}

/** An automation (spec 2.2): triggers and steps, with a circuit breaker. */
export class Automation extends IdgovResource {
  constructor(name: string, args: AutomationArgs, opts?: pulumi.CustomResourceOptions) {
    super("Automation", name, args, automationOutputs, opts, WEBHOOK_SECRETS);
  }
}
