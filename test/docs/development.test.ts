/**
 * DEVELOPMENT.md's picture and recipes name files and declarations a maintainer follows by hand: each must exist, so
 * a rename or a move that leaves the guide behind fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./markdownFiles";

const GUIDE = readFileSync(path.join(ROOT, "DEVELOPMENT.md"), "utf8");
const SOURCE_FOLDERS = ["provider", "resources", "emulator", "policy", "scripts", "testkit", "test", "bench"];

/** Every TypeScript and Go source's text, once. */
const sources = SOURCE_FOLDERS.flatMap((folder) =>
  readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|go)$/.test(file) && !file.includes("node_modules"))
    .map((file) => readFileSync(path.join(ROOT, folder, file), "utf8")),
).join("\n");

/** What the guide writes in backquotes, outside its fenced blocks. */
function quoted(): string[] {
  const prose = GUIDE.replace(/```[\s\S]*?```/g, "");
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
}

const SOURCE_PATH = /^[\w./<>*-]+\/[\w.<>*-]+\.(ts|mts|sh|go|json|md)$/;
/** A declaration's name as the code spells it: `appFields`, `KIND_NAMES`, `declareKind`, `ProviderService`. */
const DECLARATION = /^(?:[a-z]+[A-Z]\w*|[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z][a-z]+[A-Z]\w*)$/;

describe("DEVELOPMENT.md", () => {
  it("names only files that exist (a <kind> or * in a path stands for any)", () => {
    const paths = quoted().filter((text) => SOURCE_PATH.test(text));
    expect(paths.length).toBeGreaterThan(40);
    const exists = (relative: string) => existsSync(path.join(ROOT, relative));
    // A placeholder stands for any name: the folder above its segment must exist.
    const folderAbove = (text: string) => text.slice(0, text.search(/[<*]/)).replace(/\/[^/]*$/, "");
    const missing = paths.filter((text) =>
      /[<*]/.test(text) ? !exists(folderAbove(text)) : !exists(text) && !exists(`provider/${text}`),
    );
    expect(missing).toEqual([]);
  });

  it("names only declarations the code has", () => {
    const names = [...new Set(quoted().filter((text) => DECLARATION.test(text)))];
    expect(names.length).toBeGreaterThan(30);
    const missing = names.filter((name) => !new RegExp(`\\b${name}\\b`).test(sources));
    expect(missing).toEqual([]);
  });
});
