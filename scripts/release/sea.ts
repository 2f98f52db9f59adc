/**
 * The plugin as a Node.js single-executable application (SEA) per platform: the plugin's bundle made into a blob by
 * the pinned Node.js of the build platform (a blob is only valid for the Node.js version that wrote it), injected
 * into each platform's binary of that same version with postject, and the macOS ones signed ad hoc with rcodesign
 * (macOS on arm64 runs nothing unsigned).
 */
import { execFileSync } from "node:child_process";
import { chmod, copyFile, readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { BUILD_PLATFORM, cachedRuntime, type RuntimePackage, runtimePackage } from "./runtime";
import { rcodesign } from "./signer";

/** The fuse Node.js looks for to know a blob was injected (Node.js's documentation of SEA). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** The executable's name in a platform's archive: the name the Pulumi CLI runs. */
export function executableName(os: string): string {
  return os === "windows" ? "pulumi-resource-idgov.exe" : "pulumi-resource-idgov";
}

/**
 * Writes the SEA blob of `main` into `blob` with the build platform's Node.js. A V8 code cache is only valid on the
 * platform that made it, so it goes only into the build platform's own executable (`useCodeCache`).
 */
export async function writeBlob(main: string, blob: string, useCodeCache: boolean): Promise<void> {
  const node = (await cachedRuntime(runtimePackage(BUILD_PLATFORM.os, BUILD_PLATFORM.arch))).node;
  const config = path.resolve(`${blob}.json`);
  await writeFile(
    config,
    // `main` relative to the folder the blob is made in: the blob names it, and a build machine's path has no place there.
    JSON.stringify({
      main: path.basename(main),
      output: path.resolve(blob),
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache,
    }),
  );
  execFileSync(node, ["--experimental-sea-config", config], {
    cwd: path.dirname(main),
    stdio: ["ignore", "ignore", "pipe"],
  });
}

type Inject = (
  file: string,
  name: string,
  data: Buffer,
  options: { sentinelFuse: string; machoSegmentName?: string },
) => Promise<void>;

/** Injects `blob` into a copy of `pkg`'s Node.js binary at `target`, runnable, signed ad hoc on macOS. */
export async function writeExecutable(pkg: RuntimePackage, blob: string, target: string): Promise<void> {
  const { node } = await cachedRuntime(pkg);
  await copyFile(node, target);
  await chmod(target, 0o755);
  const { inject } = require("postject") as { inject: Inject };
  const warn = console.warn;
  // postject warns of ELF note sections it does not name ("Can't find string offset for section name"): harmless.
  console.warn = () => undefined;
  try {
    await inject(target, "NODE_SEA_BLOB", await readFile(blob), {
      sentinelFuse: SEA_FUSE,
      ...(pkg.os === "darwin" ? { machoSegmentName: "NODE_SEA" } : {}),
    });
  } finally {
    console.warn = warn;
  }
  if (pkg.os === "darwin") {
    execFileSync(rcodesign(), ["sign", "--binary-identifier", "pulumi-resource-idgov", target], {
      stdio: ["ignore", "ignore", "pipe"],
    });
  }
}

/** The folder of `file`, for the SEA config's relative paths. */
export function blobPath(work: string, codeCache: boolean): string {
  return path.join(work, codeCache ? "sea-code-cache.blob" : "sea.blob");
}
