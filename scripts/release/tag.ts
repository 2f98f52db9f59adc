/**
 * Cutting a release (`npm run release -- --tag`): the checks before it, and the commit after it. A release is cut
 * from a clean tree whose CHANGELOG dates the version's section and holds nothing under `[Unreleased]`, at a version
 * releases.json does not hold yet. After its artifacts are built from that commit, the release is recorded in the
 * repository: its entry in releases.json (version, commit, date), the commit under CHANGELOG's section, and its
 * schema and TypeScript API report under test/upgrade/ (the breaking-change gates compare every later one with
 * them); that bookkeeping is committed, and the commit tagged `v<version>` for those who use tags (nothing reads the
 * tag). The recorded upgrade tests' run of the release follows (`npm run record:upgrade -- v<version>`).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { API_REPORT } from "./apiReport";
import { readReleases, type Release, RELEASES_FILE } from "./buildVersion";

const git = (root: string, args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** Where the schema of release `version` is recorded, relative to the repository. */
export const recordedSchemaPath = (version: string) =>
  path.join("test", "upgrade", `v${version}`, "schema.json");

/** Why `version` cannot be cut from `root` now, or an empty list. */
export function tagProblems(root: string, version: string, changelog: string): string[] {
  const problems: string[] = [];
  if (git(root, ["status", "--porcelain"]) !== "") problems.push("the working tree has uncommitted changes");
  if (readReleases(root).some((release) => release.version === version))
    problems.push(`${RELEASES_FILE} records ${version} already`);
  const escaped = version.replace(/\./g, "\\.");
  if (!new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}$`, "m").test(changelog))
    problems.push(`CHANGELOG.md has no dated section "## [${version}] - YYYY-MM-DD"`);
  const unreleased = /^## \[Unreleased\]\n([\s\S]*?)^## /m.exec(changelog)?.[1] ?? "";
  if (unreleased.trim() !== "")
    problems.push(`CHANGELOG.md still has entries under "## [Unreleased]": move them under ${version}`);
  return problems;
}

/** Where the TypeScript API report of release `version` is recorded, relative to the repository. */
export const recordedApiReportPath = (version: string) =>
  path.join("test", "upgrade", `v${version}`, "api.md");

/** releases.json with `release` added, oldest first. */
function writeReleases(root: string, release: Release): void {
  const releases = [...readReleases(root), release];
  writeFileSync(path.join(root, RELEASES_FILE), `${JSON.stringify(releases, null, 2)}\n`);
}

/** CHANGELOG.md with the release's commit on the line after its section's heading. */
function noteCommit(root: string, version: string, commit: string): void {
  const file = path.join(root, "CHANGELOG.md");
  const heading = new RegExp(`^## \\[${version.replace(/\./g, "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}\n`, "m");
  const text = readFileSync(file, "utf8");
  writeFileSync(
    file,
    text.replace(heading, (line) => `${line}\nBuilt from commit \`${commit}\`.\n`),
  );
}

/**
 * Records the release of the commit checked out: its entry in releases.json, its commit in CHANGELOG.md, its schema
 * and its committed API report; commits them, and tags that bookkeeping commit `v<version>`.
 */
export function recordAndTag(root: string, version: string, schemaText: string, date: string): void {
  const commit = git(root, ["rev-parse", "HEAD"]);
  writeReleases(root, { version, commit, date });
  noteCommit(root, version, commit);
  const file = recordedSchemaPath(version);
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), schemaText);
  copyFileSync(path.join(root, API_REPORT), path.join(root, recordedApiReportPath(version)));
  git(root, ["add", RELEASES_FILE, "CHANGELOG.md", file, recordedApiReportPath(version)]);
  git(root, ["commit", "--quiet", "-m", `chore(release): v${version}`]);
  git(root, ["tag", "-a", `v${version}`, "-m", `pulumi-idgov ${version}`]);
}
