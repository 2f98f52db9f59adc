import * as pulumi from "@pulumi/pulumi";
import {
  type Answered,
  type Assert,
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
  automationResponseShape,
  automationSchema,
  automationWritableSchema,
  automationWritableShape,
} from "../provider/schemas";
import type { AutomationArgs, AutomationStepArgs, DisabledReasonCircuitBreaker } from "./types";
import { adoptionInputs, dynamicArgs, requiredUnlessAdopting, resourceProps } from "./dynamic/controls";

export type { AutomationArgs, AutomationStepArgs };

type AutomationFieldsAnswered = Assert<
  Answered<typeof automationWritableShape, typeof automationResponseShape>
>;
import { IdgovResource } from "./dynamic/dynamicResource";

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

const WEBHOOK_SECRETS = ["webhookCapabilityUrl", "webhookHmacSecret"] as const;

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

const automationOutputs = [...outputNames(automationFields, automationResponseShape), ...WEBHOOK_SECRETS];

/** An automation (spec 2.2): triggers and steps, with a circuit breaker. */
export class Automation extends IdgovResource {
  declare readonly displayName: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly appId: pulumi.Output<string | undefined>;
  declare readonly enabled: pulumi.Output<boolean | undefined>;
  declare readonly isDraft: pulumi.Output<boolean | undefined>;
  declare readonly annotations: pulumi.Output<Record<string, string>>;
  declare readonly automationSteps: pulumi.Output<Json[] | undefined>;
  declare readonly draftAutomationSteps: pulumi.Output<Json[] | undefined>;
  declare readonly triggers: pulumi.Output<Json[] | undefined>;
  declare readonly draftTriggers: pulumi.Output<Json[] | undefined>;
  declare readonly context: pulumi.Output<Json | undefined>;
  declare readonly circuitBreakerMax: pulumi.Output<number | undefined>;
  declare readonly circuitBreakerPeriod: pulumi.Output<string | undefined>;
  /** The published version: an int64 as a string of digits. */
  declare readonly currentVersion: pulumi.Output<string | undefined>;
  declare readonly primaryTriggerType: pulumi.Output<string | undefined>;
  /** Set when the circuit breaker disabled the automation: what it counted, and when it tripped. */
  declare readonly circuitBreaker: pulumi.Output<DisabledReasonCircuitBreaker | undefined | null>;
  declare readonly createdAt: pulumi.Output<string | undefined>;
  declare readonly lastExecutedAt: pulumi.Output<string | undefined>;
  /** The webhook trigger's URL, answered once at create; a secret output. */
  declare readonly webhookCapabilityUrl: pulumi.Output<string | undefined>;
  /** The webhook trigger's HMAC secret, answered once at create; a secret output. */
  declare readonly webhookHmacSecret: pulumi.Output<string | undefined>;

  constructor(name: string, args: AutomationArgs, opts?: pulumi.CustomResourceOptions) {
    const kind = dynamicArgs("Automation");
    const props = resourceProps("Automation", name, args, automationOutputs, opts);
    const secretOutputs = {
      additionalSecretOutputs: [...WEBHOOK_SECRETS, ...(opts?.additionalSecretOutputs ?? [])],
    };
    super(kind.provider, name, props, pulumi.mergeOptions(opts, secretOutputs), kind.module, kind.type);
  }
}
