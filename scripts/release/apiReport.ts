/**
 * The TypeScript API of the package root (`pulumi-idgov`, the dynamic classes and what they export), as API
 * Extractor reports it, and what a change of that report breaks for a program written against an earlier one.
 * `npm run api:report` rewrites etc/pulumi-idgov.api.md; a release records it beside its schema.
 */
import { Extractor, ExtractorConfig, ExtractorLogLevel } from "@microsoft/api-extractor";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

/** The committed report, relative to the repository. */
export const API_REPORT = path.join("etc", "pulumi-idgov.api.md");

/** The API report of the package built in `root` (its `dist/`), as text. */
export function apiReportOf(root: string): string {
  const work = mkdtempSync(path.join(tmpdir(), "pulumi-idgov-api-"));
  try {
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: root,
        mainEntryPointFilePath: path.join(root, "dist", "resources", "index.d.ts"),
        compiler: { tsconfigFilePath: path.join(root, "tsconfig.json") },
        apiReport: { enabled: true, reportFolder: work, reportTempFolder: work },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        newlineKind: "lf",
      },
      configObjectFullPath: undefined,
      packageJsonFullPath: path.join(root, "package.json"),
    });
    const result = Extractor.invoke(config, {
      localBuild: true,
      messageCallback: (message) => {
        message.handled = message.logLevel !== ExtractorLogLevel.Error;
      },
    });
    if (!result.succeeded) throw new Error(`API Extractor failed on ${root}: ${result.errorCount} errors`);
    return readFileSync(path.join(work, "pulumi-idgov.api.md"), "utf8");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** One exported declaration of a report: its header and its members by name (classes and interfaces). */
interface Declaration {
  readonly header: string;
  readonly members: ReadonlyMap<string, string>;
}

/** Splits `text` at the `;` that are not inside brackets. */
function topLevelStatements(text: string): string[] {
  const statements: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if ("{([<".includes(char)) depth++;
    else if ("})]".includes(char) || (char === ">" && text[at - 1] !== "=")) depth--;
    else if (char === ";" && depth === 0) {
      statements.push(text.slice(start, at).trim());
      start = at + 1;
    }
  }
  const rest = text.slice(start).trim();
  return rest === "" ? statements : [...statements, rest];
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

/** The exported declarations of an API Extractor report, keyed `<kind> <Name>` (`class App`, `interface AppArgs`). */
function declarationsOf(report: string): Map<string, Declaration> {
  const code = /```ts\n([\s\S]*?)```/.exec(report)?.[1] ?? "";
  const chunks = code
    .split(/\n\s*\n/)
    .map((chunk) =>
      chunk
        .split("\n")
        .filter((line) => !line.trim().startsWith("//"))
        .join("\n"),
    )
    .filter((chunk) => /^export /.test(chunk.trim()));
  const declarations = new Map<string, Declaration>();
  for (const chunk of chunks) {
    const match =
      /^export (?:declare )?(?:abstract )?(class|interface|type|function|const|enum|namespace) (\w+)/.exec(
        chunk.trim(),
      );
    if (!match) continue;
    const key = `${match[1]} ${match[2]}`;
    const open = chunk.indexOf("{");
    const isBlock = (match[1] === "class" || match[1] === "interface") && open >= 0;
    const header = squeeze(isBlock ? chunk.slice(0, open) : chunk);
    const members = new Map<string, string>();
    if (isBlock) {
      for (const member of topLevelStatements(chunk.slice(open + 1, chunk.lastIndexOf("}")))) {
        const name =
          /^(?:(?:readonly|static|protected|abstract) )*(\w+|\[[^\]]+\])/.exec(member)?.[1] ?? member;
        members.set(
          name === "constructor" ? `constructor${members.has("constructor") ? members.size : ""}` : name,
          squeeze(member),
        );
      }
    }
    const earlier = declarations.get(key);
    // Overloads of a function are one declaration.
    declarations.set(
      key,
      earlier ? { header: `${earlier.header} | ${header}`, members } : { header, members },
    );
  }
  return declarations;
}

/** A class header's base class: `export class X extends B` gives `B`. */
const baseOf = (header: string) =>
  /^export (?:declare )?(?:abstract )?class \w+ extends (\w+)$/.exec(header)?.[1];

/**
 * Whether a class header changed only in its base, to a class of `after` that extends the old base (directly or
 * not): every member of the old base is still there, so nothing written against it breaks.
 */
function extendsFurther(oldHeader: string, newHeader: string, after: Map<string, Declaration>): boolean {
  const [oldBase, newBase] = [baseOf(oldHeader), baseOf(newHeader)];
  if (oldBase === undefined || newBase === undefined) return false;
  if (oldHeader.replace(/ extends \w+$/, "") !== newHeader.replace(/ extends \w+$/, "")) return false;
  const seen = new Set<string>();
  for (let base: string | undefined = newBase; base !== undefined && !seen.has(base);) {
    if (base === oldBase) return true;
    seen.add(base);
    const declaration = after.get(`class ${base}`);
    base = declaration === undefined ? undefined : baseOf(declaration.header);
  }
  return false;
}

/**
 * Every change of the API report `current` that breaks a program written against `previous`, named
 * `<Thing>: <what happened>` and sorted: an export removed, a declaration or member changed or removed, an input
 * of an `…Args` interface newly required. Additions break nothing.
 */
export function apiBreakingChanges(previous: string, current: string): string[] {
  const before = declarationsOf(previous);
  const after = declarationsOf(current);
  const found: string[] = [];
  for (const [key, old] of before) {
    const name = key.slice(key.indexOf(" ") + 1);
    const now = after.get(key);
    if (!now) {
      found.push(`${name}: ${key.slice(0, key.indexOf(" "))} removed`);
      continue;
    }
    if (old.header !== now.header && !extendsFurther(old.header, now.header, after))
      found.push(`${name}: changed from \`${old.header}\` to \`${now.header}\``);
    for (const [member, text] of old.members) {
      const changed = now.members.get(member);
      if (changed === undefined) found.push(`${name}.${member}: removed`);
      else if (changed !== text) found.push(`${name}.${member}: changed from \`${text}\` to \`${changed}\``);
    }
    if (!name.endsWith("Args")) continue;
    for (const [member, text] of now.members) {
      if (!old.members.has(member) && !/^\w+\?:/.test(text)) found.push(`${name}.${member}: now required`);
    }
  }
  return found.sort();
}

if (require.main === module) {
  const root = path.resolve(__dirname, "../..");
  writeFileSync(path.join(root, API_REPORT), apiReportOf(root));
  console.log(`wrote ${API_REPORT}`);
}
