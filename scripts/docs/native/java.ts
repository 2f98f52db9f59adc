/**
 * The Java example of a schema reference page: the package `com.pulumiidgov.idgov` of sdk/java. Arguments are
 * built (`AppArgs.builder()….build()`), enumerations are constants of their enum class, lists and maps are
 * `List.of` and `Map.of`; a function answers an `Output` of its result.
 */
import { type ExampleValue, isSecretConfig } from "./examples";
import { enumMember } from "./python";
import { exportsOf, type ProgramSubject, titleCase } from "./program";
import type { Shape } from "./schemaView";

/** The Java package of the SDK (the schema's `basePackage` and the package's name). */
export const JAVA_PACKAGE = "com.pulumiidgov.idgov";

const UNIT = "    ";

/** The classes a program names, each imported once. */
class Imports {
  private readonly names = new Set<string>();
  use(qualified: string): string {
    this.names.add(qualified);
    return qualified.slice(qualified.lastIndexOf(".") + 1);
  }
  lines(): string[] {
    return [...this.names].sort().map((name) => `import ${name};`);
  }
}

function scalar(value: ExampleValue, shape: Shape): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (shape.kind === "number" && typeof value === "number")
    return Number.isInteger(value) ? `${value}.0` : String(value);
  return String(value);
}

/** A map literal: `Map.of` up to ten entries, `Map.ofEntries` beyond. */
function mapOf(entries: [string, string][], imports: Imports): string {
  const map = imports.use("java.util.Map");
  if (entries.length <= 10)
    return `${map}.of(${entries.map(([key, item]) => `${JSON.stringify(key)}, ${item}`).join(", ")})`;
  return `${map}.ofEntries(${entries.map(([key, item]) => `${map}.entry(${JSON.stringify(key)}, ${item})`).join(", ")})`;
}

/** A value of type Any, as plain Java. */
function anyValue(value: ExampleValue, imports: Imports): string {
  if (Array.isArray(value))
    return `${imports.use("java.util.List")}.of(${value.map((item) => anyValue(item, imports)).join(", ")})`;
  if (typeof value === "object" && value !== null)
    return mapOf(
      Object.entries(value as Record<string, ExampleValue>).map(([key, item]) => [
        key,
        anyValue(item, imports),
      ]),
      imports,
    );
  return scalar(value, { kind: "any" });
}

interface Writing {
  readonly subject: ProgramSubject;
  readonly imports: Imports;
}

function value(item: ExampleValue, shape: Shape, indent: string, writing: Writing, at: string): string {
  const { subject, imports } = writing;
  if (isSecretConfig(item)) return `ctx.config().requireSecret(${JSON.stringify(item.secretConfig)})`;
  switch (shape.kind) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return scalar(item, shape);
    case "enum":
      return `${imports.use(`${JAVA_PACKAGE}.enums.${shape.name}`)}.${enumMember(shape, item).name}`;
    case "array":
      return `${imports.use("java.util.List")}.of(${(item as readonly ExampleValue[])
        .map((each, index) => value(each, shape.items, indent, writing, `${at}[${index}]`))
        .join(", ")})`;
    case "map":
      return mapOf(
        Object.entries(item as Record<string, ExampleValue>).map(([key, each]) => [
          key,
          shape.values.kind === "any"
            ? anyValue(each, imports)
            : value(each, shape.values, indent, writing, `${at}.${key}`),
        ]),
        imports,
      );
    case "object": {
      const type = imports.use(`${JAVA_PACKAGE}.inputs.${shape.name}Args`);
      return `${type}.builder()${builderCalls(item, shape.object, `${indent}${UNIT}`, writing, at)}\n${indent}${UNIT}.build()`;
    }
    case "any":
      return anyValue(item, imports);
  }
  throw new Error(`${subject.token} ${at}: no Java value for ${(shape as Shape).kind}`);
}

/** `.displayName("x")` for each field of an object, one a line. */
function builderCalls(
  item: ExampleValue,
  object: Extract<Shape, { kind: "object" }>["object"],
  indent: string,
  writing: Writing,
  at: string,
): string {
  return Object.entries(item as Record<string, ExampleValue>)
    .map(([key, each]) => {
      const inner = writing.subject.view.propertyShape(object, key, `${writing.subject.token} ${at}`);
      return `\n${indent}${UNIT}.${key}(${value(each, inner, `${indent}${UNIT}`, writing, `${at}.${key}`)})`;
    })
    .join("");
}

/** The Java program of an example: a class `Main` whose `main` runs the stack. */
export function javaProgram(subject: ProgramSubject): string {
  const { example, name } = subject;
  const imports = new Imports();
  const writing = { subject, imports };
  imports.use("com.pulumi.Pulumi");
  const indent = UNIT.repeat(3);
  const hasArgs = Object.keys(example.inputs).length > 0;
  let call: string;
  if (subject.kind === "resource") {
    const type = imports.use(`${JAVA_PACKAGE}.${name}`);
    const args = imports.use(`${JAVA_PACKAGE}.${name}Args`);
    const logicalName = JSON.stringify(example.resourceName ?? example.variable);
    call = `new ${type}(${logicalName}, ${args}.builder()${builderCalls(example.inputs, subject.inputs, indent, writing, "")}\n${indent}${UNIT}.build())`;
  } else {
    const functions = imports.use(`${JAVA_PACKAGE}.IdgovFunctions`);
    const args = hasArgs
      ? `${imports.use(`${JAVA_PACKAGE}.inputs.${titleCase(name)}Args`)}.builder()${builderCalls(example.inputs, subject.inputs, indent, writing, "")}\n${indent}${UNIT}.build()`
      : "";
    call = `${functions}.${name}(${args})`;
  }
  const variable = example.variable;
  const exports = exportsOf(subject).map(([output, property]) =>
    subject.kind === "resource"
      ? `${indent}ctx.export(${JSON.stringify(output)}, ${variable}.${property}());`
      : `${indent}ctx.export(${JSON.stringify(output)}, ${variable}.applyValue(result -> result.${property}()));`,
  );
  return [
    "package myproject;",
    "",
    ...imports.lines(),
    "",
    "public class Main {",
    `${UNIT}public static void main(String[] args) {`,
    `${UNIT}${UNIT}Pulumi.run(ctx -> {`,
    `${indent}var ${variable} = ${call};`,
    ...exports,
    `${UNIT}${UNIT}});`,
    `${UNIT}}`,
    "}",
  ].join("\n");
}
