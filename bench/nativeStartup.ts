import { spawn } from "node:child_process";
import * as path from "node:path";
import { EngineLog } from "../testkit/engineLog";
import { PLUGIN_DIRS } from "./benchProgram";

const PLUGIN = "pulumi-resource-idgov";
import { median } from "./ideal";

/** How long `pulumi-resource-idgov` takes from its start to the port on its first line of stdout. */
export interface NativeStartup {
  /** Median over `runs` starts of the release's executable, in milliseconds. */
  startupMs: number;
  /** The same of the npm package's bin, run by the `node` on PATH. */
  npmStartupMs: number;
  runs: number;
}

/** Starts the plugin as the engine does (a live engine's address as argument) and times its first line of stdout. */
function timeOneStart(bin: string, engineAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(bin, [engineAddress], { stdio: ["ignore", "pipe", "ignore"] });
    let text = "";
    child.on("error", reject);
    child.on("exit", (code) => {
      if (!text.includes("\n"))
        reject(new Error(`pulumi-resource-idgov exited with ${code} before printing its port`));
    });
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) {
        const elapsed = performance.now() - started;
        child.kill();
        resolve(elapsed);
      }
    });
  });
}

/**
 * The plugin's start-up time in both layouts of `programDir`: the release's executable (what `pulumi plugin install`
 * unpacks) and the npm package's bin, alternating, each started with the address of a stand-in of the engine (the
 * plugin checks that its engine answers before it serves).
 */
export async function measureNativeStartup(programDir: string, runs = 15): Promise<NativeStartup> {
  const release: number[] = [];
  const npm: number[] = [];
  for (let round = 0; round < runs; round += 5) {
    release.push(...(await startTimesOf(path.join(programDir, PLUGIN_DIRS.release, PLUGIN), 5)));
    npm.push(...(await startTimesOf(path.join(programDir, PLUGIN_DIRS.npm, PLUGIN), 5)));
  }
  return {
    startupMs: Math.round(median(release)),
    npmStartupMs: Math.round(median(npm)),
    runs: release.length,
  };
}

/** `runs` start-up times of the plugin `bin`, in milliseconds. */
async function startTimesOf(bin: string, runs: number): Promise<number[]> {
  const engine = await EngineLog.start();
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await timeOneStart(bin, engine.address));
    return times;
  } finally {
    engine.stop();
  }
}
