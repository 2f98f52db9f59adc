/** The TypeScript example of a schema reference page: the native SDK `@pulumi-idgov/idgov` (sdk/nodejs). */
import { type ExampleValue, isSecretConfig } from "./examples";
import { exportsOf, type ProgramSubject } from "./program";
import type { Shape } from "./schemaView";

/** The npm name of the SDK generated from the schema. */
export const NODE_PACKAGE = "@pulumi-idgov/idgov";

function literal(value: ExampleValue, shape: Shape, at: string, subject: ProgramSubject): string {
  if (isSecretConfig(value)) return `config.requireSecret(${JSON.stringify(value.secretConfig)})`;
  if (Array.isArray(value)) {
    const items = shape.kind === "array" ? shape.items : shape;
    return `[${value.map((item, index) => literal(item, items, `${at}[${index}]`, subject)).join(", ")}]`;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, ExampleValue>).map(([key, item]) => {
      const inner =
        shape.kind === "object"
          ? subject.view.propertyShape(shape.object, key, `${subject.token} ${at}`)
          : shape.kind === "map"
            ? shape.values
            : shape;
      const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
      return `${name}: ${literal(item, inner, `${at}.${key}`, subject)}`;
    });
    return `{ ${entries.join(", ")} }`;
  }
  // An enumeration's member is written as its value: the SDK's enum types are unions of the values.
  return JSON.stringify(value);
}

function usesSecret(value: ExampleValue): boolean {
  if (isSecretConfig(value)) return true;
  if (Array.isArray(value)) return value.some(usesSecret);
  return typeof value === "object" && Object.values(value as Record<string, ExampleValue>).some(usesSecret);
}

/** The TypeScript program of an example. */
export function typescriptProgram(subject: ProgramSubject): string {
  const { example, name } = subject;
  const args = Object.entries(example.inputs).map(
    ([key, value]) =>
      `${key}: ${literal(value, subject.view.propertyShape(subject.inputs, key, subject.token), key, subject)}`,
  );
  const object = `{ ${args.join(", ")} }`;
  const secret = Object.values(example.inputs).some(usesSecret);
  const lines = [
    ...(secret ? [`import * as pulumi from "@pulumi/pulumi";`] : []),
    `import * as idgov from "${NODE_PACKAGE}";`,
    "",
    ...(secret ? ["const config = new pulumi.Config();"] : []),
    subject.kind === "resource"
      ? `const ${example.variable} = new idgov.${name}("${example.variable}", ${object});`
      : `const ${example.variable} = idgov.${name}Output(${args.length > 0 ? object : ""});`,
    "",
    ...exportsOf(subject).map(
      ([output, property]) => `export const ${output} = ${example.variable}.${property};`,
    ),
  ];
  return lines.join("\n");
}
