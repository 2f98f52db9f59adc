/**
 * The schema reference page of one resource or function: its token, every input and output with its type in schema
 * terms, the named types and enumerations they reach, and the example in each language.
 */
import type { PropertySpec, TypeSpec } from "../../../provider/native/schemaTypes";
import { cell, code, GENERATED_NOTE, table } from "../markdown";
import { goProgram } from "./go";
import { JAVA_PACKAGE, javaProgram } from "./java";
import { type ProgramSubject, snakeCase } from "./program";
import { pythonProgram } from "./python";
import { type ObjectSpec, type SchemaView, tokenName } from "./schemaView";
import { NODE_PACKAGE, typescriptProgram } from "./typescript";
import { yamlProgram } from "./yaml";

/** A type in schema terms; a named type links to its section on the page. */
export function typeText(spec: TypeSpec): string {
  if (spec.$ref === "pulumi.json#/Any") return "any";
  if (spec.$ref !== undefined) {
    const name = tokenName(spec.$ref);
    return `[${name}](#${name.toLowerCase()})`;
  }
  if (spec.type === "array" && spec.items) return `array of ${typeText(spec.items)}`;
  if (spec.type === "object" && spec.additionalProperties)
    return `map of ${typeText(spec.additionalProperties)}`;
  return spec.type ?? "any";
}

function propertyRows(object: ObjectSpec, withRequired: boolean): string[][] {
  return Object.entries(object.properties).map(([name, spec]: [string, PropertySpec]) => [
    code(name),
    typeText(spec),
    ...(withRequired ? [object.required?.includes(name) ? "yes" : "no"] : []),
    spec.secret ? "yes" : "no",
    cell(spec.description ?? ""),
  ]);
}

/** A table of properties; an empty object says so. */
export function propertyTable(object: ObjectSpec, withRequired: boolean): string[] {
  if (Object.keys(object.properties).length === 0) return ["None."];
  const header = ["Name", "Type", ...(withRequired ? ["Required"] : []), "Secret", "Description"];
  return table(header, propertyRows(object, withRequired));
}

function typesSections(view: SchemaView, objects: readonly ObjectSpec[]): string[] {
  const refs = view.reachableTypes(objects);
  const lines: string[] = [];
  const objectRefs = refs.filter((ref) => view.namedType(ref).type === "object");
  const enumRefs = refs.filter((ref) => view.namedType(ref).type === "string");
  if (objectRefs.length > 0) lines.push("## Types", "");
  for (const ref of objectRefs) {
    const named = view.namedType(ref);
    if (named.type !== "object") continue;
    const token = ref.slice("#/types/".length);
    lines.push(`### ${tokenName(token)}`, "", `Token ${code(token)}.`, "");
    if (named.description) lines.push(named.description, "");
    lines.push(...propertyTable(named, true), "");
  }
  if (enumRefs.length > 0) lines.push("## Enumerations", "");
  for (const ref of enumRefs) {
    const named = view.namedType(ref);
    if (named.type !== "string") continue;
    const token = ref.slice("#/types/".length);
    lines.push(`### ${tokenName(token)}`, "", `Token ${code(token)}.`, "", named.description, "");
    lines.push(
      "TypeScript and YAML write a member as its value; Python and Go by the names below. The schema gives no",
      "member a description of its own unless the column says one.",
      "",
    );
    lines.push(
      ...table(
        ["Member", "Value", "Python", "Go", "Description"],
        named.enum.map((member: { name: string; value: string; description?: string }) => [
          code(member.name),
          code(member.value),
          code(`idgov.${tokenName(token)}.${snakeCase(member.name).toUpperCase()}`),
          code(`idgov.${tokenName(token)}${member.name}`),
          cell(member.description ?? ""),
        ]),
      ),
      "",
    );
  }
  return lines;
}

function fence(language: string, text: string): string[] {
  return ["```" + language, text, "```", ""];
}

function exampleSection(subject: ProgramSubject, dynamicExample: string | undefined): string[] {
  return [
    "## Example",
    "",
    `### TypeScript (${code(NODE_PACKAGE)}, sdk/nodejs)`,
    "",
    ...fence("ts", typescriptProgram(subject)),
    "### Python (`pulumi_idgov`, sdk/python)",
    "",
    ...fence("python", pythonProgram(subject)),
    "### Go (sdk/go)",
    "",
    ...fence("go", goProgram(subject)),
    `### Java (${code(JAVA_PACKAGE)}, sdk/java)`,
    "",
    ...fence("java", javaProgram(subject)),
    "### YAML",
    "",
    ...fence("yaml", yamlProgram(subject)),
    ...(dynamicExample === undefined
      ? []
      : ["### TypeScript, dynamic classes (`pulumi-idgov`)", "", ...fence("ts", dynamicExample)]),
  ];
}

/**
 * The page of a resource or function. `dynamic` is its dynamic class's example and page, if it has one;
 * `importSection` the lines of its Import section, if it is a resource `pulumi import` reads.
 */
export function schemaPage(
  subject: ProgramSubject,
  description: string,
  dynamic: { example: string; page: string } | undefined,
  importSection: readonly string[] = [],
): string {
  const resource = subject.kind === "resource";
  const outputs: ObjectSpec = resource
    ? {
        properties: {
          id: { type: "string", description: "The provider's id of the object." },
          ...subject.outputs.properties,
        },
      }
    : subject.outputs;
  return [
    `# ${subject.name}`,
    "",
    GENERATED_NOTE,
    "",
    `${resource ? "Resource" : "Function"} ${code(subject.token)} of the schema (\`pulumi-idgov schema\`).` +
      (dynamic ? ` The page of its dynamic class: [${subject.name}](${dynamic.page}).` : ""),
    "",
    description,
    "",
    ...exampleSection(subject, dynamic?.example),
    `## ${resource ? "Inputs" : "Arguments"}`,
    "",
    ...propertyTable(subject.inputs, true),
    "",
    `## ${resource ? "Outputs" : "Result"}`,
    "",
    ...(resource ? ["Every input is an output too, with the value the service answered.", ""] : []),
    ...propertyTable(outputs, false),
    "",
    ...typesSections(subject.view, [subject.inputs, outputs]),
    ...importSection,
  ].join("\n");
}
