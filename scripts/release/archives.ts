/**
 * The plugin archives Pulumi fetches: `pulumi-resource-idgov-v<version>-<os>-<arch>.tar.gz`, each holding the
 * bundle, the commands' bundle beside it, the third-party notices of both, a package.json (the version and download URL the schema answers), the licence and a launcher the engine
 * runs (`pulumi-resource-idgov`, or `pulumi-resource-idgov.cmd` on Windows: the names the CLI looks for).
 */
import { execFileSync } from "node:child_process";
import { chmod, copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import * as path from "node:path";
import type { Metafile } from "esbuild";
import type { PackageManifest } from "../../provider/version";
import { bundlePlugin, COMMANDS_BUNDLE, NODE_FLOOR, PLUGIN_BUNDLE as BUNDLE } from "./bundle";
import { NOTICES_FILE, thirdPartyNotices } from "./notices";

/** Every platform a release has an archive for. */
export const PLATFORMS = (["linux", "darwin", "windows"] as const).flatMap((os) =>
  (["amd64", "arm64"] as const).map((arch) => ({ os, arch })),
);

const NEEDED = `pulumi-resource-idgov: Node.js >= ${NODE_FLOOR} is needed on PATH`;
const [WANT_MAJOR, WANT_MINOR, WANT_PATCH] = NODE_FLOOR.split(".");

/** The Unix launcher: checks `node` and its version (`node --version` answers before the runtime starts). */
const SH_LAUNCHER = [
  "#!/bin/sh",
  `# pulumi-resource-idgov: the idgov resource plugin, run by Node.js >= ${NODE_FLOOR} from the bundle beside this file.`,
  "version=$(node --version 2>/dev/null) || {",
  `  echo "${NEEDED} (none found): install it from https://nodejs.org" >&2`,
  "  exit 1",
  "}",
  "rest=${version#v}; major=${rest%%.*}; rest=${rest#*.}; minor=${rest%%.*}; patch=${rest#*.}; patch=${patch%%[!0-9]*}",
  `if [ "$major" -lt ${WANT_MAJOR} ] || { [ "$major" -eq ${WANT_MAJOR} ] && { [ "$minor" -lt ${WANT_MINOR} ] ||`,
  `  { [ "$minor" -eq ${WANT_MINOR} ] && [ "\${patch:-0}" -lt ${WANT_PATCH} ]; }; }; }; then`,
  `  echo "${NEEDED} (found $version): install Node.js >= ${NODE_FLOOR} from https://nodejs.org" >&2`,
  "  exit 1",
  "fi",
  // The folder of this file, without dirname: the launcher needs nothing on PATH but node.
  'case "$0" in */*) here=${0%/*} ;; *) here=. ;; esac',
  `exec node "$here/${BUNDLE}" "$@"`,
  "",
].join("\n");

/** The Windows launcher: checks `node` exists; the bundle's first lines check its version. */
const CMD_LAUNCHER = [
  "@echo off",
  "where node >nul 2>nul",
  "if errorlevel 1 (",
  `  echo ${NEEDED.replace(">", "^>")} ^(none found^): install it from https://nodejs.org 1>&2`,
  "  exit /b 1",
  ")",
  `node "%~dp0${BUNDLE}" %*`,
  "",
].join("\r\n");

/** The archive's package.json: what the bundled plugin reads as its own manifest (version, schema fields). */
function pluginManifest(manifest: PackageManifest, downloadUrl: string): Record<string, unknown> {
  const { name, version, license, homepage, repository } = manifest;
  return { name, version, license, homepage, repository, pluginDownloadURL: downloadUrl };
}

/** The archive file name Pulumi asks a server for. */
export function archiveName(version: string, os: string, arch: string): string {
  return `pulumi-resource-idgov-v${version}-${os}-${arch}.tar.gz`;
}

/**
 * Writes the plugin's folder as a release archive holds it into `dir` (replaced): the bundle and the commands' bundle,
 * its package.json, the licence, the third-party notices and both launchers. Answers the bundles' inputs (for the
 * SBOM).
 */
export async function stagePlugin(
  root: string,
  dir: string,
  manifest: PackageManifest & { version: string },
  downloadUrl: string,
): Promise<Metafile> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const metafile = await bundlePlugin(root, path.join(dir, BUNDLE));
  await writeFile(path.join(dir, NOTICES_FILE), thirdPartyNotices(root, metafile));
  await writeFile(
    path.join(dir, "package.json"),
    `${JSON.stringify(pluginManifest(manifest, downloadUrl), null, 2)}\n`,
  );
  await copyFile(path.join(root, "LICENSE"), path.join(dir, "LICENSE"));
  await writeFile(path.join(dir, "pulumi-resource-idgov"), SH_LAUNCHER);
  await chmod(path.join(dir, "pulumi-resource-idgov"), 0o755);
  await writeFile(path.join(dir, "pulumi-resource-idgov.cmd"), CMD_LAUNCHER);
  return metafile;
}

/** Writes the six archives into `out`; answers the bundle's inputs (for the SBOM). */
export async function writeArchives(
  root: string,
  work: string,
  out: string,
  manifest: PackageManifest & { version: string },
  downloadUrl: string,
): Promise<Metafile> {
  const staged = path.join(work, "plugin");
  const metafile = await stagePlugin(root, staged, manifest, downloadUrl);
  for (const { os, arch } of PLATFORMS) {
    const launcher = os === "windows" ? "pulumi-resource-idgov.cmd" : "pulumi-resource-idgov";
    tarGz(
      staged,
      [launcher, BUNDLE, COMMANDS_BUNDLE, "package.json", "LICENSE", NOTICES_FILE],
      path.join(out, archiveName(manifest.version, os, arch)),
    );
  }
  return metafile;
}

/** A reproducible tar.gz of `files` (relative to `dir`): sorted, no owners, no times. */
function tarGz(dir: string, files: string[], target: string): void {
  const tar = execFileSync(
    "tar",
    [
      "-C",
      dir,
      "--sort=name",
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      "--mtime=@0",
      "-cf",
      "-",
      ...files,
    ],
    { maxBuffer: 1 << 30 },
  );
  execFileSync("sh", ["-c", 'gzip -9n > "$0"', target], { input: tar });
}
