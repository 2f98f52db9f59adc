import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_KEYS } from "../provider/client/configKeys";
import { COMMAND_NAMES } from "../provider/cli/commands";

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

/** The README's section under the `## heading`, up to the next `## ` heading. */
function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, `README has no "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe("README", () => {
  it("fits in 250 lines of at most 200 characters", () => {
    const lines = readme.split("\n");
    expect(lines.length).toBeLessThanOrEqual(250);
    expect(lines.filter((line) => line.length > 200)).toEqual([]);
  });

  it("carries no dated measurement narrative: figures live in bench/RESULTS.md", () => {
    expect(readme.match(/\b20\d\d-\d\d-\d\d\b/g) ?? []).toEqual([]);
    expect(readme).toContain("(bench/RESULTS.md)");
  });

  it("names the demo as the main job and the test command that .ci/run runs", () => {
    expect(tableRow("Main job")?.[1]).toBe("npm ci && npm run demo");
    const ciRun = readFileSync(join(root, ".ci", "run"), "utf8");
    const command = tableRow("Tests")?.[1];
    expect(command).toBe("npm ci && npm test && npm run test:e2e");
    expect(ciRun.split("\n")).toContain(command);
  });

  it("starts the emulator in the first program with a subcommand the CLI has", () => {
    const first = section("Your first program");
    for (const [, command] of first.matchAll(/npx pulumi-idgov (\w+)/g)) {
      expect(COMMAND_NAMES).toContain(command);
    }
    expect(first).toContain("npx pulumi-idgov emulator");
    expect(first).toContain("pulumi preview --refresh --expect-no-changes");
  });

  it("sets, in the first program, settings the provider reads, the secret one with --secret", () => {
    const first = section("Your first program");
    const set = [...first.matchAll(/pulumi config set (--secret )?(idgov:\w+)/g)];
    expect(set.map((match) => match[2])).toEqual(["idgov:baseUrl", "idgov:clientId", "idgov:clientSecret"]);
    for (const [, secretFlag, key] of set) {
      const info = CONFIG_KEYS.find((candidate) => candidate.key === key);
      expect(info, key).toBeDefined();
      expect(Boolean(secretFlag), key).toBe(info!.secret);
    }
  });

  it("sends every guide from its table, each once", () => {
    const guides = readdirSync(join(root, "docs", "guides")).filter((name) => name.endsWith(".md"));
    const linked = [...section("Guides").matchAll(/\]\(docs\/guides\/([\w-]+\.md)\)/g)].map(
      (match) => match[1],
    );
    expect([...linked].sort()).toEqual([...guides].sort());
  });
});

describe("the adoption guide", () => {
  it("quotes the message Pulumi's host gives an import, with the pointer to adoptId", () => {
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
    const guide = readFileSync(join(root, "docs", "guides", "adopt-export-import.md"), "utf8");
    const part = guide.slice(
      guide.indexOf("## TypeScript dynamic classes, one object: `adoptId`, not `pulumi import`"),
    );
    expect(part.slice(0, part.indexOf("adoptId` instead"))).toContain("```\n" + message + "\n```");
  });
});
