import { UNKNOWN } from "../engine";
import type { ImpactOperation, PlannedChange } from "./types";

/**
 * A value as a change names it: a string whole, anything else as JSON cut at 80 characters, `unset` when absent,
 * `(known after apply)` for a value the preview does not know yet.
 */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return "unset";
  if (value === UNKNOWN) return "(known after apply)";
  if (typeof value === "string") return value;
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function valueAt(inputs: Readonly<Record<string, unknown>> | undefined, path: string): unknown {
  let value: unknown = inputs;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** `visibleToEveryone: true → false`, one per changed path. */
export function describedFields(change: PlannedChange, paths: readonly string[]): string {
  return paths
    .map((path) => {
      const before = shownValue(valueAt(change.oldInputs, path));
      const after = shownValue(valueAt(change.newInputs, path));
      return change.oldInputs === undefined ? `${path}: ${after}` : `${path}: ${before} → ${after}`;
    })
    .join("; ");
}

/** The value of a field before or after the change. */
export function fieldValue(change: PlannedChange, side: "old" | "new", path: string): unknown {
  return valueAt(side === "old" ? change.oldInputs : change.newInputs, path);
}

/** How a report names the object: `App salesforce (app-salesforce)`. */
export function objectName(change: PlannedChange): string {
  const name = change.name ?? change.id ?? "(new)";
  return change.id !== undefined && change.id !== name
    ? `${change.kind} ${name} (${change.id})`
    : `${change.kind} ${name}`;
}

/** The operation as reports name it. */
export function operationText(operation: ImpactOperation): string {
  return operation === "replace" ? "replace (delete, then create)" : operation;
}
