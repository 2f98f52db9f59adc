import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: ["test/e2e/**", "test/reliability/engine/**", "node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["test/support/answerCheck.globalSetup.ts"],
  },
});
