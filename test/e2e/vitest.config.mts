import { defineConfig } from "vitest/config";

/**
 * `npm run test:e2e`: the examples run by the real Pulumi CLI against the emulator. Each file starts its own
 * emulators, state folders and `PULUMI_HOME`s, so two files run at once (on 2 cores, the CLI, the programs and the
 * plugins of one file leave room for the other's waits); commands take seconds, so the timeouts are long. Paths are
 * relative to the package root, where npm runs scripts.
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
