import { readFileSync } from "node:fs";
import * as path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIG_KEYS } from "../../provider/client/configKeys";
import { packageSchema } from "../../provider/native/schema";
import type { NamedType, PropertySpec } from "../../provider/native/schemaTypes";
import { tokenName } from "../../scripts/docs/native/schemaView";
import { formattedReferencePages, markdownFilesUnder, REFERENCE_DIR } from "../../scripts/docs/reference";
import { RULES } from "../../policy/rules";

const REPO_ROOT = path.resolve(__dirname, "..", "..");
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

  it.each(RULES.map((rule) => [rule.name, rule] as const))(
    "lists the policy rule %s with each of its parameters and defaults",
    (name, rule) => {
      const page = pages.get("policy.md")!;
      const row = page.split("\n").find((line) => line.startsWith(`| \`${name}\``));
      expect(row, name).toBeDefined();
      for (const [parameter, info] of Object.entries(rule.parameters)) {
        expect(row).toContain(`\`${parameter}\` (\`${JSON.stringify(info.default)}\`)`);
      }
      expect(page).toContain(`## ${name}\n\n${rule.description}`);
    },
  );

  it("has a page for every resource kind and every lookup", () => {
    const names = [...pages.keys()];
    expect(names.filter((name) => name.startsWith("resources/"))).toHaveLength(9);
    expect(names.filter((name) => name.startsWith("lookups/"))).toHaveLength(17);
    const schema = packageSchema();
    expect(names.filter((name) => name.startsWith("schema/resources/"))).toHaveLength(
      Object.keys(schema.resources).length,
    );
    expect(names.filter((name) => name.startsWith("schema/functions/"))).toHaveLength(
      Object.keys(schema.functions).length,
    );
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

/** The text of a page's `## title` section, up to the next one. */
function section(page: string, title: string): string {
  const start = page.indexOf(`\n## ${title}\n`);
  if (start < 0) return "";
  const end = page.indexOf("\n## ", start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

describe("docs/reference/schema: a page per resource and function of the package schema", () => {
  const schema = packageSchema();
  const yesNo = (value: boolean | undefined) => (value ? "yes" : "no");

  it.each(Object.entries(schema.resources))(
    "%s: every input (required, secret) and output, and the example in each language",
    (token, spec) => {
      const page = pages.get(`schema/resources/${tokenName(token)}.md`)!;
      expect(page).toContain(`Resource \`${token}\``);
      const required: readonly string[] = "requiredInputs" in spec ? spec.requiredInputs : [];
      for (const [name, input] of Object.entries(spec.inputProperties as Record<string, PropertySpec>)) {
        const row = tableRow(section(page, "Inputs"), name);
        expect(row?.slice(2, 4), `${token} input ${name}`).toEqual([
          yesNo(required.includes(name)),
          yesNo(input.secret),
        ]);
      }
      for (const [name, output] of Object.entries(spec.properties as Record<string, PropertySpec>)) {
        expect(tableRow(section(page, "Outputs"), name)?.[2], `${token} output ${name}`).toBe(
          yesNo(output.secret),
        );
      }
      for (const fence of ["```ts", "```python", "```go", "```yaml"]) expect(page).toContain(fence);
    },
  );

  it.each(Object.entries(schema.functions))(
    "%s: every argument and result property, and the examples",
    (token, spec) => {
      const page = pages.get(`schema/functions/${tokenName(token)}.md`)!;
      expect(page).toContain(`Function \`${token}\``);
      const inputs = "inputs" in spec ? Object.keys(spec.inputs.properties) : [];
      for (const name of inputs) expect(tableRow(section(page, "Arguments"), name), name).toBeDefined();
      for (const name of Object.keys(spec.outputs.properties)) {
        expect(tableRow(section(page, "Result"), name), name).toBeDefined();
      }
      for (const fence of ["```ts", "```python", "```go", "```yaml"]) expect(page).toContain(fence);
    },
  );

  it("lists every member of every enumeration of the schema, on a page whose types reach it", () => {
    const pythonEnums = readFileSync(path.join(REPO_ROOT, "sdk/python/pulumi_idgov/_enums.py"), "utf8");
    const goEnums = readFileSync(path.join(REPO_ROOT, "sdk/go/idgov/pulumiEnums.go"), "utf8");
    const schemaPages = [...pages].filter(([file]) => file.startsWith("schema/")).map(([, text]) => text);
    for (const [token, named] of Object.entries(schema.types as Record<string, NamedType>)) {
      if (named.type !== "string") continue;
      const page = schemaPages.find((text) => text.includes(`Token \`${token}\``));
      expect(page, token).toBeDefined();
      const members = page!.slice(page!.indexOf(`Token \`${token}\``));
      for (const member of named.enum) {
        const [, value, python = "", go = ""] = tableRow(members, member.name) ?? [];
        expect(value, token).toBe(member.value);
        // The names the page gives are the generated SDKs' own.
        expect(pythonEnums, python).toContain(`    ${python.split(".").at(-1)} = "${member.value}"`);
        expect(goEnums, go).toMatch(
          new RegExp(`\\b${go.slice("idgov.".length)}\\s+= ${tokenName(token)}\\("${member.value}"\\)`),
        );
      }
    }
  });
});
