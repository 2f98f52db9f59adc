import * as fs from "node:fs";
import * as path from "node:path";

/** The parts of the installed pulumi-idgov package's manifest this package reads. */
export interface PackageManifest {
  name?: string;
  version?: string;
  license?: string;
  homepage?: string;
  repository?: { url?: string };
  /** Where Pulumi downloads the plugin (a release archive's manifest sets it); else the version's release page. */
  pluginDownloadURL?: string;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

let cached: { manifest: PackageManifest; dir: string | undefined } | undefined;

function findPackage(): { manifest: PackageManifest; dir: string | undefined } {
  if (cached !== undefined) return cached;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as PackageManifest;
      if (manifest.name === "pulumi-idgov") return (cached = { manifest, dir });
    }
    if (path.dirname(dir) === dir) return (cached = { manifest: {}, dir: undefined });
  }
}

/** The installed pulumi-idgov package's manifest (its package.json), or `{}` when none is found. */
export function packageManifest(): PackageManifest {
  return findPackage().manifest;
}

/** The folder of the installed pulumi-idgov package (the one holding its package.json), or undefined. */
export function packageDir(): string | undefined {
  return findPackage().dir;
}

/** The version of the installed pulumi-idgov package, read from its package.json. */
export function packageVersion(): string {
  return packageManifest().version ?? "0.0.0";
}

/**
 * Where Pulumi downloads the plugin `pulumi-resource-idgov` (the schema's `pluginDownloadURL`): the manifest's own
 * `pluginDownloadURL` (a release archive's, set by `npm run release -- --download-url`), else the release page of
 * this version under the package's repository, or undefined without one.
 */
export function pluginDownloadUrl(manifest: PackageManifest = packageManifest()): string | undefined {
  if (manifest.pluginDownloadURL) return manifest.pluginDownloadURL;
  const repository = manifest.repository?.url?.replace(/^git\+/, "").replace(/\.git$/, "");
  return repository ? `${repository}/releases/download/v${manifest.version ?? "0.0.0"}/` : undefined;
}
