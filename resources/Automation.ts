import * as pulumi from "@pulumi/pulumi";
import { entityApi, json, list, type ResourceKind, scalar } from "../provider/engine";
import { apiPath } from "../provider/paths";
import { automationSchema, automationWritableSchema } from "../provider/schemas";
import type { DisabledReasonCircuitBreaker } from "./types";
import {
  adoptionInputs,
  type AdoptionArgs,
  dynamicArgs,
  requiredUnlessAdopting,
  resourceProps,
} from "./controls";
import type { CircuitBreakerPeriod, Unlisted } from "./enums";
import { IdgovResource } from "./dynamicResource";

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
};

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

type In<T> = pulumi.Input<T>;

/**
 * One step of an automation: a name, and exactly one member of the `kind` oneof (`sendEmail`, `webhook`,
 * `createAccessReview`, …) whose inner shape is carried through untouched.
 */
export interface AutomationStepArgs {
  stepName?: In<string>;
  stepDisplayName?: In<string>;
  /** A CEL expression; the step is skipped when it is true. */
  skipIfTrueCel?: In<string>;
  [kind: string]: unknown;
}

/** The writable fields of an automation (spec 2.2), and adoption options. */
export interface AutomationArgs extends AdoptionArgs {
  /** Required, unless `adoptId` names an existing automation. */
  displayName?: In<string>;
  description?: In<string>;
  /** The app the automation belongs to. Changing it replaces the automation. */
  appId?: In<string>;
  enabled?: In<boolean>;
  isDraft?: In<boolean>;
  /** Your own annotations; the ownership keys are stamped. */
  annotations?: In<Record<string, In<string>>>;
  automationSteps?: In<In<AutomationStepArgs>[]>;
  draftAutomationSteps?: In<In<AutomationStepArgs>[]>;
  /** Triggers are opaque objects, carried through unchanged. */
  triggers?: In<In<Record<string, unknown>>[]>;
  draftTriggers?: In<In<Record<string, unknown>>[]>;
  /** The automation's context: `{ context: { … } }`, a free-form object inside (`AutomationContext`). */
  context?: In<{ context?: In<Record<string, unknown>> }>;
  /** Disable the automation when it runs more than this many times in `circuitBreakerPeriod`. 0: off. @default 0 */
  circuitBreakerMax?: In<number>;
  /** `CIRCUIT_BREAKER_PERIOD_HOUR`, `_DAY`, `_WEEK` or `_MONTH`. */
  circuitBreakerPeriod?: In<CircuitBreakerPeriod | Unlisted>;
}

const automationOutputs = [
  ...Object.keys(automationFields),
  "annotations",
  "currentVersion",
  "primaryTriggerType",
  "circuitBreaker",
  "createdAt",
  "lastExecutedAt",
  ...WEBHOOK_SECRETS,
] as const;

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
