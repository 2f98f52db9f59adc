/**
 * Cutting a release (`npm run release -- --tag`): the checks before it, and the commit and tag after it. A release is
 * cut from a clean tree whose CHANGELOG dates the version's section and holds nothing under `[Unreleased]`; the
 * release's schema and TypeScript API report are recorded under test/upgrade/ (the breaking-change gates compare every
 * later one with them), committed, and the commit tagged `v<version>`. The recorded upgrade tests' run of the tagged
 * release follows (`npm run record:upgrade -- v<version>`).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { API_REPORT } from "./apiReport";

const git = (root: string, args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** Where the schema of release `version` is recorded, relative to the repository. */
export const recordedSchemaPath = (version: string) =>
  path.join("test", "upgrade", `v${version}`, "schema.json");

/** Why `version` cannot be cut from `root` now, or an empty list. */
export function tagProblems(root: string, version: string, changelog: string): string[] {
  const problems: string[] = [];
  if (git(root, ["status", "--porcelain"]) !== "") problems.push("the working tree has uncommitted changes");
  if (git(root, ["tag", "--list", `v${version}`]) !== "") problems.push(`the tag v${version} exists already`);
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

/** Records the release's schema and its committed API report, commits them and tags the commit `v<version>`. */
export function recordAndTag(root: string, version: string, schemaText: string): void {
  const file = recordedSchemaPath(version);
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), schemaText);
  copyFileSync(path.join(root, API_REPORT), path.join(root, recordedApiReportPath(version)));
  git(root, ["add", file, recordedApiReportPath(version)]);
  git(root, ["commit", "--quiet", "-m", `chore(release): v${version}`]);
  git(root, ["tag", "-a", `v${version}`, "-m", `pulumi-idgov ${version}`]);
}
