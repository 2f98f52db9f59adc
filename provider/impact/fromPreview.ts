import { IdgovError } from "../errors/idgov-error";
import { kindOfToken } from "../kinds/tokens";
import { plannedChange } from "./plannedChange";
import type { ImpactOperation, PlannedChange } from "./types";
import type { Json } from "../schemas/primitives";

/** Step ops of `pulumi preview --json` that change an object; a replace is counted once, on its `replace` step. */
const OPERATIONS: Readonly<Record<string, ImpactOperation>> = {
  create: "create",
  update: "update",
  replace: "replace",
  delete: "delete",
};

/** A `pulumi preview --json` document that cannot be read; the message says what is wrong with it. */
export class PreviewFormatError extends IdgovError {}

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
  const kind = kindOfToken(String(state?.type ?? ""))?.kind;
  if (operation === undefined || kind === undefined) return undefined;
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

/** Terminal colour codes, which the engine keeps in the messages a program wrote to its standard error. */
const ANSI_CODES = /\u001b\[[0-9;]*m/g;
/** How an error begins in a diagnostic: the engine's `error: …`, or a language host's `Error: …` on stderr. */
const ERROR_LEAD = /^error:\s*/i;

/**
 * The preview's errors, as `urn: message` lines: its error diagnostics, and the lines a program or language host
 * wrote to standard error as an error (`info#err` diagnostics that begin `Error:`, as pulumi-yaml reports a program
 * it cannot run: the engine then adds no error diagnostic of its own).
 */
function errorsOf(preview: Json): string[] {
  const diagnostics = Array.isArray(preview.diagnostics) ? preview.diagnostics.filter(isJson) : [];
  return diagnostics.flatMap((diagnostic) => {
    const text = String(diagnostic.message ?? "")
      .replace(ANSI_CODES, "")
      .trim();
    if (diagnostic.severity !== "error" && !ERROR_LEAD.test(text)) return [];
    const where = typeof diagnostic.urn === "string" && diagnostic.urn !== "" ? `${diagnostic.urn}: ` : "";
    return [`${where}${text.replace(ERROR_LEAD, "")}`];
  });
}

/**
 * Throws unless the document is a whole plan that `pulumi preview --json` finished: it has a `steps` list, no error
 * diagnostic (a preview that failed plans only the steps before its error), and is not marked as possibly corrupt.
 */
function requireFinishedPlan(preview: unknown): asserts preview is Json & { steps: unknown[] } {
  if (!isJson(preview) || !Array.isArray(preview.steps)) {
    throw new PreviewFormatError("not the output of `pulumi preview --json`: it has no `steps` list");
  }
  const errors = errorsOf(preview);
  if (errors.length > 0) {
    const more =
      errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? "s" : ""})` : "";
    throw new PreviewFormatError(
      `the preview failed, so its plan is cut short and its impact cannot be judged: ${errors[0]}${more}; ` +
        "fix the error and run `pulumi preview --json` again",
    );
  }
  if (preview.maybeCorrupt === true) {
    throw new PreviewFormatError(
      "the preview marks its plan as possibly corrupt (`maybeCorrupt: true`), so its impact cannot be judged; " +
        "run `pulumi preview --json` again",
    );
  }
}

/**
 * The planned changes of pulumi-idgov resources in a `pulumi preview --json` document, in step order: one per
 * created, updated, replaced or deleted resource of either door; unchanged resources and other providers' are left out.
 * A document that is not a finished plan (see {@link requireFinishedPlan}) throws {@link PreviewFormatError}: a guard
 * never judges part of a plan.
 */
export function plannedChangesOf(preview: unknown): PlannedChange[] {
  requireFinishedPlan(preview);
  return preview.steps.filter(isJson).flatMap((step) => changeOfStep(step) ?? []);
}
