import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

/** examples/typescript-native imports the generated SDK, which its e2e file builds, installs and type-checks. */
const CHECKED_WITH_THEIR_SDK = new Set(["examples/typescript-native"]);

/**
 * Every TypeScript program the suites run under the Pulumi CLI: a folder with a nodejs `Pulumi.yaml` and a
 * tsconfig.json. The e2e suites run them without ts-node's type check (testkit/pulumiCli.ts), so it is done here, once.
 */
function typeScriptPrograms(): string[] {
  const programs: string[] = [];
  for (const top of ["examples", "test"]) {
    for (const entry of readdirSync(path.join(ROOT, top), { recursive: true, encoding: "utf8" })) {
      if (path.basename(entry) !== "Pulumi.yaml" || entry.includes("node_modules")) continue;
      const dir = path.join(top, path.dirname(entry));
      const project = readFileSync(path.join(ROOT, dir, "Pulumi.yaml"), "utf8");
      const hasTsconfig = readdirSync(path.join(ROOT, dir)).includes("tsconfig.json");
      if (/^runtime:\s*(name:\s*)?nodejs/m.test(project) && hasTsconfig && !CHECKED_WITH_THEIR_SDK.has(dir)) {
        programs.push(dir);
      }
    }
  }
  return programs.sort();
}

function typeCheck(dir: string): Promise<string> {
  const args = [require.resolve("typescript/bin/tsc"), "-p", path.join(dir, "tsconfig.json"), "--noEmit"];
  return new Promise((resolve) =>
    execFile(process.execPath, args, { cwd: ROOT, encoding: "utf8" }, (error, stdout, stderr) =>
      resolve(`${error ? `exit ${error.code}: ` : ""}${stdout}${stderr}`),
    ),
  );
}

const programs = typeScriptPrograms();

describe("the TypeScript programs the suites run under the CLI", () => {
  it("are found: every example and test program", () => {
    expect(programs).toEqual(
      expect.arrayContaining(["examples/quickstart", "test/reliability/engine/program"]),
    );
    expect(programs.length).toBeGreaterThanOrEqual(10);
  });

  // Each check is a tsc process of its own: run at once, they end with the suite instead of after it.
  it.concurrent.each(programs)(
    "%s type-checks against the built package, with its own tsconfig",
    async (dir) => {
      expect(await typeCheck(dir)).toBe("");
    },
  );
});
