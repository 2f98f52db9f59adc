import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { pluginV8Flags } from "../../provider/runtimeTuning";

const TUNING = path.resolve(__dirname, "../../dist/provider/runtimeTuning.js");

/** V8's optimization status bit of a function TurboFan compiled (`%GetOptimizationStatus`). */
const TURBOFANNED = 1 << 6;

/**
 * How many calls of a small hot function it takes V8 to optimize it with TurboFan, in a Node.js child with the plugin's
 * tuning applied or not (compiled on the main thread, so the count does not depend on the machine's load).
 */
function callsUntilOptimized(tuned: boolean): { calls: number; stderr: string } {
  const script = `
    ${tuned ? `require(${JSON.stringify(TUNING)}).tunePluginRuntime();` : ""}
    function hot(values) { let sum = 0; for (let i = 0; i < values.length; i++) sum += values[i] * 2; return sum; }
    const values = Array.from({ length: 64 }, (_, i) => i);
    let calls = 0;
    while (calls < 100000 && !(%GetOptimizationStatus(hot) & ${TURBOFANNED})) { hot(values); calls++; }
    process.stdout.write(String(calls));`;
  const result = spawnSync(
    process.execPath,
    ["--allow-natives-syntax", "--no-concurrent-recompilation", "-e", script],
    { encoding: "utf8" },
  );
  expect(result.status, result.stderr).toBe(0);
  return { calls: Number(result.stdout), stderr: result.stderr };
}

describe(`the plugin's runtime tuning on this Node.js (V8 ${process.versions.v8})`, () => {
  const flags = pluginV8Flags();

  // V8 writes an unknown flag's name to stderr, which the engine shows users as the plugin's output.
  it(
    flags.length > 0
      ? `optimizes a hot function at least three times later (${flags.join(" ")}), and writes nothing`
      : "leaves V8's tier-up as it is (no flag measured for this V8), and writes nothing",
    () => {
      const plain = callsUntilOptimized(false);
      const tuned = callsUntilOptimized(true);
      expect(plain.calls).toBeGreaterThan(0);
      expect(plain.calls).toBeLessThan(100000);
      expect(tuned.stderr).toBe("");
      if (flags.length > 0) expect(tuned.calls).toBeGreaterThanOrEqual(3 * plain.calls);
      else expect(tuned.calls).toBe(plain.calls);
    },
  );

  it("sets the interrupt budget on V8 11.3 only: V8 12.4 (the executables' Node.js 22) has no such flag", () => {
    expect(pluginV8Flags("11.3.244.8-node.38")).toEqual(["--interrupt-budget=270336"]);
    expect(pluginV8Flags("12.4.254.21-node.56")).toEqual([]);
    expect(pluginV8Flags("13.6.233.10-node.28")).toEqual([]);
  });
});
