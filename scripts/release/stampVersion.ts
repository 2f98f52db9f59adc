/**
 * A step of `npm run build`: writes the build's version (scripts/release/buildVersion.ts) into dist/version.json,
 * which every part of the package reads as its own (provider/version.ts): the plugin, the schema, the state's
 * `writtenBy`, the `iac_tool_version` stamps, and a release's archives and packages. A tree without git that holds a
 * stamp already (a packed package) keeps it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { BUILD_VERSION_FILE } from "../../provider/version";
import { buildVersion, gitIn, readReleases } from "./buildVersion";

/** Writes `version` as the build's version of the package at `root`. */
export function stampVersion(root: string, version: string): void {
  const file = path.join(root, BUILD_VERSION_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ version })}\n`);
}

/** The version a build of `root` carries now. */
export function versionToStamp(root: string): string {
  const git = gitIn(root);
  const stamped = path.join(root, BUILD_VERSION_FILE);
  if (git(["rev-parse", "HEAD"]) === undefined && existsSync(stamped))
    return (JSON.parse(readFileSync(stamped, "utf8")) as { version: string }).version;
  const declared = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string })
    .version;
  return buildVersion(declared, readReleases(root), git);
}

if (require.main === module) {
  const root = path.resolve(__dirname, "../..");
  try {
    stampVersion(root, versionToStamp(root));
  } catch (error) {
    process.stderr.write(`build: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
