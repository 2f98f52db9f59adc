/**
 * The plugin archives Pulumi fetches: `pulumi-resource-idgov-v<version>-<os>-<arch>.tar.gz`, each holding the
 * plugin as a native executable with its Node.js inside (`pulumi-resource-idgov`, or `pulumi-resource-idgov.exe` on
 * Windows: the names the CLI looks for), the commands' bundle beside it, the third-party notices (Node.js's
 * licence among them), a package.json (the version and download URL the schema answers) and the licence.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { promisify } from "node:util";
import type { Metafile } from "esbuild";
import type { PackageManifest } from "../../provider/version";
import { bundlePlugin, COMMANDS_BUNDLE, PLUGIN_BUNDLE as BUNDLE } from "./bundle";
import { NOTICES_FILE, runtimeNotice, thirdPartyNotices } from "./notices";
import { BUILD_PLATFORM, RUNTIME_PACKAGES, runtimePackage } from "./runtime";
import { blobPath, executableName, writeBlob, writeExecutable } from "./sea";

/** Every platform a release has an archive for. */
export const PLATFORMS = RUNTIME_PACKAGES.map(({ os, arch }) => ({ os, arch }));

/** The platform this machine runs, in Pulumi's names. */
export const HOST_PLATFORM = {
  os: process.platform === "win32" ? "windows" : process.platform,
  arch: process.arch === "x64" ? "amd64" : process.arch,
};

/** The archive's package.json: what the bundled plugin reads as its own manifest (version, schema fields). */
function pluginManifest(manifest: PackageManifest, downloadUrl: string): Record<string, unknown> {
  const { name, version, license, homepage, repository } = manifest;
  return { name, version, license, homepage, repository, pluginDownloadURL: downloadUrl };
}

/** The archive file name Pulumi asks a server for. */
export function archiveName(version: string, os: string, arch: string): string {
  return `pulumi-resource-idgov-v${version}-${os}-${arch}.tar.gz`;
}

/** The files every platform's archive holds beside its executable. */
const BESIDE = [COMMANDS_BUNDLE, "package.json", "LICENSE", NOTICES_FILE];

/** What the archives share, staged once: the bundles, the files beside the executable and the SEA blobs. */
interface Staged {
  dir: string;
  metafile: Metafile;
}

async function stageShared(
  root: string,
  dir: string,
  manifest: PackageManifest & { version: string },
  downloadUrl: string,
): Promise<Staged> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const metafile = await bundlePlugin(root, path.join(dir, BUNDLE));
  await writeFile(path.join(dir, NOTICES_FILE), `${thirdPartyNotices(root, metafile)}\n${runtimeNotice()}`);
  await writeFile(
    path.join(dir, "package.json"),
    `${JSON.stringify(pluginManifest(manifest, downloadUrl), null, 2)}\n`,
  );
  await copyFile(path.join(root, "LICENSE"), path.join(dir, "LICENSE"));
  return { dir, metafile };
}

/** Writes `platform`'s plugin folder, as its archive holds it, into `target` (created). */
async function stagePlatform(staged: Staged, target: string, os: string, arch: string): Promise<void> {
  await mkdir(target, { recursive: true });
  for (const file of BESIDE) await copyFile(path.join(staged.dir, file), path.join(target, file));
  const own = os === BUILD_PLATFORM.os && arch === BUILD_PLATFORM.arch;
  const blob = blobPath(staged.dir, own);
  if (!existsSync(blob)) await writeBlob(path.join(staged.dir, BUNDLE), blob, own);
  await writeExecutable(runtimePackage(os, arch), blob, path.join(target, executableName(os)));
}

/**
 * Writes the plugin's folder as this machine's release archive holds it into `dir` (replaced): the executable and
 * the files beside it. Answers the bundles' inputs (for the SBOM).
 */
export async function stagePlugin(
  root: string,
  dir: string,
  manifest: PackageManifest & { version: string },
  downloadUrl: string,
): Promise<Metafile> {
  const staged = await stageShared(root, `${dir}.shared`, manifest, downloadUrl);
  try {
    await rm(dir, { recursive: true, force: true });
    await stagePlatform(staged, dir, HOST_PLATFORM.os, HOST_PLATFORM.arch);
    return staged.metafile;
  } finally {
    await rm(staged.dir, { recursive: true, force: true });
  }
}

/** Writes the six archives into `out`; answers the bundle's inputs (for the SBOM). */
export async function writeArchives(
  root: string,
  work: string,
  out: string,
  manifest: PackageManifest & { version: string },
  downloadUrl: string,
): Promise<Metafile> {
  const staged = await stageShared(root, path.join(work, "plugin"), manifest, downloadUrl);
  const packing: Promise<void>[] = [];
  for (const { os, arch } of PLATFORMS) {
    const target = path.join(work, `plugin-${os}-${arch}`);
    await stagePlatform(staged, target, os, arch);
    const archive = path.join(out, archiveName(manifest.version, os, arch));
    packing.push(
      tarGz(target, [executableName(os), ...BESIDE], archive).then(() => rm(target, { recursive: true })),
    );
  }
  await Promise.all(packing);
  return staged.metafile;
}

/**
 * A reproducible tar.gz of `files` (relative to `dir`): sorted, no owners, no times. Asynchronous, so the next
 * platform's executable is made while this one is compressed. gzip -6: -9 takes three times the CPU (12 s for an
 * executable of 127 MB) for archives 0.7 % smaller.
 */
async function tarGz(dir: string, files: string[], target: string): Promise<void> {
  const tar = 'tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cf - "$@"';
  const script = `target="$1"; shift; cd "$0" && ${tar} | gzip -6n > "$target"`;
  await promisify(execFile)("bash", ["-o", "pipefail", "-c", script, dir, path.resolve(target), ...files]);
}
