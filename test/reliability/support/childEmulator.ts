import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

const MAIN = join(__dirname, "../../../emulator/main.ts");

/** The emulator's command line (`npm run emulator`) running in a child process. */
export interface ChildEmulator {
  readonly url: string;
  readonly child: ChildProcess;
  /** Kills it at once with SIGKILL (no chance to finish a save) and waits for it to be gone. */
  kill(): Promise<void>;
}

/** Starts the command-line emulator with `args` and resolves once it prints its start line. */
export function startChildEmulator(args: readonly string[]): Promise<ChildEmulator> {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, "--port", "0", "--quiet", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^emulator listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(output)?.[1];
      if (url === undefined) return;
      resolve({
        url,
        child,
        kill: async () => {
          child.kill("SIGKILL");
          await exited;
        },
      });
    });
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code, signal) => reject(new Error(`emulator exited (${code ?? signal}): ${output}`)));
  });
}
