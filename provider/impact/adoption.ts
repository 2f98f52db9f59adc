import { computeChanges, existingIdOf, liveInputsOf, type LiveObject } from "../engine";
import { kindNamed } from "../kinds";
import { managedFields } from "./plannedChange";
import { impactRulesOf } from "./rules";
import type { PlannedChange } from "./types";

/**
 * The id of the existing object a planned create adopts (`adoptId`, or the kind's own way of naming one), when it
 * adopts one whose update may reach someone: were every field the program sets to differ from live, some impact rule
 * would apply. Undefined for a plain create, a singleton's (judged as a create) and one no rule can see.
 */
export function adoptedIdOf(change: PlannedChange): string | undefined {
  const kind = kindNamed(change.kind);
  if (change.operation !== "create" || kind.singleton !== undefined || change.newInputs === undefined) {
    return undefined;
  }
  const id = existingIdOf(kind, change.newInputs);
  if (id === undefined) return undefined;
  const widest = { ...change, operation: "update" as const, oldInputs: {} };
  return impactRulesOf(widest).length > 0 ? id : undefined;
}

/**
 * A create that adopts `live`, as the update it really is: from the inputs that manage the live object as it is to
 * the program's, changing the fields the program sets that differ from live, which the adoption's one masked update
 * writes.
 */
export function adoptionAsUpdate(change: PlannedChange, live: LiveObject): PlannedChange {
  const kind = kindNamed(change.kind);
  const news = change.newInputs ?? {};
  const fields = managedFields(kind);
  return {
    ...change,
    operation: "update",
    changedPaths: computeChanges(fields, news, live.fields).paths,
    oldInputs: liveInputsOf(fields, live.fields),
    id: live.id,
  };
}
