/**
 * Cutting a release (`npm run release -- --tag`): the checks before it, and the commit and tag after it. A release is
 * cut from a clean tree whose CHANGELOG dates the version's section and holds nothing under `[Unreleased]`; the
 * release's schema is recorded under test/upgrade/ (the breaking-change gate compares every later schema with it),
 * committed, and the commit tagged `v<version>`.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";

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

/** Records the release's schema, commits it and tags the commit `v<version>`. */
export function recordAndTag(root: string, version: string, schemaText: string): void {
  const file = recordedSchemaPath(version);
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), schemaText);
  git(root, ["add", file]);
  git(root, ["commit", "--quiet", "-m", `chore(release): v${version}`]);
  git(root, ["tag", "-a", `v${version}`, "-m", `pulumi-idgov ${version}`]);
}
