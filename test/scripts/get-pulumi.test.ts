import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
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

const LANGUAGE_HOSTS = [
  "pulumi-language-nodejs",
  "pulumi-language-python",
  "pulumi-language-go",
  "pulumi-language-yaml",
  "pulumi-language-java",
];

function executable(file: string, text: string): void {
  writeFileSync(file, text);
  chmodSync(file, 0o755);
}

/** A bin dir whose `pulumi` answers `version` with `version`, with the language hosts named beside it. */
function fakePulumi(version: string, hosts: readonly string[] = LANGUAGE_HOSTS): string {
  const bin = tempDir();
  executable(join(bin, "pulumi"), `#!/bin/sh\n[ "$1" = version ] && echo ${version}\n`);
  for (const host of hosts) executable(join(bin, host), "#!/bin/sh\nexit 0\n");
  return bin;
}

const languageHostDir = join(__dirname, "..", "..", "scripts", "language-host");

/** The stand-in hosts' sources as the script reads them: every .go file, in name order. */
function languageHostSources(): string {
  return readdirSync(languageHostDir)
    .filter((name) => name.endsWith(".go"))
    .sort()
    .map((name) => readFileSync(join(languageHostDir, name), "utf8"))
    .join("");
}

/**
 * A cache holding a v3.248.0 build with stand-in language hosts compiled from `sources`, and YAML and Java hosts
 * whose embedded Go build info names pulumi-yaml `yamlVersion` and pulumi-java's pkg v1.12.0.
 */
function cachedBuild(sources: string, yamlVersion = "v1.25.0"): string {
  const cache = tempDir();
  const dest = join(cache, "pulumi-v3.248.0");
  const bin = fakePulumi("v3.248.0");
  mkdirSync(join(dest, "build"), { recursive: true });
  mkdirSync(join(dest, "bin"));
  for (const name of ["pulumi", "pulumi-language-nodejs", "pulumi-language-python", "pulumi-language-go"])
    copyFileSync(join(bin, name), join(dest, "bin", name));
  executable(join(dest, "bin", "pulumi-language-python-exec"), "#!/usr/bin/env python\n");
  writeFileSync(join(dest, "BUILD-INFO"), "pulumi=v3.248.0\nlanghost=shim\n");
  writeFileSync(join(dest, "build", "language-host.src"), sources);
  const yamlBin = join(cache, "pulumi-language-yaml-v1.25.0", "bin");
  mkdirSync(yamlBin, { recursive: true });
  executable(
    join(yamlBin, "pulumi-language-yaml"),
    `#!/bin/sh\n# mod\tgithub.com/pulumi/pulumi-yaml\t${yamlVersion}\th1:x=\n`,
  );
  const javaBin = join(cache, "pulumi-language-java-v1.12.0", "bin");
  mkdirSync(javaBin, { recursive: true });
  executable(
    join(javaBin, "pulumi-language-java"),
    "#!/bin/sh\n# mod\tgithub.com/pulumi/pulumi-java/pkg\tv1.12.0\th1:x=\n",
  );
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
    const bin = fakePulumi("v3.260.0");
    const run = getPulumi(bin);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(bin);
    expect(run.stderr).not.toMatch(/building|Go not found/);
  });

  it("uses the oldest supported pulumi, v3.216.0", () => {
    const bin = fakePulumi("v3.216.0");
    expect(getPulumi(bin).stdout).toBe(bin);
  });

  it("ignores a pulumi older than the supported range and goes on to build", () => {
    const bin = fakePulumi("v3.100.0");
    const run = getPulumi(bin);
    expect(run.stdout).not.toContain(bin);
    expect(run.stderr).toContain("it reports 'v3.100.0', supported is v3.216.0 or a newer v3");
    expect(run.stderr).toContain("Go not found");
  });

  it("ignores a pulumi v4, outside the supported range", () => {
    const run = getPulumi(fakePulumi("v4.0.0"));
    expect(run.stderr).toContain("it reports 'v4.0.0'");
    expect(run.status).not.toBe(0);
  });

  it.each(LANGUAGE_HOSTS)("ignores a supported pulumi without %s beside it", (missing) => {
    const bin = fakePulumi(
      "v3.260.0",
      LANGUAGE_HOSTS.filter((host) => host !== missing),
    );
    const run = getPulumi(bin);
    expect(run.stdout).not.toContain(bin);
    expect(run.stderr).toContain(`no ${missing} beside it`);
  });

  it("reuses cached stand-in hosts built from scripts/language-host/*.go and links the cached YAML and Java hosts", () => {
    const cache = cachedBuild(languageHostSources());
    const run = getPulumi(tempDir(), cache);
    const bin = join(cache, "pulumi-v3.248.0", "bin");
    expect(run.stdout).toBe(bin);
    expect(run.stderr).toContain("using cached build");
    expect(readlinkSync(join(bin, "pulumi-language-yaml"))).toBe(
      join(cache, "pulumi-language-yaml-v1.25.0", "bin", "pulumi-language-yaml"),
    );
    expect(readlinkSync(join(bin, "pulumi-language-java"))).toBe(
      join(cache, "pulumi-language-java-v1.12.0", "bin", "pulumi-language-java"),
    );
  });

  it("rebuilds cached stand-in hosts built from other sources", () => {
    const cache = cachedBuild(languageHostSources() + "\n// an older revision\n");
    const run = getPulumi(tempDir(), cache);
    expect(run.stderr).toContain("the cached stand-in language hosts were built from another");
    expect(run.stderr).toContain("Go not found");
    expect(run.status).not.toBe(0);
  });

  it("rebuilds a cached YAML host built as another pulumi-yaml version", () => {
    const cache = cachedBuild(languageHostSources(), "v1.24.0");
    const run = getPulumi(tempDir(), cache);
    expect(run.stderr).not.toContain("using cached build");
    expect(run.stderr).toContain("Go not found");
    expect(run.status).not.toBe(0);
  });
});
