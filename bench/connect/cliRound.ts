/**
 * BENCH ONLY: one alternating CLI round at N Apps (hand-written, connect, connect, hand-written), each a fresh stack
 * of the bench program through bench/floorRuns.ts `runSequence` (preview, up, no-op up, refresh, destroy; release
 * layout, --parallel 10, --skip-preview), the plugin's bundle in the program's `plugin/` swapped before each stack.
 * One JSON line a sequence, with the machine's load. Run after bench/connect/bundle.ts:
 *   npx tsx bench/connect/cliRound.ts 1000
 */
import { copyFile } from "node:fs/promises";
import { loadavg } from "node:os";
import * as path from "node:path";
import { RELEASED_PLUGIN_DIR } from "../benchProgram";
import { openBenchProject } from "../benchStack";
import { startEmulatorProcess } from "../emulatorProcess";
import { runSequence } from "../floorRuns";
import { bundleOf } from "./bundle";

const resources = Number(process.argv[2] ?? 1000);
const load = () => loadavg().map((value) => value.toFixed(2));

async function main() {
  const emulator = await startEmulatorProcess();
  try {
    const project = await openBenchProject(emulator, []);
    try {
      const installed = path.join(project.programDir, RELEASED_PLUGIN_DIR, "pulumi-resource-idgov.js");
      for (const [run, variant] of (["hand", "connect", "connect", "hand"] as const).entries()) {
        await copyFile(bundleOf(variant), installed);
        const loadBefore = load();
        const started = new Date().toISOString();
        const stack = await project.openStack(`${variant}${resources}-${run}`, {
          apps: resources,
          kinds: false,
          native: true,
          layout: "release",
        });
        const { times, cpu, refreshRequests, memory } = await runSequence(stack, "native");
        const line = {
          variant,
          run,
          started,
          loadBefore,
          loadAfter: load(),
          times,
          cpu,
          refreshRequests,
          memory,
        };
        process.stdout.write(`${JSON.stringify(line)}\n`);
      }
    } finally {
      await project.remove();
    }
  } finally {
    await emulator.close();
  }
  process.exit(0);
}

void main();
