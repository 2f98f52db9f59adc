/**
 * The signer of the macOS executables: `rcodesign` of the crate apple-codesign (crates.io), which signs Mach-O files
 * ad hoc on any platform. Built once with cargo into the cache outside the clone (as scripts/get-pulumi.sh builds the
 * Pulumi CLI), through a staging folder renamed into place, so an interrupted build never leaves half a cache.
 */
import { execFileSync } from "node:child_process";
import { existsSync, renameSync, rmSync } from "node:fs";
import * as path from "node:path";
import { cacheRoot } from "./sdks";

/** The crate's version, pinned. */
export const APPLE_CODESIGN_VERSION = "0.29.0";

/** The cached `rcodesign`, built first when the cache lacks it (minutes: cargo compiles the crate and its deps). */
export function rcodesign(): string {
  const dir = path.join(cacheRoot(), `rcodesign-${APPLE_CODESIGN_VERSION}`);
  const binary = path.join(dir, "bin", "rcodesign");
  if (existsSync(binary)) return binary;
  const staging = `${dir}.staging`;
  process.stderr.write(`release: building rcodesign ${APPLE_CODESIGN_VERSION} into ${dir} (once)\n`);
  execFileSync(
    "cargo",
    [
      "install",
      "apple-codesign",
      "--version",
      APPLE_CODESIGN_VERSION,
      "--locked",
      "--no-default-features",
      "--root",
      staging,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return binary;
}
