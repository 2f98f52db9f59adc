import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import type { RunningEmulator } from "../../../emulator";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { expectSuccess, runCommand } from "../../../testkit/command";
import { TEST_PASSPHRASE } from "../../../testkit/example";
import { PulumiStack } from "../../../testkit/pulumiStack";

/** A project on a machine that has never seen the plugin: a fresh `PULUMI_HOME`, nothing of idgov on PATH. */
export interface NewMachine {
  readonly stack: PulumiStack;
  readonly projectDir: string;
  /** The environment of every command run there (pulumi, pip, npm, go). */
  readonly env: NodeJS.ProcessEnv;
  /** Runs a command in the project directory that must succeed; answers its standard output. */
  run(file: string, args: string[]): Promise<string>;
}

/** PATH without any folder holding a `pulumi-resource-idgov`. */
function pathWithoutPlugin(value: string | undefined): string {
  return (value ?? "")
    .split(path.delimiter)
    .filter((dir) => dir !== "" && !existsSync(path.join(dir, "pulumi-resource-idgov")))
    .join(path.delimiter);
}

/**
 * Writes `files` into `root/project` (or `root/<project>`), with the state and `PULUMI_HOME` of `root` (shared by
 * the projects of one root), creates the stack and points its config at `emulator`. Automatic plugin acquisition
 * stays on, as on a user's machine.
 */
export async function newMachine(
  root: string,
  binDir: string,
  files: Record<string, string>,
  emulator: RunningEmulator,
  project = "project",
): Promise<NewMachine> {
  const projectDir = path.join(root, project);
  const sandbox = {
    binDir,
    stateDir: path.join(root, "state"),
    homeDir: path.join(root, "home"),
    passphrase: TEST_PASSPHRASE,
  };
  await mkdir(sandbox.stateDir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(projectDir, file)), { recursive: true });
    await writeFile(path.join(projectDir, file), text);
  }
  const stack = new PulumiStack({ sandbox, projectDir, stack: "dev" });
  delete stack.env.PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION;
  stack.env.PATH = pathWithoutPlugin(stack.env.PATH);
  await stack.init();
  await stack.setAllConfig(
    { "idgov:baseUrl": emulator.url, "idgov:clientId": DEFAULT_CREDENTIALS.clientId },
    { "idgov:clientSecret": DEFAULT_CREDENTIALS.clientSecret },
  );
  const run = async (file: string, args: string[]) =>
    expectSuccess(await runCommand(file, args, { cwd: projectDir, env: stack.env, timeoutMs: 300_000 }))
      .stdout;
  return { stack, projectDir, env: stack.env, run };
}
