import { KIND_NAMES } from "../kinds";
import { plannedChange } from "./plannedChange";
import type { ImpactOperation, PlannedChange } from "./types";

type Json = Record<string, unknown>;

/** The type tokens of both doors: `pulumi-nodejs:dynamic/idgov:App` (TypeScript) and `idgov:index:App` (native). */
const TYPE_TOKEN = /^(?:pulumi-nodejs:dynamic\/idgov|idgov:index):([A-Za-z]+)$/;

/** Step ops of `pulumi preview --json` that change an object; a replace is counted once, on its `replace` step. */
const OPERATIONS: Readonly<Record<string, ImpactOperation>> = {
  create: "create",
  update: "update",
  replace: "replace",
  delete: "delete",
};

/** A `pulumi preview --json` document that cannot be read; the message says what is wrong with it. */
export class PreviewFormatError extends Error {}

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function inputsOf(state: unknown): Json | undefined {
  return isJson(state) && isJson(state.inputs) ? state.inputs : undefined;
}

/** The property names the step reports as changed (the native door fills these; the dynamic door does not). */
function reportedOf(step: Json): string[] {
  const reasons = Array.isArray(step.diffReasons) ? step.diffReasons.map(String) : [];
  return [...reasons, ...(isJson(step.detailedDiff) ? Object.keys(step.detailedDiff) : [])];
}

function changeOfStep(step: Json): PlannedChange | undefined {
  const operation = OPERATIONS[String(step.op)];
  const state = isJson(step.newState) ? step.newState : isJson(step.oldState) ? step.oldState : undefined;
  const kind = TYPE_TOKEN.exec(String(state?.type ?? ""))?.[1];
  if (operation === undefined || kind === undefined || !(KIND_NAMES as readonly string[]).includes(kind)) {
    return undefined;
  }
  const id = isJson(step.oldState) && typeof step.oldState.id === "string" ? step.oldState.id : undefined;
  return plannedChange({
    kind,
    operation,
    oldInputs: inputsOf(step.oldState),
    newInputs: inputsOf(step.newState),
    id,
    urn: String(step.urn ?? state?.urn ?? ""),
    reported: reportedOf(step),
  });
}

/**
 * The planned changes of pulumi-idgov resources in a `pulumi preview --json` document, in step order: one per
 * created, updated, replaced or deleted resource of either door; unchanged resources and other providers' are left out.
 */
export function plannedChangesOf(preview: unknown): PlannedChange[] {
  if (!isJson(preview) || !Array.isArray(preview.steps)) {
    throw new PreviewFormatError("not the output of `pulumi preview --json`: it has no `steps` list");
  }
  return preview.steps.filter(isJson).flatMap((step) => changeOfStep(step) ?? []);
}
