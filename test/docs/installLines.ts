/**
 * Install commands in the Markdown users read, and which of them fetch a source this project has not published: a
 * registry name or a git address of its own (`pulumi-idgov`, `@pulumi-idgov/idgov`, `pulumi_idgov`,
 * `github.com/pulumi-idgov/…`). Files, folders and servers the reader holds are fine; so are other projects' packages.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { type MarkdownFile, ROOT } from "./markdownFiles";

/** The one page that may name the registry forms: what a maintainer runs to publish them. */
export const PUBLISHING_GUIDE = "docs/guides/publishing.md";

const SHELL_LANGUAGES = new Set(["sh", "bash", "shell", "console", "zsh", ""]);
const INSTALL_VERB =
  /\b(?:npm\s+(?:install|i|add)|pnpm\s+(?:add|install|i)|yarn\s+add|(?:python3?\s+-m\s+)?pip3?\s+install|go\s+(?:get|install)|pulumi\s+plugin\s+install|pulumi\s+package\s+add)\b/;
const OWN_NAME = /pulumi-idgov|pulumi_idgov|@pulumi-idgov/;
const LOCAL_FILE = /\.(?:tgz|whl|tar\.gz|zip)$/;

/** One install command and where it stands. */
export interface InstallLine {
  readonly where: string;
  readonly command: string;
  /** The whole block the command stands in (a `GOPROXY=file:…` set earlier in it applies), or "" in prose. */
  readonly context: string;
}

/** Why a command fetches an unpublished source of this project, or undefined when everything it names is held. */
export function unpublishedSource(command: string, context = ""): string | undefined {
  const verb = INSTALL_VERB.exec(command);
  if (!verb) return undefined;
  const words = command
    .slice(verb.index + verb[0].length)
    .split(/[;&|#]/)[0]!
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "");
  if (/^pulumi\s+plugin\s+install/.test(verb[0])) return pluginInstallProblem(words);
  const localModuleProxy = /GOPROXY=["']?file:/.test(`${context}\n${command}`);
  const sources = words.filter((word, index) => !word.startsWith("-") && words[index - 1] !== "-r");
  const named = sources.find((word) => {
    if (!OWN_NAME.test(word)) return false;
    if (/^[.~/$]/.test(word) || LOCAL_FILE.test(word)) return false;
    return !(verb[0].startsWith("go") && localModuleProxy);
  });
  return named === undefined ? undefined : `fetches "${named}", which this project has not published`;
}

/** `pulumi plugin install resource idgov …` needs `--file` or a `--server` the reader holds. */
function pluginInstallProblem(words: readonly string[]): string | undefined {
  if (words[0] !== "resource" || words[1] !== "idgov") return undefined;
  if (words.includes("--file") || words.some((word) => word.startsWith("--file="))) return undefined;
  const serverAt = words.findIndex((word) => word === "--server" || word.startsWith("--server="));
  if (serverAt === -1) {
    return "installs plugin idgov from Pulumi's default source, where this project has published nothing";
  }
  const server = words[serverAt]!.includes("=")
    ? words[serverAt]!.split("=")[1]!
    : (words[serverAt + 1] ?? "");
  return /github\.com\/pulumi-idgov/.test(server)
    ? `downloads from "${server}", where this project has published nothing`
    : undefined;
}

/** The install commands of one file: every line of its shell blocks, and every inline code span of its prose. */
export function installLines(markdown: MarkdownFile): InstallLine[] {
  const fromBlocks: InstallLine[] = markdown.blocks
    .filter((block) => SHELL_LANGUAGES.has(block.language))
    .flatMap((block) =>
      block.text.split("\n").map((command, offset) => ({
        where: `${markdown.file}:${block.line + offset}`,
        command,
        context: block.text,
      })),
    );
  const fromProse = markdown.prose.flatMap(({ line, text }) =>
    [...text.matchAll(/`([^`]+)`/g)].map((match) => ({
      where: `${markdown.file}:${line}`,
      command: match[1]!,
      context: "",
    })),
  );
  return [...fromBlocks, ...fromProse].filter((candidate) => INSTALL_VERB.test(candidate.command));
}

function readmesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : readmesUnder(relative);
    return entry.name === "README.md" ? [relative] : [];
  });
}

/** The READMEs of the examples and the SDKs, which the docs tests do not otherwise read. */
export function exampleAndSdkReadmes(): string[] {
  return [...readmesUnder("examples"), ...readmesUnder("sdk")];
}

/** The comment lines of every example's Pulumi.yaml, each as a command to check. */
export function exampleProjectComments(): { where: string; command: string }[] {
  return readdirSync(path.join(ROOT, "examples"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join("examples", entry.name, "Pulumi.yaml"))
    .flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(path.join(ROOT, file), "utf8");
      } catch {
        return [];
      }
      return text.split("\n").flatMap((line, index) => {
        const comment = /#(.*)$/.exec(line)?.[1];
        return comment === undefined ? [] : [{ where: `${file}:${index + 1}`, command: comment }];
      });
    });
}
