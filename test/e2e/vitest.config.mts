import { defineConfig } from "vitest/config";
import { longestFirst } from "../support/longestFirst";

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
    // The longest, from a fresh-clone run on 2 cores: 420, 155, 135, 95, 85, 85, 80 and 80 s.
    sequence: {
      sequencer: longestFirst([
        "test/e2e/release.test.ts",
        "test/e2e/quickstart.test.ts",
        "test/reliability/engine/cutShort.test.ts",
        "test/e2e/yaml.test.ts",
        "test/reliability/engine/load.test.ts",
        "test/e2e/install.test.ts",
        "test/e2e/tenantBaseline.test.ts",
        "test/e2e/sdk/python.test.ts",
      ]),
    },
    // Java's JVMs (Maven, javadoc, the Java host's programs) without the optimizing compiler, as CI setups commonly
    // run them: their runs are seconds long, too short to repay C2's threads (the generated Java SDK's package: 45 s
    // of CPU, 21 with these).
    env: {
      JAVA_TOOL_OPTIONS: [process.env.JAVA_TOOL_OPTIONS, "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"]
        .filter(Boolean)
        .join(" "),
    },
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
  },
});
