/** The Python example of a schema reference page: the SDK `pulumi_idgov` (sdk/python), as mypy --strict accepts it. */
import { type ExampleValue, isSecretConfig } from "./examples";
import { exportsOf, type ProgramSubject, snakeCase } from "./program";
import type { EnumMember, Shape } from "./schemaView";

const UNIT = "    ";

/** The member of an enumeration whose value an example names, or a clear error. */
export function enumMember(
  shape: { name: string; members: readonly EnumMember[] },
  value: ExampleValue,
): EnumMember {
  const member = shape.members.find((each) => each.value === value);
  if (member === undefined) throw new Error(`${String(value)} is not a member of ${shape.name}`);
  return member;
}

/** `id="x", limit=5` on lines of their own, or nothing. */
function keywordLines(pairs: readonly string[], indent: string): string {
  return pairs.map((pair) => `\n${indent}${UNIT}${pair},`).join("") + (pairs.length > 0 ? `\n${indent}` : "");
}

function pyValue(
  value: ExampleValue,
  shape: Shape,
  indent: string,
  subject: ProgramSubject,
  at: string,
): string {
  if (isSecretConfig(value)) return `pulumi.Config().require_secret(${JSON.stringify(value.secretConfig)})`;
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") {
    if (shape.kind === "enum")
      return `idgov.${shape.name}.${snakeCase(enumMember(shape, value).name).toUpperCase()}`;
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    const items = shape.kind === "array" ? shape.items : shape;
    const written = value.map((item, index) =>
      pyValue(item, items, indent + UNIT, subject, `${at}[${index}]`),
    );
    return items.kind === "object" ? `[${keywordLines(written, indent)}]` : `[${written.join(", ")}]`;
  }
  const entries = Object.entries(value as Record<string, ExampleValue>);
  if (shape.kind === "object") {
    const pairs = entries.map(([key, item]) => {
      const inner = subject.view.propertyShape(shape.object, key, `${subject.token} ${at}`);
      return `${snakeCase(key)}=${pyValue(item, inner, indent + UNIT, subject, `${at}.${key}`)}`;
    });
    const type = subject.kind === "resource" ? `${shape.name}Args` : shape.name;
    return `idgov.${type}(${keywordLines(pairs, indent)})`;
  }
  const values = shape.kind === "map" ? shape.values : shape;
  const pairs = entries.map(
    ([key, item]) => `${JSON.stringify(key)}: ${pyValue(item, values, indent, subject, `${at}.${key}`)}`,
  );
  return `{${pairs.join(", ")}}`;
}

/** The Python statement of an example: `variable = idgov.App("name", …)` or `… = idgov.get_app_output(…)`. */
export function pythonStatement(subject: ProgramSubject): string {
  const { example, name } = subject;
  const keywords = Object.entries(example.inputs).map(([key, value]) => {
    const shape = subject.view.propertyShape(subject.inputs, key, subject.token);
    return `${snakeCase(key)}=${pyValue(value, shape, UNIT, subject, key)}`;
  });
  const logicalName = JSON.stringify(example.resourceName ?? example.variable);
  const call =
    subject.kind === "resource"
      ? `idgov.${name}(${keywordLines([logicalName, ...keywords], "")})`
      : `idgov.${snakeCase(name)}_output(${keywordLines(keywords, "")})`;
  return `${snakeCase(example.variable)} = ${call}`;
}

/** The imports every Python program of the SDK starts with. */
export const PYTHON_IMPORTS = ["import pulumi", "import pulumi_idgov as idgov"];

/** The Python program of an example. */
export function pythonProgram(subject: ProgramSubject): string {
  const variable = snakeCase(subject.example.variable);
  return [
    ...PYTHON_IMPORTS,
    "",
    pythonStatement(subject),
    "",
    ...exportsOf(subject).map(
      ([output, property]) => `pulumi.export(${JSON.stringify(output)}, ${variable}.${snakeCase(property)})`,
    ),
  ].join("\n");
}
