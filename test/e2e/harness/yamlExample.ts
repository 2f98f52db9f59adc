import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { installPackage } from "../../../testkit/example";
import { REPO_ROOT } from "../../../testkit/pulumiCli";
import { openScratchStack, type ScratchStack } from "./scratchProject";

/**
 * `examples/yaml` copied into a fresh project, with `pulumi-idgov` installed into it from the `npm pack` tarball as
 * its README tells a user (`npm install pulumi-idgov`): the program's `plugins.providers[].path`,
 * `./node_modules/.bin`, then holds the packed `pulumi-resource-idgov` and nothing of this checkout.
 */
export async function openYamlExample(options: {
  binDir: string;
  tarball: string;
  stack: string;
}): Promise<ScratchStack> {
  const source = path.join(REPO_ROOT, "examples", "yaml");
  const files: Record<string, string> = {};
  for (const file of ["Pulumi.yaml", "README.md"]) {
    files[file] = await readFile(path.join(source, file), "utf8");
  }
  const project = await openScratchStack({ binDir: options.binDir, files, stack: options.stack });
  await installPackage(project.projectDir, options.tarball);
  return project;
}
