import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildVersion, gitIn, readReleases, type Release } from "../../scripts/release/buildVersion";
import { versionToStamp } from "../../scripts/release/stampVersion";
import { compareSemVer, parseSemVer } from "../../provider/version";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd: dir,
    encoding: "utf8",
  }).trim();

/** A repository whose package.json declares `declared`, with one commit. */
function repository(declared: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "build-version-"));
  made.push(dir);
  git(dir, "init", "--quiet");
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "pulumi-idgov", version: declared }));
  writeFileSync(path.join(dir, "releases.json"), "[]\n");
  git(dir, "add", ".");
  git(dir, "commit", "--quiet", "-m", "init");
  return dir;
}

function commit(dir: string, file: string): string {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), String(Math.random()));
  git(dir, "add", ".");
  git(dir, "commit", "--quiet", "-m", file);
  return git(dir, "rev-parse", "--short=7", "HEAD");
}

const released = (version: string, commitId: string): Release => ({
  version,
  commit: commitId,
  date: "2026-11-29",
});
const ordered = (versions: string[]) =>
  [...versions].sort((a, b) => compareSemVer(parseSemVer(a)!, parseSemVer(b)!));

describe("the version a build carries", () => {
  it("is the release's own at the commit releases.json records, and after the release's bookkeeping commit", () => {
    const dir = repository("0.1.0");
    const releases = [released("0.1.0", git(dir, "rev-parse", "HEAD"))];
    expect(buildVersion("0.1.0", releases, gitIn(dir))).toBe("0.1.0");
    commit(dir, "test/upgrade/v0.1.0/schema.json");
    commit(dir, "releases.json");
    expect(buildVersion("0.1.0", releases, gitIn(dir))).toBe("0.1.0");
  });

  it("is a pre-release of the next minor after it, counting the commits since, with the commit: SemVer orders them", () => {
    const dir = repository("0.1.0");
    const releases = [released("0.1.0", git(dir, "rev-parse", "HEAD"))];
    const first = commit(dir, "provider/a.ts");
    const one = buildVersion("0.1.0", releases, gitIn(dir));
    expect(one).toBe(`0.2.0-dev.1+${first}`);
    const second = commit(dir, "provider/b.ts");
    const two = buildVersion("0.1.0", releases, gitIn(dir));
    expect(two).toBe(`0.2.0-dev.2+${second}`);
    expect(ordered(["0.2.0", two, "0.1.0", one])).toEqual(["0.1.0", one, two, "0.2.0"]);
  });

  it("is a pre-release of package.json's version when that one is not released yet", () => {
    const dir = repository("0.1.0");
    const releases = [released("0.1.0", git(dir, "rev-parse", "HEAD"))];
    commit(dir, "a.ts");
    const head = commit(dir, "b.ts");
    expect(buildVersion("1.0.0", releases, gitIn(dir))).toBe(`1.0.0-dev.2+${head}`);
  });

  it("without the release's commit in the clone (a shallow one) names the commit and no count", () => {
    const dir = repository("0.1.0");
    const head = git(dir, "rev-parse", "--short=7", "HEAD");
    const releases = [released("0.1.0", "0".repeat(40))];
    expect(buildVersion("0.1.0", releases, gitIn(dir))).toBe(`0.2.0-dev+${head}`);
  });

  it("without git: the release when package.json's version is one, else a bare pre-release of it", () => {
    const noGit = () => undefined;
    expect(buildVersion("0.1.0", [released("0.1.0", "a".repeat(40))], noGit)).toBe("0.1.0");
    expect(buildVersion("0.2.0", [released("0.1.0", "a".repeat(40))], noGit)).toBe("0.2.0-dev");
  });

  it("of a packed package without git is the version stamped into it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "build-version-packed-"));
    made.push(dir);
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "pulumi-idgov", version: "0.2.0" }));
    writeFileSync(path.join(dir, "releases.json"), "[]\n");
    mkdirSync(path.join(dir, "dist"));
    writeFileSync(path.join(dir, "dist", "version.json"), '{"version":"0.2.0-dev.7+abc1234"}\n');
    expect(versionToStamp(dir)).toBe("0.2.0-dev.7+abc1234");
  });

  it("reads releases.json, refusing an entry without a version, a full commit or a date", () => {
    const dir = repository("0.1.0");
    expect(readReleases(path.resolve(__dirname, "../.."))[0]).toMatchObject({ version: "0.1.0" });
    writeFileSync(
      path.join(dir, "releases.json"),
      '[{"version":"0.1.0","commit":"b582681","date":"2026-11-29"}]',
    );
    expect(() => readReleases(dir)).toThrow(
      "releases.json[0]: needs a version, a 40-digit commit and a date (YYYY-MM-DD)",
    );
  });
});
