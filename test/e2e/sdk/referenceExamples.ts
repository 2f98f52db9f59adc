import { mkdir, readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { SCHEMA_DIR } from "../../../scripts/docs/native/pages";
import { markdownFilesUnder, REFERENCE_DIR } from "../../../scripts/docs/reference";
import { REPO_ROOT } from "../../../testkit/pulumiCli";
import { run } from "./sdkExample";

/**
 * The examples of the schema reference pages (docs/reference/schema), checked where each language's example test
 * has the SDK installed: Python with mypy in its virtualenv, Go with go vet against sdk/go. (TypeScript's are
 * type-checked against sdk/nodejs with every other docs snippet, by test/docs/snippets.test.ts.)
 */

/** The example of one language on each schema reference page, by page name (`App`, `getApp`). */
async function examplesOf(heading: string, fence: string): Promise<Map<string, string>> {
  const dir = path.join(REFERENCE_DIR, SCHEMA_DIR);
  const examples = new Map<string, string>();
  for (const file of markdownFilesUnder(dir)) {
    const page = await readFile(path.join(dir, file), "utf8");
    const start = page.indexOf(`### ${heading}`);
    const match = start < 0 ? null : new RegExp("```" + fence + "\\n([\\s\\S]*?)\\n```").exec(page.slice(start));
    if (!match?.[1]) throw new Error(`docs/reference/${SCHEMA_DIR}/${file} has no ${heading} example`);
    examples.set(path.basename(file, ".md"), match[1]);
  }
  if (examples.size === 0) throw new Error(`docs/reference/${SCHEMA_DIR} has no pages: run npm run gen:docs`);
  return examples;
}

/** Type-checks every Python example with `mypy --strict` of a virtualenv where pulumi_idgov is installed. */
export async function checkPythonExamples(venv: string, root: string, env: NodeJS.ProcessEnv): Promise<number> {
  const dir = path.join(root, "reference-python");
  await mkdir(dir, { recursive: true });
  const examples = await examplesOf("Python", "python");
  for (const [name, text] of examples) await writeFile(path.join(dir, `${name}.py`), `${text}\n`);
  const files = [...examples.keys()].map((name) => `${name}.py`);
  await run(path.join(venv, "bin", "mypy"), ["--strict", ...files], dir, env);
  return examples.size;
}

/** Vets every Go example, each a main package of one module whose replace points at this clone's sdk/go. */
export async function checkGoExamples(root: string, env: NodeJS.ProcessEnv): Promise<number> {
  const dir = path.join(root, "reference-go");
  const examples = await examplesOf("Go", "go");
  for (const [name, text] of examples) {
    await mkdir(path.join(dir, name.toLowerCase()), { recursive: true });
    await writeFile(path.join(dir, name.toLowerCase(), "main.go"), `${text}\n`);
  }
  const sdk = path.join(REPO_ROOT, "sdk", "go");
  const goMod = (await readFile(path.join(REPO_ROOT, "examples", "go", "go.mod"), "utf8"))
    .replace(/^module .*$/m, "module example.com/referenceexamples")
    .replace(/=> \.\.\/\.\.\/sdk\/go$/m, `=> ${sdk}`);
  if (!goMod.includes(`=> ${sdk}`)) throw new Error("examples/go/go.mod no longer replaces the SDK by ../../sdk/go");
  await writeFile(path.join(dir, "go.mod"), goMod);
  await run("go", ["mod", "tidy"], dir, env);
  await run("go", ["vet", "-trimpath", "./..."], dir, env);
  return examples.size;
}

/** The Java programs of docs/guides (fenced `java` blocks holding a class `Main`), by a name of their own. */
async function guideJavaPrograms(): Promise<Map<string, string>> {
  const dir = path.join(REPO_ROOT, "docs", "guides");
  const programs = new Map<string, string>();
  for (const file of markdownFilesUnder(dir)) {
    const page = await readFile(path.join(dir, file), "utf8");
    const blocks = [...page.matchAll(/```java\n([\s\S]*?)\n```/g)].map((match) => match[1] ?? "");
    blocks.forEach((text, index) => {
      if (!/^public class Main \{$/m.test(text)) throw new Error(`docs/guides/${file}: a Java block without class Main`);
      programs.set(`Guide${path.basename(file, ".md").replace(/(^|-)(\w)/g, (_, _dash, c: string) => c.toUpperCase())}${index}`, text);
    });
  }
  return programs;
}

/**
 * Compiles every Java example of the schema reference pages and of docs/guides, each a class of its own in one
 * Maven project with `pom` (examples/java's, naming the release's repository and version), against the SDK as
 * Maven's local repository of `env` (MAVEN_OPTS) holds it. Answers how many reference examples it compiled.
 */
export async function checkJavaExamples(root: string, env: NodeJS.ProcessEnv, pom: string): Promise<number> {
  const project = path.join(root, "reference-java");
  const sources = path.join(project, "src", "main", "java", "reference");
  await mkdir(sources, { recursive: true });
  const examples = await examplesOf("Java", "java");
  const guides = await guideJavaPrograms();
  for (const [name, text] of [...examples, ...guides]) {
    const named = text
      .replace(/^package myproject;$/m, "package reference;")
      .replace(/^public class Main \{$/m, `public class ${name}Example {`);
    if (!named.includes(`class ${name}Example`)) throw new Error(`the Java example of ${name} has no class Main`);
    await writeFile(path.join(sources, `${name}Example.java`), `${named}\n`);
  }
  await writeFile(path.join(project, "pom.xml"), pom);
  await run("mvn", ["-B", "-q", "--no-transfer-progress", "compile"], project, env);
  return examples.size;
}
