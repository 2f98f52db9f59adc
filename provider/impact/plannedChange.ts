import { computeChanges, type FieldTable, inTableOrder, managedPaths, type ResourceKind } from "../engine";
import { kindNamed } from "../kinds";
import type { ImpactOperation, PlannedChange } from "./types";
import type { Json } from "../schemas/primitives";

/** What a door knows of one planned change: the native provider's Diff, or a step of `pulumi preview --json`. */
export interface ChangeFacts {
  readonly kind: string;
  readonly operation: ImpactOperation;
  /** The program's inputs before (absent for a create) and after (absent for a delete). */
  readonly oldInputs?: Json | undefined;
  readonly newInputs?: Json | undefined;
  /** The object's id (absent or empty for a create). */
  readonly id?: string | undefined;
  readonly urn?: string | undefined;
  /** Property names the engine reported as changed (`diffReasons`, `detailedDiff` keys), when it did. */
  readonly reported?: readonly string[];
}

/** Every field a program manages: the masked ones and those changed through calls of their own. */
export function managedFields(kind: ResourceKind): FieldTable {
  const side = Object.entries(kind.sideFields ?? {}).map(([name, field]) => [name, field.spec] as const);
  return { ...kind.fields, ...Object.fromEntries(side) };
}

/** The changed field paths: the engine's canonical comparison of the inputs, plus the fields the engine reported. */
function changedPathsOf(facts: ChangeFacts, fields: FieldTable): string[] {
  const olds = facts.oldInputs ?? {};
  const news = facts.newInputs ?? {};
  if (facts.operation === "create") return managedPaths(fields, news);
  if (facts.operation === "delete") return managedPaths(fields, olds);
  const compared = computeChanges(fields, news, olds, managedPaths(fields, olds)).paths;
  const reported = (facts.reported ?? [])
    .map((property) => property.split(/[.[]/)[0] ?? property)
    .filter((name) => Object.hasOwn(fields, name));
  return inTableOrder(fields, [...compared, ...reported]);
}

/** The planned change a door describes, with its changed fields found as the engine's diff finds them. */
export function plannedChange(facts: ChangeFacts): PlannedChange {
  const fields = managedFields(kindNamed(facts.kind));
  const creating = facts.operation === "create";
  const urn = facts.urn ?? "";
  return {
    kind: facts.kind,
    operation: facts.operation,
    changedPaths: changedPathsOf(facts, fields),
    ...(facts.oldInputs === undefined || creating ? {} : { oldInputs: facts.oldInputs }),
    ...(facts.newInputs === undefined || facts.operation === "delete" ? {} : { newInputs: facts.newInputs }),
    ...(facts.id === undefined || facts.id === "" || creating ? {} : { id: facts.id }),
    ...(urn === "" ? {} : { urn, name: urn.slice(urn.lastIndexOf("::") + 2) }),
  };
}
