import { readFileSync } from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIG_KEYS } from "../../provider/client/configKeys";
import { formattedReferencePages, markdownFilesUnder, REFERENCE_DIR } from "../../scripts/docs/reference";

let pages = new Map<string, string>();
beforeAll(async () => {
  pages = await formattedReferencePages();
}, 60_000);

/** The cells of a table row of a page whose first cell is `key`, without backticks. */
function tableRow(page: string, key: string): string[] | undefined {
  return page
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^`|`$/g, "")),
    )
    .find((cells) => cells[0] === key);
}

describe("docs/reference", () => {
  it("is what npm run gen:docs writes from the code now: no page stale, missing or left over", () => {
    expect(markdownFilesUnder(REFERENCE_DIR).sort()).toEqual([...pages.keys()].sort());
    for (const [file, text] of pages) {
      expect(readFileSync(path.join(REFERENCE_DIR, file), "utf8"), `docs/reference/${file}`).toBe(text);
    }
  });

  it("has a page for every resource kind and every lookup", () => {
    const names = [...pages.keys()];
    expect(names.filter((name) => name.startsWith("resources/"))).toHaveLength(9);
    expect(names.filter((name) => name.startsWith("lookups/"))).toHaveLength(17);
  });

  it.each(CONFIG_KEYS.map((info) => [info.key, info] as const))(
    "documents %s with its environment variable, default and secrecy",
    (key, info) => {
      expect(tableRow(pages.get("configuration.md")!, key)).toEqual([
        key,
        info.envVar,
        info.default ?? "—",
        info.secret ? "yes" : "no",
        expect.any(String),
      ]);
    },
  );

  it("marks what cannot change in place, what is sent once, and what is secret", () => {
    const automation = pages.get("resources/Automation.md")!;
    expect(tableRow(automation, "appId")?.[2]).toBe("replaces on change");
    expect(tableRow(pages.get("resources/App.md")!, "owners")?.[2]).toContain("create-only");
    expect(tableRow(pages.get("resources/AuthConfig.md")!, "oidc")?.[2]).toMatch(
      /^holds a secret: `oidc\.oidcClientSecret/,
    );
    expect(tableRow(automation, "webhookHmacSecret")?.[2]).toMatch(/^Secret\./);
    expect(pages.get("resources/SsoSettings.md")).toContain("(id `sso`) is read, then one masked update");
  });
});
