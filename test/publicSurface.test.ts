import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import * as root from "../resources";

const REPO = path.resolve(__dirname, "..");

/** Error classes that never reach a user: what they carry is turned into another error or a gRPC status first. */
const INTERNAL_ERRORS: Record<string, string> = {
  StatusError: "the plugin's gRPC status, answered to the engine as a status code, never thrown to a program",
};

function sources(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .map((file) => path.join(dir, file));
}

/** Every `export class X extends …Error` of the shipped code, by name. */
function errorClasses(): string[] {
  return ["provider", "resources"]
    .flatMap(sources)
    .flatMap((file) => [
      ...readFileSync(path.join(REPO, file), "utf8").matchAll(/^export class (\w+) extends (\w+)/gm),
    ])
    .filter(([, , base]) => base === "Error" || /Error$/.test(base ?? ""))
    .map(([, name]) => name!)
    .sort();
}

describe("the package root (pulumi-idgov) exports what a user meets", () => {
  it("every error class a user can meet, so a program or a script can tell failures apart with instanceof", () => {
    const classes = errorClasses();
    expect(classes.length).toBeGreaterThan(20);
    const exported = root as unknown as Record<string, unknown>;
    const missing = classes.filter(
      (name) => !(name in INTERNAL_ERRORS) && typeof exported[name] !== "function",
    );
    expect(missing).toEqual([]);
    for (const name of classes.filter((each) => !(each in INTERNAL_ERRORS)))
      expect((exported[name] as { prototype: unknown }).prototype).toBeInstanceOf(Error);
  });

  it("every error class it exports extends the package's base class, IdgovError, so one instanceof catches them all", () => {
    const exported = Object.entries(root as unknown as Record<string, unknown>).filter(
      ([name, value]) =>
        typeof value === "function" && (value as { prototype: unknown }).prototype instanceof Error,
    );
    expect(exported.length).toBeGreaterThan(25);
    const outside = exported
      .filter(([name]) => name !== "IdgovError")
      .filter(([, value]) => !((value as { prototype: unknown }).prototype instanceof root.IdgovError))
      .map(([name]) => name);
    expect(outside).toEqual([]);
  });

  it("every kind's …Outputs type", () => {
    const types = readFileSync(path.join(REPO, "resources", "types.ts"), "utf8");
    const outputs = [...types.matchAll(/^export interface (\w+Outputs) /gm)].map(([, name]) => name!);
    expect(outputs.length).toBe(9);
    const index = readFileSync(path.join(REPO, "resources", "index.ts"), "utf8");
    expect(outputs.filter((name) => !new RegExp(`^\\s+${name},$`, "m").test(index))).toEqual([]);
  });
});
