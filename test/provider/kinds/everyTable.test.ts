import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import * as idgov from "../../../resources";
import { FIELD_DESCRIPTIONS, KIND_NAMES, KINDS, kindNamed } from "../../../provider/kinds";
import { RESOURCE_EXAMPLES } from "../../../scripts/docs/examples";
import { RESOURCE_PROGRAMS } from "../../../scripts/docs/native/examples";
import { PUBLIC_OUTPUTS } from "../../../scripts/publicOutputs";
import { PUBLIC_ARGS } from "../../../scripts/publicTypes";

const ROOT = path.resolve(__dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const snakeOf = (text: string) =>
  text.replace(/[A-Z]/g, (letter, at: number) => `${at ? "_" : ""}${letter.toLowerCase()}`);

/**
 * Adding a kind is one declaration (provider/kinds/<kind>.ts, its name in `KIND_NAMES`), its public class
 * (resources/<Kind>.ts, exported by resources/index.ts), and generated files: each row below is a place the kind must
 * reach, and fails naming the kind that misses it.
 */
describe.each(KIND_NAMES)("the kind %s", (name) => {
  const kind = kindNamed(name);

  it("has its declaration in the registry, and the facts readers take from it", () => {
    expect(kind.name).toBe(name);
    expect(KINDS).toContain(kind);
    expect(["list", "singleton", "collections", "named"]).toContain(kind.listing);
    expect(kind.listing === "singleton").toBe(kind.singleton !== undefined);
    expect(kind.reaches !== undefined).toBe(kind.singleton !== undefined);
    if (kind.listing === "list" || kind.listing === "collections") expect(kind.api.list).toBeDefined();
  });

  it("has its public class, exported by resources/index.ts", () => {
    expect(existsSync(path.join(ROOT, "resources", `${name}.ts`))).toBe(true);
    expect(typeof (idgov as Record<string, unknown>)[name]).toBe("function");
    expect(read("resources/index.ts")).toMatch(new RegExp(`\\btype ${name}Args\\b`));
  });

  it("has its entry in every table of the generators: Args, outputs, field descriptions, both examples", () => {
    expect(kind.example.program.variable).toMatch(/^[a-z]/);
    expect(PUBLIC_ARGS[`${name}Args`]).toBeDefined();
    expect(PUBLIC_OUTPUTS[`${name}Outputs`]).toBeDefined();
    expect(FIELD_DESCRIPTIONS[name]).toBeDefined();
    expect(RESOURCE_EXAMPLES[name]).toContain(`new ${name}(`);
    expect(RESOURCE_PROGRAMS[name]).toBeDefined();
  });

  it("has its generated files: public types, reference pages, the SDKs", () => {
    const types = read("resources/types.ts");
    expect(types).toMatch(new RegExp(`export interface ${name}Args\\b`));
    expect(types).toMatch(new RegExp(`export interface ${name}Outputs\\b`));
    for (const file of [
      `docs/reference/resources/${name}.md`,
      `docs/reference/schema/resources/${name}.md`,
      `sdk/nodejs/${lowerFirst(name)}.ts`,
      `sdk/python/pulumi_idgov/${snakeOf(name)}.py`,
      `sdk/go/idgov/${lowerFirst(name)}.go`,
    ]) {
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    }
  });
});
