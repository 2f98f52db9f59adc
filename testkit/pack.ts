import { access } from "node:fs/promises";
import * as path from "node:path";
import { packNpmPackage } from "../scripts/release/npmPackage";
import { REPO_ROOT } from "./pulumiCli";

/**
 * `npm pack`s the package (as built in `dist/`) into `dir` as a release does, and answers the tarball's path: what
 * the registry would hand a user.
 */
export async function packPackage(dir: string): Promise<string> {
  const entry = path.join(REPO_ROOT, "dist", "resources", "index.js");
  await access(entry).catch(() => {
    throw new Error(`${entry} is missing: run \`npm run build\` before packing`);
  });
  return packNpmPackage(REPO_ROOT, dir);
}
