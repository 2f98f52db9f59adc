import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { TEST_PASSPHRASE } from "../../../testkit/example";
import { PulumiStack } from "../../../testkit/pulumiStack";

/** A project written on the spot, with a stack in a sandbox of its own. */
export interface ScratchStack {
  stack: PulumiStack;
  /** The directory holding `Pulumi.yaml`. */
  projectDir: string;
  /** Deletes the project, its state and its `PULUMI_HOME`. */
  remove(): Promise<void>;
}

/**
 * Writes `files` (relative path to text) into a fresh project directory, with its own file backend and
 * `PULUMI_HOME`, and creates the stack.
 */
export async function openScratchStack(options: {
  binDir: string;
  files: Record<string, string>;
  stack?: string;
}): Promise<ScratchStack> {
  const root = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-e2e-scratch-"));
  const projectDir = path.join(root, "project");
  const sandbox = {
    binDir: options.binDir,
    stateDir: path.join(root, "state"),
    homeDir: path.join(root, "home"),
    passphrase: TEST_PASSPHRASE,
  };
  await mkdir(sandbox.stateDir, { recursive: true });
  for (const [file, text] of Object.entries(options.files)) {
    await mkdir(path.dirname(path.join(projectDir, file)), { recursive: true });
    await writeFile(path.join(projectDir, file), text);
  }
  const stack = new PulumiStack({ sandbox, projectDir, stack: options.stack ?? "dev" });
  await stack.init();
  return { stack, projectDir, remove: () => rm(root, { recursive: true, force: true }) };
}
