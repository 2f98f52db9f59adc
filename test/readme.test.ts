import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_KEYS } from "../provider/client/config";

const root = join(__dirname, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");

/** The cells of the first README table row whose first cell is `key` (or starts with `key:`), without backticks. */
function tableRow(key: string): string[] | undefined {
  return readme
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^`|`$/g, "")),
    )
    .find((cells) => cells[0] === key || cells[0]?.startsWith(`${key}:`));
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
    const command = tableRow("Tests")?.[1];
    expect(command).toBeDefined();
    expect(ciRun.split("\n")).toContain(command);
  });

  it("shows the unit-testing example's test as it is, in its Testing section", () => {
    const test = readFileSync(join(root, "examples", "unit-testing", "index.test.ts"), "utf8");
    const section = readme.slice(readme.indexOf("## Testing"), readme.indexOf("## Examples"));
    expect(section).toContain("```ts\n" + test + "```");
  });

  it("quotes, in its adoption section, the message Pulumi's host gives an import, with the pointer to adoptId", () => {
    // The host's read converts the request's properties before it loads any provider; an import sends none.
    const host = readFileSync(require.resolve("@pulumi/pulumi/cmd/dynamic-provider/index.js"), "utf8");
    const read = host.slice(host.indexOf("async read(call, callback)"), host.indexOf("list(call)"));
    expect(read).toContain("const props = req.getProperties().toJavaScript();");
    const none = undefined as unknown as { toJavaScript(): unknown };
    const message = (() => {
      try {
        none.toJavaScript();
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    const section = readme.slice(readme.indexOf("### Adoption replaces `pulumi import`"));
    expect(section.slice(0, section.indexOf("adoptId"))).toContain("```\n" + message + "\n```");
  });
});
