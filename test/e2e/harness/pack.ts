import { access } from "node:fs/promises";
import * as path from "node:path";
import { expectSuccess, runCommand } from "./command";
import { REPO_ROOT } from "./pulumiCli";

/**
 * `npm pack`s the package (as built in `dist/`) into `dir` and answers the tarball's path: what the registry would
 * hand a user.
 */
export async function packPackage(dir: string): Promise<string> {
  const entry = path.join(REPO_ROOT, "dist", "resources", "index.js");
  await access(entry).catch(() => {
    throw new Error(`${entry} is missing: run \`npm run build\` before packing`);
  });
  const result = expectSuccess(
    await runCommand("npm", ["pack", REPO_ROOT, "--pack-destination", dir, "--ignore-scripts", "--json"], {
      cwd: dir,
      env: process.env,
    }),
  );
  const [packed] = JSON.parse(result.stdout) as { filename: string }[];
  if (!packed) throw new Error(`npm pack answered no tarball: ${result.stdout}`);
  return path.join(dir, packed.filename);
}
