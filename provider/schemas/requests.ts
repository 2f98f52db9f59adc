import { z } from "zod";
import { APP_CREATE_FIELDS, appCreateOnlyShape, appWritableSchema } from "./app";
import { automationContextSchema, automationSettableShape, automationWritableSchema } from "./automation";
import { catalogSettableShape, requestCatalogWritableSchema } from "./catalog";
import { PAUSED_EXECUTION_DECISIONS } from "./enums";
import { int64String, requestEnum, requestObject, responseObject } from "./primitives";
import {
  createAnnotationsSchema as createAnnotations,
  expandMaskSchema,
  requiredDisplayNameSchema as requiredDisplayName,
  updateMaskSchema as updateMask,
} from "./requestParts";

function pickShape<Shape extends z.core.$ZodLooseShape>(shape: Shape, names: readonly string[]) {
  return Object.fromEntries(Object.entries(shape).filter(([name]) => names.includes(name))) as Partial<Shape>;
}

/** `POST /api/v1/apps` (reference 4): the create fields, `displayName` required; no `iconUrl`. */
export const appCreateBodySchema = requestObject({
  ...pickShape({ ...appWritableSchema.shape, ...appCreateOnlyShape }, APP_CREATE_FIELDS),
  displayName: requiredDisplayName,
  annotations: createAnnotations,
});
export type AppCreateBody = z.infer<typeof appCreateBodySchema>;

/** `POST /api/v1/apps/{id}` (spec 4). */
export const appUpdateBodySchema = requestObject({ app: appWritableSchema, updateMask });
export type AppUpdateBody = z.infer<typeof appUpdateBodySchema>;

/** `POST /api/v1/catalogs` (spec 4, reference 4): `displayName` required. */
export const catalogCreateBodySchema = requestObject({
  ...catalogSettableShape,
  displayName: requiredDisplayName,
  annotations: createAnnotations,
  expandMask: expandMaskSchema.optional(),
});
export type CatalogCreateBody = z.infer<typeof catalogCreateBodySchema>;

/** `POST /api/v1/catalogs/{id}` (reference 4). */
export const catalogUpdateBodySchema = requestObject({
  catalog: requestCatalogWritableSchema,
  expandMask: expandMaskSchema.optional(),
  updateMask,
});
export type CatalogUpdateBody = z.infer<typeof catalogUpdateBodySchema>;

/** `POST /api/v1/automations` (reference 4). */
export const automationCreateBodySchema = requestObject({
  ...automationSettableShape,
  annotations: createAnnotations,
});
export type AutomationCreateBody = z.infer<typeof automationCreateBodySchema>;

/** `POST /api/v1/automations/{id}` (reference 4). */
export const automationUpdateBodySchema = requestObject({ automation: automationWritableSchema, updateMask });
export type AutomationUpdateBody = z.infer<typeof automationUpdateBodySchema>;

/** `POST /api/v1/automations/{id}/execute` (reference 4): `context` is `{context: {...}}`, a free-form object inside. */
export const executeAutomationBodySchema = requestObject({
  context: automationContextSchema.nullable().optional(),
});
export type ExecuteAutomationBody = z.infer<typeof executeAutomationBodySchema>;

/** The execute answer: one execution, its id an int64 digit string (reference 5.3). */
export const executeAutomationAnswerSchema = responseObject({ executionId: int64String.optional() });
export type ExecuteAutomationAnswer = z.infer<typeof executeAutomationAnswerSchema>;

/** `POST /api/v1/automations/{id}/circuit_breaker/clear` (reference 4): `{}`, or what to do with paused executions. */
export const clearCircuitBreakerBodySchema = requestObject({
  decision: requestEnum(PAUSED_EXECUTION_DECISIONS).optional(),
  reason: z.string().optional(),
});
export type ClearCircuitBreakerBody = z.infer<typeof clearCircuitBreakerBodySchema>;

/**
 * The circuit-breaker clear answer: the bulk action that runs or cancels the paused executions. It does not carry the
 * automation: read it back to see the cleared `circuitBreaker` and `enabled`.
 */
export const clearCircuitBreakerAnswerSchema = responseObject({ bulkActionId: z.string().optional() });
export type ClearCircuitBreakerAnswer = z.infer<typeof clearCircuitBreakerAnswerSchema>;

/** `POST`/`DELETE /api/v1/catalogs/{catalog_id}/visibility_bindings` (reference 4). */
export const visibilityBindingsBodySchema = requestObject({
  accessEntitlements: z.array(requestObject({ appId: z.string(), id: z.string() })),
});
export type VisibilityBindingsBody = z.infer<typeof visibilityBindingsBodySchema>;
