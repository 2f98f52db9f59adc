/** What the docs tests read from the Markdown users read: README.md and everything under docs/. */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

export const ROOT = path.resolve(__dirname, "..", "..");

/** A fenced block of a Markdown file. */
export interface FencedBlock {
  /** The file, relative to the root. */
  readonly file: string;
  /** The 1-based line of the block's first content line. */
  readonly line: number;
  /** The info string's first word: `ts`, `yaml`, `sh`, or "" when none. */
  readonly language: string;
  readonly text: string;
  /** The file a `<!-- file: path -->` comment just before the block says the block shows verbatim. */
  readonly showsFile: string | undefined;
}

/** One Markdown file: its text and its lines outside fenced blocks. */
export interface MarkdownFile {
  readonly file: string;
  readonly text: string;
  readonly blocks: readonly FencedBlock[];
  /** The lines outside fenced blocks, with their 1-based numbers. */
  readonly prose: readonly { line: number; text: string }[];
}

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(relative);
    return entry.name.endsWith(".md") ? [relative] : [];
  });
}

/** README.md and every Markdown file under docs/, relative to the root. */
export function documentationFiles(): string[] {
  return ["README.md", ...markdownUnder("docs")];
}

/** A Markdown file split into its fenced blocks and its prose. */
export function readMarkdown(file: string): MarkdownFile {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const lines = text.split("\n");
  const blocks: FencedBlock[] = [];
  const prose: { line: number; text: string }[] = [];
  let open: { fence: string; language: string; start: number; showsFile: string | undefined } | undefined;
  let lastProse = "";
  lines.forEach((line, index) => {
    const fence = /^(\s*)(`{3,})\s*([\w-]*)/.exec(line);
    if (open === undefined && fence) {
      const shown = /^<!-- file: (\S+) -->$/.exec(lastProse.trim())?.[1];
      open = { fence: fence[2]!, language: fence[3] ?? "", start: index + 1, showsFile: shown };
      return;
    }
    if (open !== undefined) {
      if (line.trim() === open.fence) {
        blocks.push({
          file,
          line: open.start + 1,
          language: open.language,
          text: lines.slice(open.start, index).join("\n") + "\n",
          showsFile: open.showsFile,
        });
        open = undefined;
      }
      return;
    }
    prose.push({ line: index + 1, text: line });
    if (line.trim() !== "") lastProse = line;
  });
  if (open !== undefined) throw new Error(`${file}:${open.start}: a fenced block is never closed`);
  return { file, text, blocks, prose };
}
