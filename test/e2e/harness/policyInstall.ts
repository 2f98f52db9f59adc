import { mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { expectSuccess, runCommand } from "../../../testkit/command";
import { REPO_ROOT } from "../../../testkit/pulumiCli";
import { openScratchStack, type ScratchStack } from "./scratchProject";

/** One install of the packed package with `@pulumi/policy`, as the policy guide tells a user, shared by projects. */
export interface PolicyInstall {
  /** The folder holding `node_modules`. */
  readonly root: string;
  /** The pack as a user passes it: `node_modules/pulumi-idgov/policy`. */
  readonly packDir: string;
}

/** The version this repository tests of a dev dependency. */
async function devVersion(name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  const version = manifest.devDependencies[name];
  if (!version) throw new Error(`package.json has no devDependency ${name}`);
  return version;
}

/**
 * `npm install <tarball> @pulumi/policy` (with `@pulumi/pulumi`, and TypeScript for a TypeScript program) into a
 * fresh folder.
 */
export async function installForPolicy(tarball: string): Promise<PolicyInstall> {
  const root = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-e2e-policy-"));
  await writeFile(path.join(root, "package.json"), '{ "private": true }\n');
  const packages = [
    tarball,
    `@pulumi/policy@${await devVersion("@pulumi/policy")}`,
    `@pulumi/pulumi@${await devVersion("@pulumi/pulumi")}`,
    `typescript@${await devVersion("typescript")}`,
    `ts-node@${await devVersion("ts-node")}`,
    `@types/node@${await devVersion("@types/node")}`,
  ];
  expectSuccess(
    await runCommand(
      "npm",
      ["install", ...packages, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
      {
        cwd: root,
        env: process.env,
        timeoutMs: 300_000,
      },
    ),
  );
  return { root, packDir: path.join(root, "node_modules", "pulumi-idgov", "policy") };
}

/** A scratch project (its own state and `PULUMI_HOME`) whose `../node_modules` is the shared install. */
export async function openPolicyProject(
  install: PolicyInstall,
  binDir: string,
  files: Record<string, string>,
): Promise<ScratchStack> {
  const project = await openScratchStack({ binDir, files, stack: "e2e" });
  await symlink(path.join(install.root, "node_modules"), path.join(project.projectDir, "..", "node_modules"));
  return project;
}

/** Writes a `--policy-pack-config` file beside the project and answers its path. */
export async function writePolicyConfig(
  project: ScratchStack,
  name: string,
  config: object,
): Promise<string> {
  const file = path.join(project.projectDir, "..", `${name}.json`);
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}
