import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { KIND_NAMES } from "../../../provider/kinds";

const ROOT = path.resolve(__dirname, "../../..");

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .map((file) => path.posix.join(folder, file.split(path.sep).join("/")));
}

const name = `["'](?:${KIND_NAMES.join("|")})["']`;
/** A comparison with a kind's name, a `case` of it, or a declaration fetched by a spelled name. */
const BRANCH = new RegExp(`(?:[=!]==\\s*${name}|\\bcase\\s+${name}|kindNamed\\(\\s*${name}\\s*\\))`);

describe("per-kind facts", () => {
  it("are read from the kind's declaration: no shipped code or generator branches on a kind's name", () => {
    const files = ["provider", "resources", "scripts"].flatMap(sourcesUnder);
    expect(files.length).toBeGreaterThan(100);
    const branches = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (BRANCH.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(branches).toEqual([]);
  });
});
