import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_KEYS } from "../provider/config";

const root = join(__dirname, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");

function tableRow(key: string): string[] | undefined {
  const line = readme.split("\n").find((text) => text.startsWith(`| \`${key}\` |`));
  return line
    ?.split("|")
    .slice(1, -1)
    .map((cell) => cell.trim().replace(/^`|`$/g, ""));
}

describe("README", () => {
  it.each(CONFIG_KEYS.map((info) => [info.key, info] as const))(
    "documents %s with its environment variable, default and secrecy",
    (key, info) => {
      expect(tableRow(key)).toEqual([
        key,
        info.envVar,
        info.default ?? "—",
        info.secret ? "yes" : "no",
        expect.any(String),
      ]);
    },
  );

  it("names the test command that .ci/run runs", () => {
    const ciRun = readFileSync(join(root, ".ci", "run"), "utf8");
    const command = /\| Tests[^|]*\| `([^`]+)` \|/.exec(readme)?.[1];
    expect(command).toBeDefined();
    expect(ciRun.split("\n")).toContain(command);
  });
});
