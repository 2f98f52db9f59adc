import { defineConfig } from "vitest/config";

/**
 * `npm run test:e2e`: the examples run by the real Pulumi CLI against the emulator. Each file starts its own
 * emulators, state folders and `PULUMI_HOME`s, so two files run at once. The run is bound by CPU (2,150 to 2,540 s
 * of it for 36 files on 2 cores): a third file at once took a fresh-clone run from 1,246 to 1,230 s only, and split
 * the engine's waves of reads that the rate-limit test counts. Commands take seconds, so the timeouts are long.
 * Paths are relative to the package root, where npm runs scripts.
 */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts", "test/reliability/engine/**/*.test.ts"],
    globalSetup: ["test/e2e/globalSetup.ts"],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
