/**
 * The schema reference: one page per resource and per function of the package schema (`pulumi-idgov schema`),
 * under `docs/reference/schema/`, each with its example in every language (`examples.ts`, else one made from the
 * schema by `defaultExample.ts`). An example of no resource or function fails the generation.
 */
import type { PropertySpec } from "../../../provider/native/schemaTypes";
import { FUNCTION_PROGRAMS, type ProgramExample, RESOURCE_PROGRAMS } from "./examples";
import { defaultExample } from "./defaultExample";
import { nativeImportSection } from "../importSection";
import { referenceKinds } from "../kinds";
import { schemaPage } from "./page";
import type { ProgramSubject } from "./program";
import { type ObjectSpec, SchemaView, tokenName } from "./schemaView";

/** The folder of the schema pages under docs/reference/. */
export const SCHEMA_DIR = "schema";

/** A dynamic-class example of a resource or lookup, by name, where the dynamic door has one. */
export type DynamicExamples = Readonly<Record<string, string>>;

interface Entry {
  readonly token: string;
  readonly name: string;
  readonly description: string;
}

function leftOver(programs: Readonly<Record<string, ProgramExample>>, tokens: readonly string[]): string[] {
  return Object.keys(programs).filter((name) => !tokens.some((token) => tokenName(token) === name));
}

/** A resource of the schema with the inputs of one program (an example's, or an imported object's). */
export function resourceSubject(
  view: SchemaView,
  token: string,
  example: ProgramExample | undefined,
): ProgramSubject {
  const spec = (view.schema.resources as Record<string, (typeof view.schema.resources)[string]>)[token];
  if (spec === undefined) throw new Error(`the schema has no resource ${token}`);
  const inputs: ObjectSpec = {
    properties: spec.inputProperties as Record<string, PropertySpec>,
    ...("requiredInputs" in spec ? { required: spec.requiredInputs as string[] } : {}),
  };
  const outputs: ObjectSpec = { properties: spec.properties };
  const name = tokenName(token);
  const written = example ?? defaultExample(view, name, inputs, outputs);
  return { view, token, name, kind: "resource", example: written, inputs, outputs };
}

/** Every schema page, by its path under docs/reference/, and the index lines linking them. */
export function schemaPages(
  dynamicResources: DynamicExamples,
  dynamicLookups: DynamicExamples,
): { pages: Map<string, string>; index: string[] } {
  const view = new SchemaView();
  const kinds = new Map(referenceKinds().map((kind) => [kind.name, kind]));
  const { resources, functions } = view.schema;
  const pages = new Map<string, string>();
  const index: { resources: string[]; functions: string[] } = { resources: [], functions: [] };
  const add = (
    subject: ProgramSubject,
    entry: Entry,
    folder: "resources" | "functions",
    dynamic?: string,
  ) => {
    const kind = folder === "resources" ? kinds.get(entry.name) : undefined;
    const dynamicFolder = folder === "resources" ? "resources" : "lookups";
    const page = schemaPage(
      subject,
      entry.description,
      dynamic === undefined
        ? undefined
        : { example: dynamic, page: `../../${dynamicFolder}/${entry.name}.md` },
      kind === undefined ? [] : nativeImportSection(kind, entry.token),
    );
    pages.set(`${SCHEMA_DIR}/${folder}/${entry.name}.md`, page);
    index[folder].push(`- [${entry.name}](${SCHEMA_DIR}/${folder}/${entry.name}.md): ${code(entry.token)}`);
  };
  for (const [token, spec] of Object.entries(resources)) {
    const name = tokenName(token);
    const subject = resourceSubject(view, token, RESOURCE_PROGRAMS[name]);
    add(subject, { token, name, description: spec.description }, "resources", dynamicResources[name]);
  }
  for (const [token, spec] of Object.entries(functions)) {
    const name = tokenName(token);
    const inputs: ObjectSpec = "inputs" in spec ? spec.inputs : { properties: {} };
    const outputs = spec.outputs as ObjectSpec;
    const example = FUNCTION_PROGRAMS[name] ?? defaultExample(view, name, inputs, outputs);
    const subject: ProgramSubject = { view, token, name, kind: "function", example, inputs, outputs };
    add(subject, { token, name, description: spec.description }, "functions", dynamicLookups[name]);
  }
  const unused = [
    ...leftOver(RESOURCE_PROGRAMS, Object.keys(resources)),
    ...leftOver(FUNCTION_PROGRAMS, Object.keys(functions)),
  ];
  if (unused.length > 0) throw new Error(`schema examples of no resource or function: ${unused.join(", ")}`);
  return {
    pages,
    index: [
      "## Schema: every language",
      "",
      "One page per resource and function of the package schema (`pulumi-idgov schema`), the one the SDKs of",
      "[sdk/](../../sdk) are generated from: every input, output and enumeration member, and an example in",
      "TypeScript, Python, Go, Java and YAML.",
      "",
      "### Resources",
      "",
      ...index.resources,
      "",
      "### Functions",
      "",
      ...index.functions,
      "",
    ],
  };
}

function code(text: string): string {
  return `\`${text}\``;
}
