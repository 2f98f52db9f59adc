import { existsSync, statSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { documentationFiles, type MarkdownFile, readMarkdown, ROOT } from "./markdownFiles";

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor of a Markdown file's headings; a repeated heading gets `-1`, `-2` as on GitHub. */
function anchorsOf(markdown: MarkdownFile): Set<string> {
  const anchors = new Set<string>();
  for (const { text } of markdown.prose) {
    const heading = /^#{1,6}\s+(.*)$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const base = headingAnchor(heading);
    let anchor = base;
    for (let count = 1; anchors.has(anchor); count += 1) anchor = `${base}-${count}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** The relative links of a file's prose (inline code left out), with their lines. */
function relativeLinks(markdown: MarkdownFile): { line: number; target: string }[] {
  return markdown.prose.flatMap(({ line, text }) =>
    [...text.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z]+:/i.test(target))
      .map((target) => ({ line, target })),
  );
}

/** What is wrong with one link, or undefined when it resolves. */
function brokenLink(markdown: MarkdownFile, target: string): string | undefined {
  const [file = "", anchor] = target.split("#");
  const resolved =
    file === ""
      ? path.join(ROOT, markdown.file)
      : path.resolve(path.dirname(path.join(ROOT, markdown.file)), file);
  if (!resolved.startsWith(ROOT)) return "leaves the repository";
  if (!existsSync(resolved)) return "no such file";
  if (anchor === undefined) return undefined;
  if (statSync(resolved).isDirectory() || !resolved.endsWith(".md"))
    return "an anchor into a file that is not Markdown";
  const anchors = anchorsOf(readMarkdown(path.relative(ROOT, resolved)));
  return anchors.has(anchor) ? undefined : `no heading with the anchor #${anchor}`;
}

describe("the relative links of README.md and docs/", () => {
  const files = documentationFiles().map(readMarkdown);

  it("are there to check: the README links the guides, the reference and the bench results", () => {
    const readme = files.find((markdown) => markdown.file === "README.md")!;
    const targets = relativeLinks(readme).map((link) => link.target);
    expect(targets).toEqual(
      expect.arrayContaining([
        "docs/guides/configuration.md",
        "docs/reference/README.md",
        "bench/RESULTS.md",
      ]),
    );
  });

  it("each resolve to a file of the repository, and an anchor to a heading of it", () => {
    const broken = files.flatMap((markdown) =>
      relativeLinks(markdown).flatMap(({ line, target }) => {
        const problem = brokenLink(markdown, target);
        return problem === undefined ? [] : [`${markdown.file}:${line}: ${target}: ${problem}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("name anchors as GitHub makes them", () => {
    expect(headingAnchor("One object: `adoptId`, not `pulumi import`")).toBe(
      "one-object-adoptid-not-pulumi-import",
    );
    expect(headingAnchor("The service's contract")).toBe("the-services-contract");
    expect(brokenLink(files[0]!, "docs/guides/drift.md#no-such-heading")).toBe(
      "no heading with the anchor #no-such-heading",
    );
    expect(brokenLink(files[0]!, "docs/guides/no-such-guide.md")).toBe("no such file");
  });
});
