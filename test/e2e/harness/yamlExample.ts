import { readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { expectSuccess, runCommand } from "../../../testkit/command";
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
  await writeFile(path.join(project.projectDir, "package.json"), '{ "private": true }\n');
  expectSuccess(
    await runCommand(
      "npm",
      ["install", options.tarball, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
      { cwd: project.projectDir, env: process.env },
    ),
  );
  return project;
}
