import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runReport } from "../../../../provider/cli/report/command";
import { driftCheckOf } from "./fleet";

/** Names as a tenant's users may type them, or as an attacker would. */
const HOSTILE = [
  `<img src=x onerror="alert(1)">`,
  "</script><script>alert(2)</script>",
  `" onmouseover="alert(3)`,
  "' autofocus onfocus='alert(4)",
  "]]><!-- & &amp; @here #1 | *bold* [link](javascript:alert(5))",
];

async function reportOf(): Promise<{ html: string; md: string; xml: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "report-hostile-"));
  const files: string[] = [];
  for (const [index, name] of HOSTILE.entries()) {
    const file = path.join(dir, `check-${index}.json`);
    const check = driftCheckOf(`p${index}`, `s${index}`, [
      { name: `app${index}`, id: name, drift: { [`annotations.${name}`]: [name, `${name}\u0007`] } },
    ]) as { steps: { urn: string }[] };
    // The stack's own name carries it too, as a URN may.
    for (const step of check.steps) step.urn = step.urn.replace(`s${index}`, name.replace(/::/g, ""));
    await writeFile(file, JSON.stringify(check));
    files.push(file);
  }
  const audit = path.join(dir, "audit.json");
  await writeFile(
    audit,
    JSON.stringify({
      version: 1,
      baseUrl: HOSTILE[0],
      objects: HOSTILE.map((name) => ({ kind: "App", id: name, displayName: name, class: "unmanaged" })),
    }),
  );
  const out = path.join(dir, "out");
  await runReport({ drift: files, audit, out }, {});
  const read = async (name: string) => readFile(path.join(out, name), "utf8");
  return { html: await read("report.html"), md: await read("summary.md"), xml: await read("junit.xml") };
}

describe("a tenant whose names carry HTML, script and quotes", () => {
  it("the page holds none of them as markup: no element, attribute or script comes from a name", async () => {
    const { html } = await reportOf();
    expect(html).not.toMatch(
      /<img|<script|<\/script|<!--|onerror="|onmouseover="|onfocus='|href="javascript/i,
    );
    // Each is there, as text.
    expect(html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    expect(html).toContain("&#60;/script&#62;&#60;script&#62;alert(2)&#60;/script&#62;");
    expect(html).toContain("&#34; onmouseover=&#34;alert(3)");
    expect(html).toContain("&#39; autofocus onfocus=&#39;alert(4)");
    // Every tag of the page is one of its own.
    const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((match) => match[1]!.toLowerCase()));
    const own =
      "html head meta title style body h1 h2 p div b a span table thead tbody tr th td code br details summary ul li svg rect text";
    expect([...tags].filter((tag) => !own.split(" ").includes(tag))).toEqual([]);
  });

  it("JUnit XML escapes them in names and text, and drops the characters XML cannot hold", async () => {
    const { xml } = await reportOf();
    expect(xml).not.toMatch(/<img|<script|<\/script|<!--|]]>|\u0007/);
    const names = [...xml.matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((match) => match[1]);
    expect(names).toHaveLength(HOSTILE.length);
    expect(names).toContain("p0/&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    // Every ampersand starts an entity.
    expect(xml.match(/&(?!#\d+;)/g)).toBeNull();
  });

  it("the Markdown summary shows them as text: no HTML, link, mention, issue reference or table cell break", async () => {
    const { md } = await reportOf();
    // `\](` is an escaped bracket: no link.
    expect(md).not.toMatch(/<|>|[^\\]\]\(|@here|#1\b/);
    for (const line of md.split("\n").filter((row) => row.startsWith("| p")))
      expect(line.replace(/\\\|/g, "").split("|")).toHaveLength(5);
  });
});
