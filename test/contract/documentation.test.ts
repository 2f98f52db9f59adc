import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { resolve, wire, type WireNode } from "./wireAnswers";

const ROOT = join(__dirname, "../..");

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules") return [];
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : /\.(ts|md)$/.test(entry.name) ? [path] : [];
  });
}

/** What users read: the README, the guides and reference, the examples, and the TSDoc of the resources and schemas. */
const DOCUMENTS = [
  "README.md",
  ...filesUnder("docs"),
  ...filesUnder("examples"),
  ...filesUnder("resources"),
  ...filesUnder("provider"),
];

const enumMembers = new Set<string>();
const enumPrefixes = new Set<string>();
(function collect(node: unknown): void {
  if (node === null || typeof node !== "object") return;
  const members = (node as WireNode).enum;
  if (members !== undefined) {
    for (const member of members) enumMembers.add(member);
    const zero = members[0] ?? "";
    if (zero.endsWith("_UNSPECIFIED")) enumPrefixes.add(zero.slice(0, -"UNSPECIFIED".length));
  }
  for (const child of Object.values(node)) collect(child);
})(wire.schemas);

/** The step and trigger members, with the fields the document lists for each. */
const MEMBER_FIELDS = new Map<string, Set<string>>(
  ["AutomationStep", "AutomationTrigger"].flatMap((name) => {
    const schema = wire.schemas[name]!;
    const members = (schema.oneofs ?? []).flatMap((group) => group.members);
    return members.map((member): [string, Set<string>] => {
      const node = resolve(schema.properties?.[member] ?? {});
      return [member, new Set(Object.keys(node.properties ?? {}))];
    });
  }),
);

/** The top-level keys of the object literal that starts at `open` (a `{`) in `text`. */
function literalKeys(text: string, open: number): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === "{" || char === "[" || char === "(") depth += 1;
    else if (char === "}" || char === "]" || char === ")") depth -= 1;
    if (depth === 0) break;
    if (depth === 1 && (char === "{" || char === ",")) {
      const key = /^[{,]\s*([A-Za-z_]\w*)\s*:/.exec(text.slice(index))?.[1];
      if (key !== undefined) keys.push(key);
    }
  }
  return keys;
}

describe("what users read names only what wire-schemas.json lists", () => {
  it("every enumeration value in the README, examples and TSDoc is a member the document lists", () => {
    const unknown = DOCUMENTS.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      return [...text.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)]
        .map((match) => match[0])
        .filter((token) => [...enumPrefixes].some((prefix) => token.startsWith(prefix)))
        .filter((token) => !enumMembers.has(token))
        .map((token) => `${file}: ${token}`);
    });
    expect(unknown).toEqual([]);
  });

  it("every automation step and trigger member written in them uses only the member's documented fields", () => {
    const written: string[] = [];
    const unknown = DOCUMENTS.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      return [...text.matchAll(/\b([a-z]\w*)\s*:\s*\{/g)].flatMap((match) => {
        const fields = MEMBER_FIELDS.get(match[1] ?? "");
        if (fields === undefined) return [];
        written.push(match[1]!);
        const keys = literalKeys(text, (match.index ?? 0) + match[0].length - 1);
        return keys
          .filter((key) => !fields.has(key))
          .map((key) => `${relative(ROOT, join(ROOT, file))}: ${match[1]}.${key}`);
      });
    });
    expect(written.length).toBeGreaterThan(0);
    expect(unknown).toEqual([]);
  });
});
