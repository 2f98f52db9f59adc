/**
 * The Go example of a schema reference page: the package `idgov` of sdk/go. Resources take input types
 * (`pulumi.String`, `&idgov.XArgs{…}`); functions are invoked plainly (`idgov.LookupApp`), their optional
 * arguments as pointers (`pulumi.IntRef`).
 */
import { type ExampleValue, isSecretConfig } from "./examples";
import { enumMember } from "./python";
import { exportsOf, type ProgramSubject, titleCase } from "./program";
import type { Shape } from "./schemaView";

/** The import path of the Go SDK's package. */
export const GO_PACKAGE = "github.com/pulumi-idgov/pulumi-idgov/sdk/go/idgov";

const SCALAR_INPUTS = { string: "String", integer: "Int", number: "Float64", boolean: "Bool" } as const;

/** Pulumi's Go name of a function: `getApp` is `LookupApp` when a resource `App` exists, else `GetX`, `ListX`. */
export function goFunctionName(subject: ProgramSubject): string {
  const name = titleCase(subject.name);
  const resource = name.startsWith("Get") ? `idgov:index:${name.slice(3)}` : "";
  return resource in subject.view.schema.resources ? `Lookup${name.slice(3)}` : name;
}

function goScalar(value: ExampleValue): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** An input value (resources): every value wrapped in its input type. */
function inputValue(
  value: ExampleValue,
  shape: Shape,
  indent: string,
  subject: ProgramSubject,
  at: string,
): string {
  if (isSecretConfig(value)) return `config.RequireSecret(ctx, ${JSON.stringify(value.secretConfig)})`;
  switch (shape.kind) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return `pulumi.${SCALAR_INPUTS[shape.kind]}(${goScalar(value)})`;
    case "enum":
      return `idgov.${shape.name}${enumMember(shape, value).name}`;
    case "array": {
      const items = (value as readonly ExampleValue[]).map((item, index) =>
        inputValue(item, shape.items, `${indent}\t`, subject, `${at}[${index}]`),
      );
      const type = arrayType(shape.items);
      return `${type}{${items.map((item) => `\n${indent}\t${item.replace(/^&/, "")},`).join("")}\n${indent}}`;
    }
    case "map": {
      const strings = shape.values.kind === "string";
      const entries = Object.entries(value as Record<string, ExampleValue>).map(([key, item]) =>
        strings
          ? `${JSON.stringify(key)}: pulumi.String(${goScalar(item)})`
          : `${JSON.stringify(key)}: pulumi.Any(${anyValue(item)})`,
      );
      return `pulumi.${strings ? "StringMap" : "Map"}{${entries.join(", ")}}`;
    }
    case "object":
      return `&idgov.${shape.name}Args{${fields(value, shape, indent, subject, at, inputValue)}}`;
    case "any":
      throw new Error(`${subject.token} ${at}: a value of type Any has no Go example`);
  }
}

/** A value of type Any, as a plain Go literal. */
function anyValue(value: ExampleValue): string {
  if (Array.isArray(value)) return `[]interface{}{${value.map(anyValue).join(", ")}}`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, ExampleValue>);
    const written = entries.map(([key, item]) => `${JSON.stringify(key)}: ${anyValue(item)}`);
    return `map[string]interface{}{${written.join(", ")}}`;
  }
  return goScalar(value);
}

function arrayType(items: Shape): string {
  if (items.kind === "object" || items.kind === "enum") return `idgov.${items.name}Array`;
  if (items.kind === "map")
    return items.values.kind === "string" ? "pulumi.StringMapArray" : "pulumi.MapArray";
  if (items.kind in SCALAR_INPUTS)
    return `pulumi.${SCALAR_INPUTS[items.kind as keyof typeof SCALAR_INPUTS]}Array`;
  throw new Error(`no Go array type for ${items.kind}`);
}

type Writer = (
  value: ExampleValue,
  shape: Shape,
  indent: string,
  subject: ProgramSubject,
  at: string,
) => string;

/** The fields of an object literal, one a line. */
function fields(
  value: ExampleValue,
  shape:
    | Extract<Shape, { kind: "object" }>
    | { kind: "args"; object: Extract<Shape, { kind: "object" }>["object"] },
  indent: string,
  subject: ProgramSubject,
  at: string,
  write: Writer,
  optionalRef = false,
): string {
  const entries = Object.entries(value as Record<string, ExampleValue>);
  if (entries.length === 0) return "";
  const lines = entries.map(([key, item]) => {
    const inner = subject.view.propertyShape(shape.object, key, `${subject.token} ${at}`);
    const required = shape.object.required?.includes(key) ?? false;
    let written = write(item, inner, `${indent}\t`, subject, `${at}.${key}`);
    if (optionalRef && !required && inner.kind in SCALAR_INPUTS) {
      written = `pulumi.${SCALAR_INPUTS[inner.kind as keyof typeof SCALAR_INPUTS]}Ref(${written})`;
    }
    return `\n${indent}\t${titleCase(key)}: ${written},`;
  });
  return `${lines.join("")}\n${indent}`;
}

/** A plain value (function arguments). */
function plainValue(
  value: ExampleValue,
  shape: Shape,
  indent: string,
  subject: ProgramSubject,
  at: string,
): string {
  switch (shape.kind) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return goScalar(value);
    case "array":
      if (shape.items.kind !== "string")
        throw new Error(`${subject.token} ${at}: only plain lists of strings are written`);
      return `[]string{${(value as readonly ExampleValue[]).map(goScalar).join(", ")}}`;
    default:
      throw new Error(`${subject.token} ${at}: a plain ${shape.kind} argument has no Go example yet`);
  }
}

/** The Go program of an example. */
export function goProgram(subject: ProgramSubject): string {
  const { example } = subject;
  const exported = exportsOf(subject);
  const takesArgs = Object.keys(subject.inputs.properties).length > 0;
  const secret = JSON.stringify(example.inputs).includes('"secretConfig"');
  const variable = exported.length > 0 ? example.variable : "_";
  let call: string;
  if (subject.kind === "resource") {
    const args = fields(
      example.inputs,
      { kind: "args", object: subject.inputs },
      "\t\t",
      subject,
      "",
      inputValue,
    );
    call = `idgov.New${subject.name}(ctx, ${JSON.stringify(example.variable)}, &idgov.${subject.name}Args{${args}})`;
  } else {
    const name = goFunctionName(subject);
    const args = fields(
      example.inputs,
      { kind: "args", object: subject.inputs },
      "\t\t",
      subject,
      "",
      plainValue,
      true,
    );
    call = takesArgs ? `idgov.${name}(ctx, &idgov.${name}Args{${args}})` : `idgov.${name}(ctx)`;
  }
  const exports = exported.map(([output, property]) =>
    subject.kind === "resource"
      ? `\t\tctx.Export(${JSON.stringify(output)}, ${variable}.${property === "id" ? "ID()" : titleCase(property)})`
      : `\t\tctx.Export(${JSON.stringify(output)}, pulumi.Any(${variable}.${titleCase(property)}))`,
  );
  return [
    "package main",
    "",
    "import (",
    `\t"${GO_PACKAGE}"`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(secret ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    `\t\t${variable}, err := ${call}`,
    "\t\tif err != nil {",
    "\t\t\treturn err",
    "\t\t}",
    ...exports,
    "\t\treturn nil",
    "\t})",
    "}",
  ].join("\n");
}
