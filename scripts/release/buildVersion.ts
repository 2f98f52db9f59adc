/**
 * The version a build of this repository carries, from package.json, the releases the repository records
 * (releases.json) and git: a release's own commit builds that release's version; any other commit builds a
 * pre-release of the next one, `<next>-dev.<commits since the last release>+<short commit>`, which SemVer orders
 * after the last release and before the next. Nothing here reads a git tag, so a clone without tags builds the same.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { compareSemVer, parseSemVer } from "../../provider/version";

/** One release, as releases.json records it: its version, the commit it was built from, and its date. */
export interface Release {
  readonly version: string;
  readonly commit: string;
  readonly date: string;
}

/** The file that records every release, at the repository's root. */
export const RELEASES_FILE = "releases.json";

/**
 * Paths a release's own bookkeeping commit writes after the release was built (releases.json, the recordings under
 * test/upgrade/v…/): commits that touch only these change nothing a build holds, so they do not count.
 */
const BOOKKEEPING = [RELEASES_FILE, "test/upgrade/v*"];

/** The releases recorded in `root`/releases.json, oldest first; a clear error for an entry that is not one. */
export function readReleases(root: string): Release[] {
  const file = path.join(root, RELEASES_FILE);
  const entries = JSON.parse(readFileSync(file, "utf8")) as unknown;
  if (!Array.isArray(entries)) throw new Error(`${file}: expected a list of releases`);
  return entries
    .map((entry: Partial<Release>, at) => {
      const valid =
        typeof entry.version === "string" &&
        parseSemVer(entry.version) !== undefined &&
        typeof entry.commit === "string" &&
        /^[0-9a-f]{40}$/.test(entry.commit) &&
        typeof entry.date === "string" &&
        /^\d{4}-\d{2}-\d{2}$/.test(entry.date);
      if (!valid)
        throw new Error(`${file}[${at}]: needs a version, a 40-digit commit and a date (YYYY-MM-DD)`);
      return entry as Release;
    })
    .sort((a, b) => compareSemVer(parseSemVer(a.version)!, parseSemVer(b.version)!));
}

/** Runs git in `root` and answers its output, or undefined when git or the repository is not there. */
export type Git = (args: string[]) => string | undefined;

export const gitIn =
  (root: string): Git =>
  (args) => {
    try {
      return execFileSync("git", args, {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    } catch {
      return undefined;
    }
  };

/** The next minor version after `version` (`0.1.0` → `0.2.0`): what follows a release unless package.json says. */
function nextMinor(version: string): string {
  const { major, minor } = parseSemVer(version)!;
  return `${major}.${minor + 1}.0`;
}

/** Commits that reach HEAD and not `commit`, bookkeeping apart; undefined when `commit` is not in this clone. */
function commitsSince(git: Git, commit: string): number | undefined {
  if (git(["cat-file", "-e", `${commit}^{commit}`]) === undefined) return undefined;
  const excluded = BOOKKEEPING.map((pattern) => `:(exclude)${pattern}`);
  const counted = git(["rev-list", "--count", `${commit}..HEAD`, "--", ".", ...excluded]);
  return counted === undefined ? undefined : Number(counted);
}

/**
 * The version of a build at `declared` (package.json's version): `declared` itself at the commit releases.json
 * records for it (or one that adds only its bookkeeping); else a pre-release of `declared` when it is not released
 * yet, or of the minor after it when it is. Without git (a source archive), `declared` when released, else
 * `<declared>-dev`; in a clone that lacks the last release's commit (a shallow one), `<next>-dev+<commit>`.
 */
export function buildVersion(declared: string, releases: readonly Release[], git: Git): string {
  if (parseSemVer(declared) === undefined)
    throw new Error(`package.json's version ${declared} is not SemVer`);
  const released = releases.find((release) => release.version === declared);
  const head = git(["rev-parse", "--short=7", "HEAD"]);
  if (head === undefined) return released ? declared : `${declared}-dev`;
  if (released && commitsSince(git, released.commit) === 0) return declared;
  const next = released ? nextMinor(declared) : declared;
  const last = releases.at(-1);
  const since = last ? commitsSince(git, last.commit) : Number(git(["rev-list", "--count", "HEAD"]));
  return since === undefined ? `${next}-dev+${head}` : `${next}-dev.${since}+${head}`;
}
