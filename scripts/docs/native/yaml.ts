/** The YAML example of a schema reference page: a Pulumi YAML program, with the schema's names and tokens. */
import { type ExampleValue, isSecretConfig } from "./examples";
import { exportsOf, type ProgramSubject } from "./program";

/** The secrets an example reads from config. */
function secretsOf(value: ExampleValue): string[] {
  if (isSecretConfig(value)) return [value.secretConfig];
  if (Array.isArray(value)) return value.flatMap(secretsOf);
  return typeof value === "object"
    ? Object.values(value as Record<string, ExampleValue>).flatMap(secretsOf)
    : [];
}

/** A value as block YAML at an indentation; scalars in JSON form, which YAML reads as they are. */
function yamlValue(value: ExampleValue, indent: string): string {
  if (isSecretConfig(value)) return ` \${${value.secretConfig}}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return " []";
    return value
      .map((item) => `\n${indent}-${yamlValue(item, `${indent}  `).replace(/^\n\s*/, " ")}`)
      .join("");
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, ExampleValue>);
    if (entries.length === 0) return " {}";
    return entries.map(([key, item]) => `\n${indent}${key}:${yamlValue(item, `${indent}  `)}`).join("");
  }
  return ` ${JSON.stringify(value)}`;
}

/** The YAML program of an example (a Pulumi.yaml's program part). */
export function yamlProgram(subject: ProgramSubject): string {
  const { example, token } = subject;
  const secrets = Object.values(example.inputs).flatMap(secretsOf);
  const lines = [
    ...(secrets.length > 0
      ? ["config:", ...secrets.flatMap((name) => [`  ${name}:`, "    type: string", "    secret: true"])]
      : []),
  ];
  const body = Object.keys(example.inputs).length > 0 ? yamlValue(example.inputs, "      ") : "";
  if (subject.kind === "resource") {
    lines.push(
      "resources:",
      `  ${example.variable}:`,
      `    type: ${token}`,
      ...(body ? [`    properties:${body}`] : []),
    );
  } else {
    const args = Object.keys(example.inputs).length > 0 ? yamlValue(example.inputs, "        ") : "";
    lines.push(
      "variables:",
      `  ${example.variable}:`,
      "    fn::invoke:",
      `      function: ${token}`,
      ...(args ? [`      arguments:${args}`] : []),
    );
  }
  lines.push(
    "outputs:",
    ...exportsOf(subject).map(([output, property]) => `  ${output}: \${${example.variable}.${property}}`),
  );
  return lines.join("\n");
}
