import { spawn } from "node:child_process";
import * as path from "node:path";
import { EngineLog } from "../testkit/engineLog";
import { RELEASED_PLUGIN_DIR } from "./benchProgram";
import { median } from "./ideal";

/** How long `pulumi-resource-idgov` takes from its start to the port on its first line of stdout. */
export interface NativeStartup {
  /** Median over `runs` starts, in milliseconds. */
  startupMs: number;
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
 * The plugin's start-up time, from the executable of the release's plugin in `programDir` (what `pulumi plugin install`
 * unpacks), started with the address of a stand-in of the engine (the plugin checks that its engine answers before it
 * serves).
 */
export function measureNativeStartup(programDir: string, runs = 15): Promise<NativeStartup> {
  return measureStartupOf(path.join(programDir, RELEASED_PLUGIN_DIR, "pulumi-resource-idgov"), runs);
}

/** The start-up time of the plugin `bin` (the release's executable, or a launcher of the npm package's bin). */
export async function measureStartupOf(bin: string, runs = 15): Promise<NativeStartup> {
  const engine = await EngineLog.start();
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await timeOneStart(bin, engine.address));
    return { startupMs: Math.round(median(times)), runs };
  } finally {
    engine.stop();
  }
}
