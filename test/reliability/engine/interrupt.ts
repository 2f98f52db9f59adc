import { spawn } from "node:child_process";
import { processTree } from "../../../testkit/procTree";
import type { CommandResult } from "../../../testkit/command";
import type { PulumiStack } from "../../../testkit/pulumiStack";

/** A `pulumi` command running in the background, to be interrupted. */
export interface RunningPulumi {
  readonly pid: number;
  readonly done: Promise<CommandResult>;
}

/** Starts `pulumi <args> --stack <stack>` in the background. */
export function startPulumi(stack: PulumiStack, args: readonly string[]): RunningPulumi {
  const full = [...args, "--color", "never", "--stack", stack.name];
  const child = spawn("pulumi", full, {
    cwd: stack.options.projectDir,
    env: stack.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  const done = new Promise<CommandResult>((resolve) => {
    child.once("close", (code) =>
      resolve({
        command: `pulumi ${full.join(" ")}`,
        code: code ?? -1,
        stdout: Buffer.concat(stdout).toString(),
        stderr: Buffer.concat(stderr).toString(),
      }),
    );
  });
  return { pid: child.pid ?? -1, done };
}

/** The processes below `root` (children, grandchildren, …). */
export function descendantsOf(root: number): number[] {
  return processTree(root).map((process) => process.pid);
}

/** The dynamic-provider host the run started (Pulumi's `dynamic-provider` node process). */
export function dynamicProviderHostOf(root: number): number | undefined {
  return processTree(root).find((process) => process.command.includes("dynamic-provider"))?.pid;
}

/** Sends `signal` to `pid`, ignoring a process that already ended. */
export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** Waits until `condition` holds, checking every 100 ms, for at most `timeoutMs`. */
export async function waitUntil(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The native provider plugins the run started (`pulumi-resource-idgov`, one per provider instance). */
export function nativePluginsOf(root: number): number[] {
  return processTree(root)
    .filter((process) => process.command.includes("pulumi-resource-idgov"))
    .map((process) => process.pid);
}
