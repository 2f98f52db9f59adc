/**
 * Writes `docs/reference/`: one page per resource kind and per lookup, the configuration table and an index, from the
 * kind declarations (`scripts/docs/kinds.ts`), the public types (`resources/types.ts`, written by `npm run gen:types`
 * from the zod shapes and their TSDoc) and the config-key table (`provider/client/configKeys.ts`).
 *
 * `npm run gen:docs` rewrites the folder; `test/docs/reference.test.ts` fails when a page is stale.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { CONFIG_KEYS } from "../../provider/client/configKeys";
import { LOOKUP_EXAMPLES, RESOURCE_EXAMPLES } from "./examples";
import { type KindFacts, referenceKinds } from "./kinds";
import { lookupPage } from "./lookupPage";
import { cell, code, GENERATED_NOTE, table } from "./markdown";
import { schemaPages } from "./native/pages";
import { policyPage } from "./policyPage";
import { resourcePage } from "./resourcePage";
import { TypeModel } from "./typeModel";

const ROOT = path.resolve(__dirname, "..", "..");
/** Where the pages go. */
export const REFERENCE_DIR = path.join(ROOT, "docs", "reference");

function exampleOf(examples: Readonly<Record<string, string>>, name: string): string {
  const example = examples[name];
  if (example === undefined) throw new Error(`scripts/docs/examples.ts has no example for ${name}`);
  return example;
}

/** The lookups: every exported function with an `…Output` twin, in the order of the package's exports. */
function lookupNames(types: TypeModel): string[] {
  const names = types.exportedNames();
  return names.filter((name) => !name.endsWith("Output") && names.includes(`${name}Output`));
}

function configurationPage(): string {
  return [
    "# Configuration",
    "",
    GENERATED_NOTE,
    "",
    "Every setting the provider and the lookups read: stack config (`pulumi config set idgov:…`, secrets with",
    "`--secret`), else the environment variable. A missing or malformed setting fails naming the key and both ways to",
    "set it. Where to keep credentials: [configuration and credentials](../guides/configuration.md).",
    "",
    ...table(
      ["Stack config key", "Environment variable", "Default", "Secret", "Meaning"],
      CONFIG_KEYS.map((info) => [
        code(info.key),
        code(info.envVar),
        info.default === undefined ? "—" : code(info.default),
        info.secret ? "yes" : "no",
        cell(info.description),
      ]),
    ),
    "",
  ].join("\n");
}

/** The first sentence of a description, for an index line. */
function firstSentence(text: string): string {
  return text.split(/(?<=\.)\s+(?=[A-Z])/)[0] ?? text;
}

function indexPage(
  kinds: readonly KindFacts[],
  lookups: readonly string[],
  types: TypeModel,
  schemaIndex: readonly string[],
): string {
  return [
    "# Reference",
    "",
    GENERATED_NOTE,
    "",
    "Generated from the package schema, the kind declarations, the public types and the config-key table by",
    "`npm run gen:docs`;",
    "a test fails when a page is stale. Guides by task: [docs/guides](../guides/configuration.md) and the",
    "[README](../../README.md#guides).",
    "",
    "- [Configuration](configuration.md): every `idgov:*` setting and its environment variable.",
    "- [Policy pack rules](policy.md): the rules of the shipped policy pack and their parameters.",
    "",
    ...schemaIndex,
    "## Dynamic classes (TypeScript, `pulumi-idgov`): resources",
    "",
    ...kinds.map((kind) => `- [${kind.name}](resources/${kind.name}.md): ${kind.description}`),
    "",
    "## Dynamic classes: lookups",
    "",
    ...lookups.map(
      (name) => `- [${name}](lookups/${name}.md): ${firstSentence(types.functionInfo(name).doc)}`,
    ),
    "",
  ].join("\n");
}

/** Every page, by its path under `docs/reference/`, before formatting. */
export function referencePages(): Map<string, string> {
  const types = new TypeModel();
  const kinds = referenceKinds();
  const lookups = lookupNames(types);
  const pages = new Map<string, string>();
  const schema = schemaPages(RESOURCE_EXAMPLES, LOOKUP_EXAMPLES);
  pages.set("README.md", indexPage(kinds, lookups, types, schema.index));
  pages.set("configuration.md", configurationPage());
  pages.set("policy.md", policyPage());
  for (const kind of kinds) {
    pages.set(
      `resources/${kind.name}.md`,
      resourcePage(kind, types, exampleOf(RESOURCE_EXAMPLES, kind.name)),
    );
  }
  for (const name of lookups) {
    pages.set(`lookups/${name}.md`, lookupPage(name, types, exampleOf(LOOKUP_EXAMPLES, name)));
  }
  const unused = [
    ...Object.keys(RESOURCE_EXAMPLES).filter((name) => !kinds.some((kind) => kind.name === name)),
    ...Object.keys(LOOKUP_EXAMPLES).filter((name) => !lookups.includes(name)),
  ];
  if (unused.length > 0) throw new Error(`examples of no page: ${unused.join(", ")}`);
  for (const [file, text] of schema.pages) pages.set(file, text);
  return pages;
}

/** Every page, formatted as `npm run format` leaves it. */
export async function formattedReferencePages(): Promise<Map<string, string>> {
  const prettier = await import("prettier");
  const formatted = new Map<string, string>();
  for (const [file, text] of referencePages()) {
    const filepath = path.join(REFERENCE_DIR, file);
    const options = await prettier.resolveConfig(filepath);
    formatted.set(file, await prettier.format(text, { ...options, filepath }));
  }
  return formatted;
}

/** The Markdown files under a folder, as paths relative to it. */
export function markdownFilesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFilesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.name.endsWith(".md")
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

async function main(): Promise<void> {
  const pages = await formattedReferencePages();
  mkdirSync(REFERENCE_DIR, { recursive: true });
  for (const stale of markdownFilesUnder(REFERENCE_DIR).filter((file) => !pages.has(file))) {
    rmSync(path.join(REFERENCE_DIR, stale));
  }
  for (const [file, text] of pages) {
    mkdirSync(path.dirname(path.join(REFERENCE_DIR, file)), { recursive: true });
    writeFileSync(path.join(REFERENCE_DIR, file), text);
  }
  process.stdout.write(`wrote ${pages.size} pages to ${path.relative(ROOT, REFERENCE_DIR)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`gen:docs: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
