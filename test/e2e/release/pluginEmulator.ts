import { spawn } from "node:child_process";

/** An emulator that `pulumi plugin run … -- emulator` serves from the installed plugin. */
export interface PluginEmulator {
  url: string;
  stop(): void;
}

/**
 * Starts `pulumi <args>` (a `plugin run` of the `emulator` command on a free port) in its own process group and
 * answers the URL it prints once listening; `stop` ends the group (the CLI and the plugin it started).
 */
export function startPluginEmulator(
  pulumi: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<PluginEmulator> {
  const child = spawn(pulumi, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const stop = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
  };
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the plugin's emulator did not start in 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /emulator listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, stop });
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the plugin's emulator exited (${String(code)}) before listening:\n${output}`));
    });
  });
}
