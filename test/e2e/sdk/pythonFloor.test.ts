import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../testkit/pulumiCli";

/** The SDK's Python floor, as its pyproject says and the README's support matrix repeats. */
const FLOOR = "3.10";
const BELOW = "3.9";

/** The interpreter of Python `minor` (`3.10`) that pyenv holds on the machines this project builds on. */
function pythonOf(minor: string): string {
  const root = process.env.PYENV_ROOT ?? path.join(homedir(), ".pyenv");
  const versions = readdirSync(path.join(root, "versions")).filter((name) => name.startsWith(`${minor}.`));
  const newest = versions.sort((a, b) => Number(b.split(".")[2]) - Number(a.split(".")[2]))[0];
  if (newest === undefined) throw new Error(`no Python ${minor} under ${root}/versions: install it with pyenv`);
  return path.join(root, "versions", newest, "bin", "python");
}

/** `pip install --dry-run` of sdk/python with its dependencies, as a user's pip resolves it. */
function resolveSdk(python: string) {
  const result = spawnSync(
    python,
    ["-m", "pip", "install", "--dry-run", "--ignore-installed", "--disable-pip-version-check", path.join(REPO_ROOT, "sdk", "python")],
    { encoding: "utf8", timeout: 300_000 },
  );
  return { code: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe("pulumi_idgov's Python floor, as pip resolves it", () => {
  it(`resolves on Python ${FLOOR}, with the pulumi package it requires`, () => {
    const { code, output } = resolveSdk(pythonOf(FLOOR));
    expect(code, output).toBe(0);
    expect(output).toMatch(/Would install .*pulumi-3\.\d+\.\d+/);
    expect(output).toMatch(/Would install .*pulumi_idgov-/);
  });

  it(`is refused on Python ${BELOW}, naming the Python it requires`, () => {
    const { code, output } = resolveSdk(pythonOf(BELOW));
    expect(code, output).not.toBe(0);
    // pip names the Python the SDK (or the pulumi package it requires) needs.
    expect(output).toMatch(/require(s)? a different [Pp]ython/);
    expect(output).toContain(">=3.10");
  });
});
