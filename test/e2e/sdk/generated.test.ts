import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectSuccess, runCommand } from "../../../testkit/command";
import { REPO_ROOT } from "../../../testkit/pulumiCli";

/** The files of sdk/<language> git would commit (a local build's bin/ and node_modules/ are ignored), sorted. */
async function committedFiles(language: string): Promise<string[]> {
  const listed = await runCommand("git", ["ls-files", "--cached", "--others", "--exclude-standard", "."], {
    cwd: path.join(REPO_ROOT, "sdk", language),
    env: process.env,
  });
  return expectSuccess(listed)
    .stdout.split("\n")
    .filter((line) => line !== "")
    .sort();
}

/** Every file under `dir`, as paths relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * sdk/ is what `npm run gen:sdk` writes from the current schema: regenerated into a scratch folder, every SDK has
 * the same files with the same bytes, so a kind or lookup changed without regenerating fails here.
 */
describe("the committed SDKs (sdk/nodejs, sdk/python, sdk/go, sdk/java)", () => {
  let scratch = "";

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it("match what scripts/gen-sdk.sh generates from the schema now", async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "idgov-sdk-"));
    const generated = await runCommand("bash", ["scripts/gen-sdk.sh", scratch], {
      cwd: REPO_ROOT,
      env: process.env,
      timeoutMs: 300_000,
    });
    expectSuccess(generated);
    for (const language of ["nodejs", "python", "go", "java"]) {
      const committed = path.join(REPO_ROOT, "sdk", language);
      const fresh = path.join(scratch, language);
      const stale = `sdk/${language} is stale: run npm run gen:sdk and commit the result`;
      expect(await committedFiles(language), stale).toEqual(await filesUnder(fresh));
      for (const file of await filesUnder(fresh)) {
        const [want, have] = await Promise.all([
          readFile(path.join(fresh, file), "utf8"),
          readFile(path.join(committed, file), "utf8"),
        ]);
        expect(have, `${stale} (${file} differs)`).toBe(want);
      }
    }
  });
});
