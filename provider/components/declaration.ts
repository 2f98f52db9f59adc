import type { ProgramExample } from "../kinds/example";
import type { KindName } from "../kinds/names";
import type { ComponentName } from "../kinds/tokens";

/** An input that sets one field of one child: its type and documentation in the schema are that field's. */
export interface ChildFieldInput {
  readonly child: KindName;
  readonly field: string;
  /** What the input decides, and its default, for the schema and the reference. */
  readonly description: string;
  readonly required?: boolean;
}

/** A field of a child, as a dotted path: `{ child: "SessionSettings", path: "ssoAdminSource.sourceCidr" }`. */
export interface ChildPath {
  readonly child: KindName;
  readonly path: string;
}

/**
 * An input of the component's own: a string, a map of strings (annotations given to every child), or a list of
 * strings (a required list must hold at least one).
 */
export interface OwnInput {
  readonly type: "string" | "map" | "list";
  readonly description: string;
  readonly required?: boolean;
  /** The children's fields the input sets: a failure there is named after the input (`adminNetworks[1]`). */
  readonly sets?: readonly ChildPath[];
}

export type ComponentInput = ChildFieldInput | OwnInput;

/** A child the component registers: an ordinary resource of one of the kinds, parented to the component. */
export interface PlannedChild {
  /** The child's part in the component (`app`, `catalog`): the key of its id among the outputs. */
  readonly role: string;
  readonly kind: KindName;
  /** Its resource name: the component's name and its role, `payroll-app`. */
  readonly name: string;
  /** Its inputs, without the ids of its siblings (see {@link idsOf}). */
  readonly props: Readonly<Record<string, unknown>>;
  /** The fields that take a sibling's id, by the sibling's role: `{ appId: "app" }`. */
  readonly idsOf: Readonly<Record<string, string>>;
}

/** An output of the component: the id of one child, or one of its outputs (`field`), the value in effect. */
export interface ComponentOutput {
  readonly role: string;
  /** The child's kind. */
  readonly kind: KindName;
  /** The child's output this answers (its schema type is that output's); left out, the child's id. */
  readonly field?: string;
  readonly description: string;
  /** Whether the child is made only when an input asks for it. */
  readonly optional?: boolean;
}

/** A golden path, as data: its inputs, the children it makes from them, and the ids it answers. */
export interface ComponentDeclaration {
  readonly name: ComponentName;
  /** What the component builds, in one sentence. */
  readonly description: string;
  readonly inputs: Readonly<Record<string, ComponentInput>>;
  /** The example on its reference page, against the emulator's seeded tenant. */
  readonly example: ProgramExample;
  readonly outputs: Readonly<Record<string, ComponentOutput>>;
  /**
   * The children, in the order they are registered: a child comes after every sibling whose id it takes. Inputs
   * are the program's, checked by {@link checkComponentInputs} first.
   */
  plan(name: string, inputs: Readonly<Record<string, unknown>>): PlannedChild[];
}

/** Whether an input sets a child's field. */
export function isChildField(input: ComponentInput): input is ChildFieldInput {
  return "child" in input;
}
