import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import * as ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { documentationFiles, type FencedBlock, readMarkdown, ROOT } from "./markdownFiles";

const blocks = documentationFiles().flatMap((file) => readMarkdown(file).blocks);
const typescript = blocks.filter((block) => ["ts", "typescript"].includes(block.language));
const yaml = blocks.filter((block) => ["yaml", "yml"].includes(block.language));
const showing = blocks.filter((block) => block.showsFile !== undefined);

/** The compiler options of Pulumi's TypeScript project template, with `pulumi-idgov` resolved to this checkout. */
const TEMPLATE_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2020,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  experimentalDecorators: true,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
  noEmit: true,
  baseUrl: ROOT,
  paths: {
    "pulumi-idgov": ["resources/index.ts"],
    "pulumi-idgov/emulator": ["emulator/index.ts"],
    "pulumi-idgov/kinds": ["provider/kinds/public.ts"],
    // The SDK generated from the schema (sdk/nodejs), which the schema reference pages use.
    "@pulumi-idgov/idgov": ["sdk/nodejs/index.ts"],
  },
};

/** Where a snippet is compiled from: beside the docs, so that nothing but `pulumi-idgov` resolves to the checkout. */
function snippetPath(block: FencedBlock): string {
  return path.join(ROOT, "docs", ".snippets", `${block.file.replace(/[/.]/g, "_")}_${block.line}.ts`);
}

/** Type errors of every TypeScript snippet (and of each file a snippet shows), as `file.md:line: message`. */
function typeErrors(): string[] {
  const virtual = new Map(
    typescript
      .filter((block) => block.showsFile === undefined)
      .map((block) => [snippetPath(block), { block, text: `${block.text}\nexport {};\n` }]),
  );
  const shownFiles = showing.map((block) => path.join(ROOT, block.showsFile!));
  const host = ts.createCompilerHost(TEMPLATE_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.fileExists = (file) => virtual.has(path.resolve(file)) || fileExists(file);
  host.readFile = (file) => virtual.get(path.resolve(file))?.text ?? readFile(file);
  host.getSourceFile = (file, language, onError) => {
    const snippet = virtual.get(path.resolve(file));
    return snippet
      ? ts.createSourceFile(file, snippet.text, language, true)
      : getSourceFile(file, language, onError);
  };
  const program = ts.createProgram([...virtual.keys(), ...shownFiles], TEMPLATE_OPTIONS, host);
  return [...virtual.keys(), ...shownFiles].flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) return [`${file}: did not load`];
    const snippet = virtual.get(file);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (diagnostic) => {
        const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        const where = snippet
          ? `${snippet.block.file}:${snippet.block.line + line}`
          : `${path.relative(ROOT, file)}:${line + 1}`;
        return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
      },
    );
  });
}

describe("the program snippets of README.md and docs/", () => {
  let errors: string[] = [];
  beforeAll(() => {
    errors = typeErrors();
  }, 60_000);

  it("include TypeScript and YAML programs from the README, the guides and the reference", () => {
    const files = new Set(typescript.map((block) => block.file.split("/").slice(0, 2).join("/")));
    expect([...files].sort()).toEqual(expect.arrayContaining(["README.md", "docs/guides", "docs/reference"]));
    expect(typescript.length).toBeGreaterThan(30);
    expect(yaml.map((block) => block.file)).toEqual(expect.arrayContaining(["README.md"]));
  });

  it("type-check against the package's public types under Pulumi's TypeScript template settings", () => {
    expect(errors).toEqual([]);
  });

  it("parse as YAML, each to an object", () => {
    // The YAML parser @pulumi/pulumi itself depends on.
    const jsYaml = createRequire(require.resolve("@pulumi/pulumi"))("js-yaml") as {
      load(text: string): unknown;
    };
    for (const block of yaml) {
      let parsed: unknown;
      expect(() => (parsed = jsYaml.load(block.text)), `${block.file}:${block.line}`).not.toThrow();
      expect(typeof parsed, `${block.file}:${block.line}`).toBe("object");
    }
  });

  it("show the files they say they show, verbatim", () => {
    expect(showing.map((block) => block.showsFile)).toContain("examples/unit-testing/index.test.ts");
    for (const block of showing) {
      expect(block.text, `${block.file}:${block.line}`).toBe(
        readFileSync(path.join(ROOT, block.showsFile!), "utf8"),
      );
    }
  });
});

describe("the snippet check", () => {
  it("finds a wrong argument in a snippet", () => {
    const host = ts.createCompilerHost(TEMPLATE_OPTIONS);
    const file = path.join(ROOT, "docs", ".snippets", "wrong.ts");
    const text = 'import { App } from "pulumi-idgov";\nnew App("x", { displayName: 1 });\nexport {};\n';
    const getSourceFile = host.getSourceFile.bind(host);
    host.fileExists = (
      (exists) => (name: string) =>
        path.resolve(name) === file || exists(name)
    )(host.fileExists.bind(host));
    host.getSourceFile = (name, language, onError) =>
      path.resolve(name) === file
        ? ts.createSourceFile(name, text, language, true)
        : getSourceFile(name, language, onError);
    const program = ts.createProgram([file], TEMPLATE_OPTIONS, host);
    const messages = program
      .getSemanticDiagnostics(program.getSourceFile(file))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(messages).toEqual([
      expect.stringContaining("Type 'number' is not assignable to type 'In<string>"),
    ]);
  }, 60_000);
});
