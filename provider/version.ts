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

/** Where `npm run build` writes the build's version (scripts/release/stampVersion.ts), from the package root. */
export const BUILD_VERSION_FILE = path.join("dist", "version.json");

/**
 * The version of the package built at `root`: the one `npm run build` stamped (a pre-release between releases, see
 * docs/guides/releasing.md), else its package.json's (a package packed with the stamped version, or one never built).
 */
export function builtVersion(root: string): string | undefined {
  try {
    const stamped = (
      JSON.parse(fs.readFileSync(path.join(root, BUILD_VERSION_FILE), "utf8")) as { version?: unknown }
    ).version;
    if (typeof stamped === "string" && parseSemVer(stamped)) return stamped;
  } catch {
    // Not built here, or packed without the file: the manifest's version stands.
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as PackageManifest;
  return manifest.version;
}

function findPackage(): { manifest: PackageManifest; dir: string | undefined } {
  if (cached !== undefined) return cached;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as PackageManifest;
      if (manifest.name === "pulumi-idgov") {
        const version = builtVersion(dir);
        return (cached = { manifest: version === undefined ? manifest : { ...manifest, version }, dir });
      }
    }
    if (path.dirname(dir) === dir) return (cached = { manifest: {}, dir: undefined });
  }
}

/** The installed pulumi-idgov package's manifest (its package.json, at the built version), or `{}` when none is found. */
export function packageManifest(): PackageManifest {
  return findPackage().manifest;
}

/** The folder of the installed pulumi-idgov package (the one holding its package.json), or undefined. */
export function packageDir(): string | undefined {
  return findPackage().dir;
}

/**
 * The version of this build of pulumi-idgov: what the plugin, the schema, the state's `writtenBy` and the
 * `iac_tool_version` stamps say.
 */
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

/** A version as SemVer 2.0.0 writes it: `major.minor.patch`, then pre-release identifiers, then build metadata. */
export interface SemVer {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly preRelease: readonly (string | number)[];
  readonly build: readonly string[];
}

const IDENTIFIER = "(?:0|[1-9]\\d*|\\d*[A-Za-z-][0-9A-Za-z-]*)";
const SEMVER = new RegExp(
  `^v?(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)` +
    `(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?(?:\\+([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?$`,
);

/** `text` as a SemVer version (a leading `v` allowed, as tags write it), or undefined when it is not one. */
export function parseSemVer(text: string): SemVer | undefined {
  const match = SEMVER.exec(text);
  if (!match) return undefined;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    preRelease: match[4] ? match[4].split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [],
    build: match[5] ? match[5].split(".") : [],
  };
}

/**
 * SemVer's precedence of `a` against `b`: negative, 0 or positive. A pre-release comes before its release
 * (`0.2.0-dev.5` < `0.2.0`), numeric identifiers compare as numbers and before text, and build metadata is ignored.
 */
export function compareSemVer(a: SemVer, b: SemVer): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return Math.sign(core);
  if (a.preRelease.length === 0 || b.preRelease.length === 0)
    return Math.sign(b.preRelease.length - a.preRelease.length);
  for (let at = 0; at < Math.max(a.preRelease.length, b.preRelease.length); at++) {
    const left = a.preRelease[at];
    const right = b.preRelease[at];
    if (left === undefined || right === undefined) return left === undefined ? -1 : 1;
    if (left === right) continue;
    if (typeof left !== typeof right) return typeof left === "number" ? -1 : 1;
    return left < right ? -1 : 1;
  }
  return 0;
}

/** Whether version `a` comes after `b` in SemVer's precedence; false when either is not a version. */
export function isNewer(a: string, b: string): boolean {
  const left = parseSemVer(a);
  const right = parseSemVer(b);
  return left !== undefined && right !== undefined && compareSemVer(left, right) > 0;
}

/** The version as a Go module version: `v` and the version without its build metadata, which Go cannot hold. */
export function goModuleVersion(version: string): string {
  return `v${version.replace(/\+.*$/, "")}`;
}

/**
 * The version as the Python SDK's package spells it (PEP 440), the way Pulumi's generator writes it:
 * `0.2.0-dev.5+abc1234` → `0.2.0.dev5+abc1234`, `0.2.0-alpha.1` → `0.2.0a1`.
 */
export function pythonVersion(version: string): string {
  const parsed = parseSemVer(version);
  if (!parsed) throw new Error(`not a version: ${version}`);
  const normal = parsed.preRelease.join(".").replace(/(alpha|beta|rc|dev|post)\.(\d+)/g, "$1$2");
  const parts = normal === "" ? [] : normal.split(".");
  let release = "";
  let dev = "";
  let post = "";
  let at = 0;
  const translated = (parts[0] ?? "").replace(/^alpha/, "a").replace(/^beta/, "b");
  if (/^(a|b|rc)\d+$/.test(translated)) ((release = translated), at++);
  if (/^dev\d+$/.test(parts[at] ?? "")) dev = `.${parts[at++]}`;
  if (/^post\d+$/.test(parts[at] ?? "")) post = `.${parts[at++]}`;
  const local = [...parts.slice(release === "" ? at : 1), ...parsed.build].map((part) =>
    part.replace(/-/g, "."),
  );
  const core = `${parsed.major}.${parsed.minor}.${parsed.patch}`;
  return `${core}${release}${dev}${post}${local.length > 0 ? `+${local.join(".")}` : ""}`;
}
