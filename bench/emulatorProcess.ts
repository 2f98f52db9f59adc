import { spawn } from "node:child_process";
import * as path from "node:path";
import type { RunningEmulator } from "../emulator";
import { REPO_ROOT } from "../testkit/pulumiCli";

/** The compiled command-line emulator (`npm run build` makes it). */
const EMULATOR_MAIN = path.join(REPO_ROOT, "dist", "emulator", "main.js");

/** A running emulator in a process of its own, with its pid (so its CPU is never the bench's). */
export interface EmulatorProcess extends RunningEmulator {
  readonly pid: number;
}

/**
 * Starts the command-line emulator (`--port 0 --quiet`) in its own Node process, so that the load the bench puts on
 * it, and the bench's own work, each have a core; resolves once it prints its start line.
 */
export function startEmulatorProcess(): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [EMULATOR_MAIN, "--port", "0", "--quiet"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the emulator exited with ${code}: ${stderr}`));
    child.once("exit", exited);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^emulator listening on (http:\/\/[^:]+:(\d+))\n/.exec(stdout);
      if (!match?.[1] || !match[2]) return;
      child.off("exit", exited);
      const closed = new Promise<void>((done) => child.once("exit", () => done()));
      resolve({
        url: match[1],
        port: Number(match[2]),
        pid: child.pid ?? 0,
        close: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          return closed;
        },
      });
    });
  });
}
