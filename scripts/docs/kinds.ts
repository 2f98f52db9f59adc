/**
 * The kind declarations the reference is generated from, read in this one place: what each kind's fields are and how
 * they compare, whether its objects carry annotations, whether it is a singleton, how it updates and deletes.
 */
import type { FieldTable, ResourceKind } from "../../provider/engine";
import { kindNamed } from "../../resources/dynamic/kinds";
import { PUBLIC_OUTPUTS } from "../publicOutputs";

/** What a reference page needs to know about one kind. */
export interface KindFacts {
  readonly name: string;
  /** The managed fields and how each compares (`annotations` aside). */
  readonly fields: FieldTable;
  readonly annotations: boolean;
  /** The fixed id of a singleton (`sso`), undefined for kinds with objects of their own. */
  readonly singleton: string | undefined;
  /** Updates send every managed field rather than a mask. */
  readonly replaceStyleUpdate: boolean;
  /** Fields changed through calls of their own, not the update mask. */
  readonly sideFields: readonly string[];
  /** Outputs that are secret: answered once by the create and kept. */
  readonly secretOutputs: readonly string[];
  /** Whether the kind makes new objects; one that cannot writes an object that exists already (a campaign's scope). */
  readonly creates: boolean;
  /** Whether destroy can delete the object (a settings singleton or a campaign's scope is left). */
  readonly deletes: boolean;
}

/** The names of every kind, in the order of their public outputs. */
export const KIND_NAMES: readonly string[] = Object.keys(PUBLIC_OUTPUTS).map((name) =>
  name.replace(/Outputs$/, ""),
);

function factsOf(kind: ResourceKind): KindFacts {
  return {
    name: kind.name,
    fields: kind.fields,
    annotations: kind.annotations === true,
    singleton: kind.singleton,
    replaceStyleUpdate: kind.replaceStyleUpdate === true,
    sideFields: Object.keys(kind.sideFields ?? {}),
    secretOutputs: kind.onceOutputs ?? [],
    creates: kind.api.create !== undefined,
    deletes: kind.api.delete !== undefined,
  };
}

/** Every kind's facts. */
export function referenceKinds(): KindFacts[] {
  return KIND_NAMES.map((name) => factsOf(kindNamed(name)));
}
