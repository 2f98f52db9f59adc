import { computeChanges, type FieldTable, inTableOrder, managedPaths, type ResourceKind } from "../engine";
import { KIND_NAMES, kindNamed } from "../kinds";
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

/** Every field a program manages: the masked ones and those changed through calls of their own. */
function managedFields(kind: ResourceKind): FieldTable {
  const side = Object.entries(kind.sideFields ?? {}).map(([name, field]) => [name, field.spec] as const);
  return { ...kind.fields, ...Object.fromEntries(side) };
}

/** Top-level property names the engine reported (`diffReasons`, `detailedDiff` keys) that are fields of the kind. */
function reportedPaths(step: Json, fields: FieldTable): string[] {
  const reasons = Array.isArray(step.diffReasons) ? step.diffReasons.map(String) : [];
  const detailed = isJson(step.detailedDiff) ? Object.keys(step.detailedDiff) : [];
  return [...reasons, ...detailed]
    .map((property) => property.split(/[.[]/)[0] ?? property)
    .filter((name) => Object.hasOwn(fields, name));
}

function changedPathsOf(
  operation: ImpactOperation,
  step: Json,
  fields: FieldTable,
  olds?: Json,
  news?: Json,
): string[] {
  if (operation === "create") return managedPaths(fields, news ?? {});
  if (operation === "delete") return managedPaths(fields, olds ?? {});
  const compared = computeChanges(fields, news ?? {}, olds ?? {}, managedPaths(fields, olds ?? {})).paths;
  return inTableOrder(fields, [...compared, ...reportedPaths(step, fields)]);
}

function inputsOf(state: unknown): Json | undefined {
  return isJson(state) && isJson(state.inputs) ? state.inputs : undefined;
}

function plannedChange(step: Json): PlannedChange | undefined {
  const operation = OPERATIONS[String(step.op)];
  const state = isJson(step.newState) ? step.newState : isJson(step.oldState) ? step.oldState : undefined;
  const kindName = TYPE_TOKEN.exec(String(state?.type ?? ""))?.[1];
  if (
    operation === undefined ||
    kindName === undefined ||
    !(KIND_NAMES as readonly string[]).includes(kindName)
  )
    return undefined;
  const fields = managedFields(kindNamed(kindName));
  const oldInputs = inputsOf(step.oldState);
  const newInputs = operation === "delete" ? undefined : inputsOf(step.newState);
  const oldId = isJson(step.oldState) && typeof step.oldState.id === "string" ? step.oldState.id : undefined;
  const id = oldId !== undefined && oldId !== "" ? oldId : undefined;
  const urn = String(step.urn ?? state?.urn ?? "");
  return {
    kind: kindName,
    operation,
    changedPaths: changedPathsOf(operation, step, fields, oldInputs, newInputs),
    ...(oldInputs === undefined || operation === "create" ? {} : { oldInputs }),
    ...(newInputs === undefined ? {} : { newInputs }),
    ...(id === undefined || operation === "create" ? {} : { id }),
    ...(urn === "" ? {} : { urn, name: urn.slice(urn.lastIndexOf("::") + 2) }),
  };
}

/**
 * The planned changes of pulumi-idgov resources in a `pulumi preview --json` document, in step order: one per
 * created, updated, replaced or deleted resource of either door; unchanged resources and other providers' are left out.
 */
export function plannedChangesOf(preview: unknown): PlannedChange[] {
  if (!isJson(preview) || !Array.isArray(preview.steps)) {
    throw new PreviewFormatError("not the output of `pulumi preview --json`: it has no `steps` list");
  }
  return preview.steps.filter(isJson).flatMap((step) => plannedChange(step) ?? []);
}
