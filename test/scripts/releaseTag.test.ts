import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { API_REPORT } from "../../scripts/release/apiReport";
import {
  recordAndTag,
  recordedApiReportPath,
  recordedSchemaPath,
  tagProblems,
} from "../../scripts/release/tag";
import { readReleases } from "../../scripts/release/buildVersion";

const made: string[] = [];
const IDENTITY = {
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
};
const saved = Object.fromEntries(Object.keys(IDENTITY).map((key) => [key, process.env[key]]));
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const [key, value] of Object.entries(saved))
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
});

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd: dir,
    encoding: "utf8",
  });

/** A repository with one commit holding `changelog`. */
function repository(changelog: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "release-tag-"));
  made.push(dir);
  git(dir, "init", "--quiet");
  writeFileSync(path.join(dir, "CHANGELOG.md"), changelog);
  writeFileSync(path.join(dir, "releases.json"), "[]\n");
  mkdirSync(path.dirname(path.join(dir, API_REPORT)), { recursive: true });
  writeFileSync(path.join(dir, API_REPORT), "## API Report File\n");
  git(dir, "add", ".");
  git(dir, "commit", "--quiet", "-m", "init");
  return dir;
}

const DATED = "# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-11-29\n\n### Added\n\n- Everything.\n";

describe("npm run release -- --tag", () => {
  it("cuts a clean tree whose CHANGELOG dates the version and has nothing unreleased: the release, its commit, schema and API report recorded, committed, tagged", () => {
    const dir = repository(DATED);
    const built = git(dir, "rev-parse", "HEAD").trim();
    expect(tagProblems(dir, "0.1.0", DATED)).toEqual([]);
    // A maintainer's identity, as git has it on a maintainer's machine.
    Object.assign(process.env, IDENTITY);
    recordAndTag(dir, "0.1.0", '{"name":"idgov"}\n', "2026-11-29");
    expect(readReleases(dir)).toEqual([{ version: "0.1.0", commit: built, date: "2026-11-29" }]);
    expect(readFileSync(path.join(dir, "CHANGELOG.md"), "utf8")).toContain(
      `## [0.1.0] - 2026-11-29\n\nBuilt from commit \`${built}\`.\n\n### Added`,
    );
    expect(readFileSync(path.join(dir, recordedSchemaPath("0.1.0")), "utf8")).toBe('{"name":"idgov"}\n');
    expect(readFileSync(path.join(dir, recordedApiReportPath("0.1.0")), "utf8")).toBe("## API Report File\n");
    expect(git(dir, "status", "--porcelain")).toBe("");
    expect(git(dir, "tag", "--list").trim()).toBe("v0.1.0");
    expect(git(dir, "log", "-1", "--format=%s", "v0.1.0").trim()).toBe("chore(release): v0.1.0");
    expect(git(dir, "rev-parse", "HEAD~1").trim()).toBe(built);
    expect(tagProblems(dir, "0.1.0", DATED)).toEqual(["releases.json records 0.1.0 already"]);
  });

  it("refuses, naming each reason: uncommitted changes, no dated section, entries left under [Unreleased]", () => {
    const undated =
      "# Changelog\n\n## [Unreleased]\n\n### Added\n\n- Something.\n\n## [0.1.0] - unreleased\n";
    const dir = repository(undated);
    writeFileSync(path.join(dir, "stray.txt"), "x");
    expect(tagProblems(dir, "0.1.0", undated)).toEqual([
      "the working tree has uncommitted changes",
      'CHANGELOG.md has no dated section "## [0.1.0] - YYYY-MM-DD"',
      'CHANGELOG.md still has entries under "## [Unreleased]": move them under 0.1.0',
    ]);
  });
});
