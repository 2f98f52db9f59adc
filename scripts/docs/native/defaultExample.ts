/**
 * The example of a resource or function that `examples.ts` does not name yet (one added to the schema since): its
 * required inputs only, each a placeholder of its type, and its first output exported. A page never waits for one.
 */
import type { ExampleValue, ProgramExample } from "./examples";
import type { ObjectSpec, SchemaView, Shape } from "./schemaView";

function placeholder(view: SchemaView, shape: Shape, name: string): ExampleValue {
  switch (shape.kind) {
    case "string":
    case "any":
      return `example-${name}`;
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "enum":
      return (
        (shape.members.find((member) => !member.value.endsWith("_UNSPECIFIED")) ?? shape.members[0])?.value ??
        ""
      );
    case "array":
      return [placeholder(view, shape.items, name)];
    case "map":
      return { key: placeholder(view, shape.values, name) };
    case "object":
      return requiredInputs(view, shape.object);
  }
}

function requiredInputs(view: SchemaView, object: ObjectSpec): Record<string, ExampleValue> {
  return Object.fromEntries(
    (object.required ?? []).map((name) => [
      name,
      placeholder(view, view.propertyShape(object, name, "a type"), name),
    ]),
  );
}

/** The example of `name` (`App`, `listInputs`) made from its schema. */
export function defaultExample(
  view: SchemaView,
  name: string,
  inputs: ObjectSpec,
  outputs: ObjectSpec,
): ProgramExample {
  const variable = `${name.charAt(0).toLowerCase()}${name.slice(1)}Example`;
  const first = Object.keys(outputs.properties)[0];
  return {
    variable,
    inputs: requiredInputs(view, inputs),
    exports: first === undefined ? {} : { [`${first}Value`]: first },
  };
}
