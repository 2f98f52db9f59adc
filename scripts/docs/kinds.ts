/**
 * The kind declarations the reference is generated from (`provider/kinds`), read in this one place: what each kind
 * is, its fields and how they compare, whether its objects carry annotations, whether it is a singleton, how it
 * updates and deletes, and which outputs are secret.
 */
import type { FieldTable } from "../../provider/engine";
import { KINDS, type KindDeclaration } from "../../provider/kinds";

/** What a reference page needs to know about one kind. */
export interface KindFacts {
  readonly name: string;
  /** What an object of the kind is, in one sentence. */
  readonly description: string;
  /** The managed fields and how each compares (`annotations` aside). */
  readonly fields: FieldTable;
  readonly annotations: boolean;
  /** The fixed id of a singleton (`sso`), undefined for kinds with objects of their own. */
  readonly singleton: string | undefined;
  /** Updates send every managed field rather than a mask. */
  readonly replaceStyleUpdate: boolean;
  /** Fields changed through calls of their own, not the update mask. */
  readonly sideFields: readonly string[];
  /** The outputs kept encrypted in state. */
  readonly secretOutputs: readonly string[];
  /** Whether the kind makes new objects; one that cannot writes an object that exists already (a campaign's scope). */
  readonly creates: boolean;
  /** Whether destroy can delete the object (a settings singleton or a campaign's scope is left). */
  readonly deletes: boolean;
  /** How the tenant's objects of the kind are read: a list, a singleton, collections under apps, named ones. */
  readonly listing: KindDeclaration["listing"];
}

function factsOf(kind: KindDeclaration): KindFacts {
  return {
    name: kind.name,
    description: kind.description,
    fields: kind.fields,
    annotations: kind.annotations === true,
    singleton: kind.singleton,
    replaceStyleUpdate: kind.replaceStyleUpdate === true,
    sideFields: Object.keys(kind.sideFields ?? {}),
    secretOutputs: kind.secretOutputs,
    creates: kind.api.create !== undefined,
    deletes: kind.api.delete !== undefined,
    listing: kind.listing,
  };
}

/** Every kind's facts, in the registry's order. */
export function referenceKinds(): KindFacts[] {
  return KINDS.map(factsOf);
}
