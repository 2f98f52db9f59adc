import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { expect, it } from "vitest";

const TIER_UP = path.resolve(__dirname, "../../dist/provider/native/tierUp.js");

// V8 writes an unknown flag's name to stderr, which the engine shows users as the plugin's output.
it("tunes V8's tier-up with a flag this Node.js knows, and writes nothing", () => {
  const script = `require(${JSON.stringify(TIER_UP)}).tierUpLater(); process.stdout.write("served");`;
  const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  expect(result.stderr).toBe("");
  expect(result.stdout).toBe("served");
  expect(result.status).toBe(0);
});
