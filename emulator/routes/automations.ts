import { checkAnnotationsOf } from "../annotationRules";
import { badRequest } from "../errors";
import { newId, newSecret } from "../ids";
import { AUTOMATION_MODEL, triggerTypeOf } from "../models/automation";
import { materialize } from "../models/materialize";
import { schemaNamed } from "../model/document";
import { parseRequest } from "../model/request";
import type { Router } from "../router";
import type { JsonObject, TenantState } from "../state";
import { hasRecord, requireRecord } from "../store";
import { nowTimestamp } from "../time";
import { invalidBody } from "../validation";
import { clearCircuitBreaker, recordExecution } from "./circuitBreaker";
import { applyUpdate } from "./update";

function checkAppId(state: TenantState, appId: unknown, field: string): void {
  if (typeof appId === "string" && appId !== "" && !hasRecord(state.apps, appId)) {
    throw badRequest(`invalid body: ${field}: app "${appId}" not found`);
  }
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

const kindOneof = (schema: string) =>
  schemaNamed(schema).oneofs?.find((group) => group.name === "kind") ?? { name: "kind", members: [] };
const STEP_KINDS = kindOneof("AutomationStep");
const TRIGGER_KINDS = kindOneof("AutomationTrigger");
const KINDED_LISTS = ["automationSteps", "draftAutomationSteps", "triggers", "draftTriggers"] as const;

/**
 * A step or trigger that sets no member of its `kind` oneof does nothing: refused with a 400 naming
 * it (the document allows at most one member; the emulator also asks for at least one).
 */
function checkKinds(container: JsonObject, path: string): void {
  for (const field of KINDED_LISTS) {
    list(container[field]).forEach((item, index) => {
      const trigger = field.toLowerCase().includes("trigger");
      const members = (trigger ? TRIGGER_KINDS : STEP_KINDS).members;
      if (!members.some((member) => (item as JsonObject)[member] !== undefined)) {
        const what = trigger ? "a trigger" : "a step";
        throw invalidBody(
          `${path}${field}[${index}]: ${what} must set exactly one member of oneof kind (none set)`,
        );
      }
    });
  }
}

/** primaryTriggerType follows the first published trigger, else the first draft trigger. */
function derivePrimaryTriggerType(automation: JsonObject): void {
  const trigger = list(automation["triggers"])[0] ?? list(automation["draftTriggers"])[0];
  automation["primaryTriggerType"] = triggerTypeOf(trigger) ?? "TRIGGER_TYPE_UNSPECIFIED";
}

/**
 * Publishing is an update that turns isDraft off: draft steps and triggers move into the
 * published ones (unless the same update sets those) and currentVersion goes up by one. A
 * change of published steps or triggers also makes a new version.
 */
function applyVersioning(previous: JsonObject, next: JsonObject, paths: readonly string[]): void {
  const publishing = previous["isDraft"] === true && next["isDraft"] === false;
  if (publishing) {
    if (!paths.includes("automationSteps") && list(next["draftAutomationSteps"]).length > 0) {
      next["automationSteps"] = next["draftAutomationSteps"];
      next["draftAutomationSteps"] = [];
    }
    if (!paths.includes("triggers") && list(next["draftTriggers"]).length > 0) {
      next["triggers"] = next["draftTriggers"];
      next["draftTriggers"] = [];
    }
  }
  const stepsChanged =
    JSON.stringify(previous["automationSteps"]) !== JSON.stringify(next["automationSteps"]);
  const triggersChanged = JSON.stringify(previous["triggers"]) !== JSON.stringify(next["triggers"]);
  if (publishing || (next["isDraft"] !== true && (stepsChanged || triggersChanged))) {
    next["currentVersion"] = String(BigInt(String(next["currentVersion"] ?? "0")) + 1n);
  }
}

/**
 * The update answer (reference 4): the automation, and the webhook URL and secret the document
 * declares, empty because the emulator issues them on create only ("not issued").
 */
function updateAnswer(automation: JsonObject): JsonObject {
  return { automation, webhookCapabilityUrl: "", webhookHmacSecret: "" };
}

/** Automations: create, get, update, delete, execute and circuit-breaker clear (reference 4). */
export function registerAutomationRoutes(router: Router): void {
  router.on("POST", "/api/v1/automations", ({ body, store, reservedAnnotationPrefix, baseUrl }) => {
    const parsed = parseRequest("automationCreate", body);
    checkAnnotationsOf(parsed, reservedAnnotationPrefix);
    checkKinds(parsed, "");
    checkAppId(store.state, parsed["appId"], "appId");
    const id = newId();
    const automation = materialize(parsed, AUTOMATION_MODEL);
    Object.assign(automation, {
      id,
      createdAt: nowTimestamp(),
      currentVersion: parsed["isDraft"] === true ? "0" : "1",
    });
    derivePrimaryTriggerType(automation);
    store.state.automations[id] = automation;
    store.state.automationExecutions[id] = [];
    store.changed();
    return {
      automation,
      webhookCapabilityUrl: `${baseUrl}/api/v1/webhooks/automations/${id}/${newSecret(18)}`,
      webhookHmacSecret: newSecret(32),
    };
  });

  router.on("GET", "/api/v1/automations/:id", ({ params, store }) => ({
    automation: requireRecord(store.state.automations, params["id"] ?? "", "automation"),
  }));

  router.on("POST", "/api/v1/automations/:id", ({ params, body, store, reservedAnnotationPrefix }) => {
    const id = params["id"] ?? "";
    const current = requireRecord(store.state.automations, id, "automation");
    const outcome = applyUpdate({
      body,
      entityKey: "automation",
      operation: "automationUpdate",
      model: AUTOMATION_MODEL,
      current,
      reservedAnnotationPrefix,
    });
    checkKinds((outcome.parsed["automation"] ?? {}) as JsonObject, "automation.");
    if (outcome.paths.includes("appId")) checkAppId(store.state, outcome.next["appId"], "automation.appId");
    if (!outcome.changed) return updateAnswer(current);
    const next = outcome.next;
    applyVersioning(current, next, outcome.paths);
    derivePrimaryTriggerType(next);
    store.state.automations[id] = next;
    if (current["enabled"] === false && next["enabled"] === true) clearCircuitBreaker(store.state, id);
    store.changed();
    return updateAnswer(next);
  });

  router.on("DELETE", "/api/v1/automations/:id", ({ params, store }) => {
    const id = params["id"] ?? "";
    requireRecord(store.state.automations, id, "automation");
    delete store.state.automations[id];
    delete store.state.automationExecutions[id];
    store.changed();
    return {};
  });

  router.on("POST", "/api/v1/automations/:id/execute", ({ params, body, store }) => {
    const id = params["id"] ?? "";
    requireRecord(store.state.automations, id, "automation");
    parseRequest("automationExecute", body);
    const executionId = recordExecution(store.state, id);
    store.changed();
    return { executionId };
  });

  router.on("POST", "/api/v1/automations/:id/circuit_breaker/clear", ({ params, body, store }) => {
    const id = params["id"] ?? "";
    const automation = requireRecord(store.state.automations, id, "automation");
    parseRequest("automationCircuitBreakerClear", body);
    if (automation["circuitBreaker"] !== null && automation["circuitBreaker"] !== undefined) {
      automation["enabled"] = true;
      clearCircuitBreaker(store.state, id);
      store.changed();
    }
    return { bulkActionId: newId() };
  });
}
