import { spawn } from "node:child_process";

/** What a finished command printed, and how it ended. */
export interface CommandResult {
  /** The command line as run, for messages. */
  readonly command: string;
  /** Exit code; -1 when the process was killed by a signal. */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link runCommand}. */
export interface CommandOptions {
  cwd: string;
  /** The whole environment of the child (nothing is inherited implicitly). */
  env: NodeJS.ProcessEnv;
  /**
   * Kill the command after this many milliseconds.
   * @default 600_000
   */
  timeoutMs?: number;
  /** Called with each chunk of stderr as it arrives (progress for long commands). */
  onStderr?: (chunk: string) => void;
}

/** Runs a command to its end and answers its output; a non-zero exit is an answer, not an error. */
export function runCommand(
  file: string,
  args: readonly string[],
  options: CommandOptions,
): Promise<CommandResult> {
  const command = [file, ...args].join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr.push(chunk);
      options.onStderr?.(chunk.toString());
    });
    const timer = setTimeout(() => child.kill("SIGTERM"), options.timeoutMs ?? 600_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${command}: ${error.message}`));
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({
        command,
        code: code ?? -1,
        stdout: Buffer.concat(stdout).toString(),
        stderr: Buffer.concat(stderr).toString(),
      });
    });
  });
}

/** The command and all it printed, for assertion messages. */
export function transcriptOf(result: CommandResult): string {
  return `${result.command}\nexit ${result.code}\n${result.stdout}\n${result.stderr}`;
}

/** Throws with the command's output unless it exited 0. */
export function expectSuccess(result: CommandResult): CommandResult {
  if (result.code !== 0) {
    throw new Error(`${result.command} exited with ${result.code}\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}
