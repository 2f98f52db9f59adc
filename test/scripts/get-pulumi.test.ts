import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = join(__dirname, "..", "..", "scripts", "get-pulumi.sh");
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "get-pulumi-test-"));
  made.push(dir);
  return dir;
}

/** A bin dir whose `pulumi` answers `version` with `version`, optionally with a language host beside it. */
function fakePulumi(version: string, withLanguageHost: boolean): string {
  const bin = tempDir();
  writeFileSync(join(bin, "pulumi"), `#!/bin/sh\n[ "$1" = version ] && echo ${version}\n`);
  chmodSync(join(bin, "pulumi"), 0o755);
  if (withLanguageHost) {
    writeFileSync(join(bin, "pulumi-language-nodejs"), "#!/bin/sh\nexit 0\n");
    chmodSync(join(bin, "pulumi-language-nodejs"), 0o755);
  }
  return bin;
}

const languageHostSource = join(__dirname, "..", "..", "scripts", "language-host", "main.go");

/** A cache holding a v3.248.0 build with a stand-in language host compiled from `source`. */
function cachedBuild(source: string): string {
  const cache = tempDir();
  const dest = join(cache, "pulumi-v3.248.0");
  const bin = fakePulumi("v3.248.0", true);
  mkdirSync(join(dest, "build"), { recursive: true });
  mkdirSync(join(dest, "bin"));
  for (const name of ["pulumi", "pulumi-language-nodejs"])
    copyFileSync(join(bin, name), join(dest, "bin", name));
  writeFileSync(join(dest, "BUILD-INFO"), "pulumi=v3.248.0\nlanghost=shim\n");
  writeFileSync(join(dest, "build", "pulumi-language-nodejs.go"), source);
  return cache;
}

/** Runs the script with only `bin` and the system dirs on PATH, an empty cache and no Go (so a build fails fast). */
function getPulumi(bin: string, cache: string = tempDir()) {
  const run = spawnSync("bash", [script], {
    encoding: "utf8",
    env: {
      PATH: `${bin}:/usr/bin:/bin`,
      HOME: tempDir(),
      PULUMI_IDGOV_CACHE: cache,
      GO: "/nonexistent/go",
    },
  });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr };
}

describe("scripts/get-pulumi.sh", () => {
  it("uses a newer supported pulumi on PATH as it is, without building", () => {
    const bin = fakePulumi("v3.260.0", true);
    const run = getPulumi(bin);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(bin);
    expect(run.stderr).not.toMatch(/building|Go not found/);
  });

  it("uses the oldest supported pulumi, v3.216.0", () => {
    const bin = fakePulumi("v3.216.0", true);
    expect(getPulumi(bin).stdout).toBe(bin);
  });

  it("ignores a pulumi older than the supported range and goes on to build", () => {
    const bin = fakePulumi("v3.100.0", true);
    const run = getPulumi(bin);
    expect(run.stdout).not.toContain(bin);
    expect(run.stderr).toContain("it reports 'v3.100.0', supported is v3.216.0 or a newer v3");
    expect(run.stderr).toContain("Go not found");
  });

  it("ignores a pulumi v4, outside the supported range", () => {
    const run = getPulumi(fakePulumi("v4.0.0", true));
    expect(run.stderr).toContain("it reports 'v4.0.0'");
    expect(run.status).not.toBe(0);
  });

  it("ignores a supported pulumi without pulumi-language-nodejs beside it", () => {
    const bin = fakePulumi("v3.260.0", false);
    const run = getPulumi(bin);
    expect(run.stdout).not.toContain(bin);
    expect(run.stderr).toContain("no pulumi-language-nodejs beside it");
  });

  it("reuses a cached stand-in language host built from scripts/language-host/main.go as it is", () => {
    const cache = cachedBuild(readFileSync(languageHostSource, "utf8"));
    const run = getPulumi(tempDir(), cache);
    expect(run.stdout).toBe(join(cache, "pulumi-v3.248.0", "bin"));
    expect(run.stderr).toContain("using cached build");
  });

  it("rebuilds a cached stand-in language host built from another source", () => {
    const cache = cachedBuild(readFileSync(languageHostSource, "utf8") + "\n// an older revision\n");
    const run = getPulumi(tempDir(), cache);
    expect(run.stderr).toContain("the cached stand-in language host was built from another");
    expect(run.stderr).toContain("Go not found");
    expect(run.status).not.toBe(0);
  });
});
