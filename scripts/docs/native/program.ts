/** What every example writer needs: the example, where it goes in the schema, and the names shared by languages. */
import type { ProgramExample } from "./examples";
import type { ObjectSpec, SchemaView } from "./schemaView";

/** One example to write: a resource's or a function's, with the schema objects it is checked against. */
export interface ProgramSubject {
  readonly view: SchemaView;
  readonly token: string;
  /** `App` or `getApp`. */
  readonly name: string;
  readonly kind: "resource" | "function";
  readonly example: ProgramExample;
  /** The resource's inputs or the function's arguments. */
  readonly inputs: ObjectSpec;
  /** The resource's outputs (`id` besides) or the function's result. */
  readonly outputs: ObjectSpec;
}

/** The output properties the example exports, each checked to exist. */
export function exportsOf(subject: ProgramSubject): [string, string][] {
  return Object.entries(subject.example.exports).map(([name, property]) => {
    if (name === subject.example.variable) {
      throw new Error(`the example of ${subject.token} exports ${name}, the name of its variable`);
    }
    const known = property === "id" && subject.kind === "resource";
    if (!known && subject.outputs.properties[property] === undefined) {
      throw new Error(`the example of ${subject.token} exports ${property}, which is not an output of it`);
    }
    return [name, property];
  });
}

/** `displayName` → `display_name`, `scopeV2` → `scope_v2`, `getApp` → `get_app`, as Pulumi's Python names. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/** `displayName` → `DisplayName`, as Pulumi's Go names. */
export function titleCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Indents every line after the first by `depth` levels of `unit`. */
export function indentRest(text: string, unit: string): string {
  return text.replace(/\n/g, `\n${unit}`);
}
