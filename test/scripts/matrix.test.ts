import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const MATRIX = readFileSync(path.join(ROOT, "scripts/matrix.sh"), "utf8");

/** Every path under test/ or examples/ the script names, in its legs' arguments and in its comments. */
const named = [
  ...new Set([...MATRIX.matchAll(/(?<=[\s(])(?:test|examples)\/[\w./-]*/g)].map((match) => match[0])),
];

describe("scripts/matrix.sh", () => {
  it("names only test files and folders that exist (vitest runs a filter that matches nothing without a word)", () => {
    expect(named).toEqual(
      expect.arrayContaining(["test/resources/", "test/native/", "test/provider/client/", "test/examples/"]),
    );
    expect(named.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
