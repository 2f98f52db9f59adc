import { z } from "zod";
import { annotationsSchema, responseAnnotations } from "./annotations";
import { CIRCUIT_BREAKER_PERIODS, TRIGGER_TYPES } from "./enums";
import { fieldLists } from "./fields";
import { oneofRefinement, type OneofGroup } from "./oneof";
import {
  int64String,
  opaqueObject,
  openEnum,
  requestObject,
  responseTimestamp,
  uint32,
  requestEnum,
  responseObject,
} from "./primitives";

/** The 21 members of the AutomationStep oneof `kind` (spec 2.2). */
export const STEP_KINDS = [
  "createAccessReview",
  "waitForDuration",
  "unenrollFromAllAccessProfiles",
  "createRevokeTasks",
  "createRevokeTasksV2",
  "sendEmail",
  "removeFromDelegation",
  "runAutomation",
  "updateUser",
  "taskAction",
  "webhook",
  "connectorAction",
  "connectorCreateAccount",
  "grantEntitlements",
  "sendChatMessage",
  "callFunction",
  "accountLifecycleAction",
  "generatePassword",
  "evaluateExpressions",
  "setCredential",
  "storeCredential",
] as const;

/** The AutomationStep oneof `kind`. */
export const STEP_KIND_ONEOF: OneofGroup = { name: "kind", members: STEP_KINDS };

/** The Automation oneof `disabled_reason` (spec 2.2). */
export const AUTOMATION_DISABLED_REASON_ONEOF: OneofGroup = {
  name: "disabled_reason",
  members: ["circuitBreaker"],
};

type StepKind = (typeof STEP_KINDS)[number];

function stepKindShape<Member extends z.ZodType>(member: Member): Record<StepKind, Member> {
  return Object.fromEntries(STEP_KINDS.map((kind) => [kind, member])) as Record<StepKind, Member>;
}

const stepCommon = {
  stepName: z.string().optional(),
  stepDisplayName: z.string().optional(),
  /** A CEL expression; the step is skipped when it is true. */
  skipIfTrueCel: z.string().optional(),
};

/** A step's fields as a program writes them: its name, and the members of oneof `kind`, each any JSON object. */
export const automationStepShape = { ...stepCommon, ...stepKindShape(opaqueObject.optional()) };

/**
 * A step as a client sends it: exact, and exactly one member of oneof `kind` set. The member's
 * fields are not shown in the spec, so its value is any JSON object, carried through unchanged.
 */
export const automationStepSchema = requestObject(automationStepShape).superRefine(
  oneofRefinement(STEP_KIND_ONEOF, { required: true, entity: "step" }),
);
export type AutomationStep = z.infer<typeof automationStepSchema>;

/** A step as the service returns it: unknown fields kept, at most one known member of `kind` set. */
export const automationStepResponseSchema = responseObject({
  ...stepCommon,
  ...stepKindShape(opaqueObject.nullish()),
}).superRefine(oneofRefinement(STEP_KIND_ONEOF));
/** A step of an automation as the service returns it: its name, and at most one member of `kind`. */
export type AutomationStepResponse = z.infer<typeof automationStepResponseSchema>;

/** An automation trigger. Its fields are not shown in the spec: any JSON object, carried through. */
export const automationTriggerSchema = opaqueObject;
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;

/**
 * An automation's context as the service takes it (`AutomationContext`): one member, `context`, a free-form object,
 * e.g. `{ context: { region: "eu" } }`.
 */
export const automationContextSchema = requestObject({ context: opaqueObject.nullable().optional() });
export type AutomationContext = z.infer<typeof automationContextSchema>;

/** An automation's context as answered. */
export const automationContextResponseSchema = responseObject({ context: opaqueObject.optional() });

/** The snapshot taken when the circuit breaker disabled an automation (spec 2.2, 3). */
export const disabledReasonCircuitBreakerSchema = responseObject({
  observedCount: z.number().optional(),
  period: openEnum(CIRCUIT_BREAKER_PERIODS).optional(),
  threshold: z.number().optional(),
  trippedAt: responseTimestamp,
});
export type DisabledReasonCircuitBreaker = z.infer<typeof disabledReasonCircuitBreakerSchema>;

/** The automation fields the service answers (spec 2.2). */
export const automationResponseShape = {
  id: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  appId: z.string().optional(),
  enabled: z.boolean().optional(),
  isDraft: z.boolean().optional(),
  /** The published version: an int64 as a string of digits. */
  currentVersion: int64String.optional(),
  /** Every annotation of the automation, the stamped ownership keys included. */
  annotations: responseAnnotations.optional(),
  automationSteps: z.array(automationStepResponseSchema).optional(),
  draftAutomationSteps: z.array(automationStepResponseSchema).optional(),
  triggers: z.array(automationTriggerSchema).optional(),
  draftTriggers: z.array(automationTriggerSchema).optional(),
  primaryTriggerType: openEnum(TRIGGER_TYPES).optional(),
  context: automationContextResponseSchema.nullish(),
  circuitBreakerMax: z.number().optional(),
  circuitBreakerPeriod: openEnum(CIRCUIT_BREAKER_PERIODS).optional(),
  /** Set when the circuit breaker disabled the automation: what it counted, and when it tripped. */
  circuitBreaker: disabledReasonCircuitBreakerSchema.nullish(),
  createdAt: responseTimestamp,
  lastExecutedAt: responseTimestamp,
};

/** An automation as the service returns it (spec 2.2). Unknown fields are kept. */
export const automationSchema = responseObject(automationResponseShape).superRefine(
  oneofRefinement(AUTOMATION_DISABLED_REASON_ONEOF),
);
export type Automation = z.infer<typeof automationSchema>;

/** What a create answers once beside the automation, for its webhook trigger: kept in outputs, as secrets, from then on. */
export const automationOnceShape = {
  /** The webhook trigger's URL, answered once at create; a secret output. */
  webhookCapabilityUrl: z.string().optional(),
  /** The webhook trigger's HMAC secret, answered once at create; a secret output. */
  webhookHmacSecret: z.string().optional(),
};

/**
 * The settable automation fields, shared by create (flat) and update (`automation`); each comment is the TSDoc of the
 * field in `AutomationArgs`.
 */
export const automationSettableShape = {
  /** Required, unless `adoptId` names an existing automation. */
  displayName: z.string().optional(),
  description: z.string().optional(),
  /** The app the automation belongs to. Changing it replaces the automation. */
  appId: z.string().optional(),
  enabled: z.boolean().optional(),
  isDraft: z.boolean().optional(),
  automationSteps: z.array(automationStepSchema).optional(),
  draftAutomationSteps: z.array(automationStepSchema).optional(),
  /** Triggers are opaque objects, carried through unchanged. */
  triggers: z.array(automationTriggerSchema).optional(),
  draftTriggers: z.array(automationTriggerSchema).optional(),
  /** The automation's context: `{ context: { … } }`, a free-form object inside (`AutomationContext`). */
  context: automationContextSchema.nullable().optional(),
  /** Disable the automation when it runs more than this many times in `circuitBreakerPeriod`. 0: off. @default 0 */
  circuitBreakerMax: uint32.optional(),
  /** `CIRCUIT_BREAKER_PERIOD_HOUR`, `_DAY`, `_WEEK` or `_MONTH`. */
  circuitBreakerPeriod: requestEnum(CIRCUIT_BREAKER_PERIODS).optional(),
};

/** The automation fields a program writes: the settable ones and its own annotations. */
export const automationWritableShape = {
  ...automationSettableShape,
  /** Your own annotations; the ownership keys are stamped. */
  annotations: annotationsSchema({ allowEmptyValues: true }).optional(),
};

/** The automation fields a client may set in an update (`{automation, updateMask}`). Exact. */
export const automationWritableSchema = requestObject(automationWritableShape);
export type AutomationWritable = z.infer<typeof automationWritableSchema>;

const automationFields = fieldLists(automationResponseShape, automationWritableShape);
/** Automation fields a client may set. */
export const AUTOMATION_WRITABLE_FIELDS = automationFields.writable;
/** Automation fields returned on read but not settable (`circuitBreaker` is cleared by its own call). */
export const AUTOMATION_READ_ONLY_FIELDS = automationFields.readOnly;
