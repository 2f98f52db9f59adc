import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:e2e`: the examples run by the real Pulumi CLI against the emulator. Each file starts its own
 * emulators, state folders and `PULUMI_HOME`s, so one file more runs at once than there are cores: on 2 cores, two
 * files left the cores idle an eighth of the time (installs, rate limits and latencies the files wait on), and a
 * third took the run from 1,431 to 1,155 s. Commands take seconds, so the timeouts are long. Paths are relative to
 * the package root, where npm runs scripts.
 */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts", "test/reliability/engine/**/*.test.ts"],
    globalSetup: ["test/e2e/globalSetup.ts"],
    fileParallelism: true,
    maxWorkers: availableParallelism() + 1,
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
