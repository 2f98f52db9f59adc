import { defineConfig } from "vitest/config";

/**
 * `npm run test:e2e`: the examples run by the real Pulumi CLI against the emulator. Files run one at a time (each
 * starts Pulumi processes of its own); commands take seconds, so the timeouts are long. Paths are relative to the
 * package root, where npm runs scripts.
 */
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.test.ts", "test/reliability/engine/**/*.test.ts"],
    globalSetup: ["test/e2e/globalSetup.ts"],
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
