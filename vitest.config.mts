import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * `npm test`'s unit suites. Most of their time is spent waiting on the emulator over HTTP and on child processes,
 * so one file more runs at once than there are cores (vitest's default leaves one core idle: on 2 cores, one file
 * at a time; one more again was slower). A worker keeps its modules from file to file (`isolate: false`): loading
 * them afresh for each of 200 files took 160 of the suites' 290 s on 2 cores. So a test that changes the process
 * (environment variables, module state) puts it back, as the suites do, in any order (`--sequence.shuffle.files`).
 */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "bench/test/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: ["test/e2e/**", "test/reliability/engine/**", "node_modules/**"],
    maxWorkers: Math.max(3, availableParallelism() + 1),
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["test/support/answerCheck.globalSetup.ts"],
  },
});
