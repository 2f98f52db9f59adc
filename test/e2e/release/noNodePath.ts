import { execFileSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { mkdir, readdir, symlink } from "node:fs/promises";
import * as path from "node:path";

/** What no folder of a no-Node.js PATH may hold. */
export const NODE_TOOLS = ["node", "npm", "npx", "corepack"] as const;

/** Pulumi's hosts and providers that run Node.js themselves: a team without Node.js has no use for them. */
const NODE_HOSTS = new Set(["pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"]);

/**
 * What each language's team has on its runner besides the Pulumi CLI: the language's own tools, and the shell tools
 * Maven's launcher script runs.
 */
export const LANGUAGE_TOOLS = {
  yaml: [],
  python: ["python3", "python"],
  go: ["go", "gofmt"],
  java: ["java", "mvn", "sh", "dirname", "expr", "ls", "tr", "uname"],
} as const satisfies Record<string, readonly string[]>;

/** `tool`'s file on `PATH`, with pyenv's shims (scripts that need pyenv) resolved to the interpreter they run. */
function resolveTool(tool: string, PATH: string): string | undefined {
  for (const dir of PATH.split(path.delimiter)) {
    const found = path.join(dir, tool);
    if (!existsSync(found)) continue;
    if (!dir.includes(`${path.sep}.pyenv${path.sep}shims`)) return realpathSync(found);
    return execFileSync(found, ["-c", "import sys; print(sys.executable)"], {
      encoding: "utf8",
      env: { ...process.env, PATH },
    }).trim();
  }
  return undefined;
}

/**
 * Makes `dir` a PATH of symlinks to exactly the Pulumi CLI of `pulumiBinDir` (with its hosts, but not those that run
 * Node.js) and each language's `tools` found on `PATH`; answers it. No `node`, `npm` or `npx` is in it.
 */
export async function noNodePath(
  dir: string,
  pulumiBinDir: string,
  tools: readonly string[],
  PATH = process.env.PATH ?? "",
): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(pulumiBinDir)) {
    const target = path.join(dir, name);
    if (!NODE_HOSTS.has(name) && !existsSync(target)) await symlink(path.join(pulumiBinDir, name), target);
  }
  for (const tool of tools) {
    const found = resolveTool(tool, PATH);
    if (!found) throw new Error(`${tool} is not on PATH: the no-Node.js runner needs it`);
    if (!existsSync(path.join(dir, tool))) await symlink(found, path.join(dir, tool));
  }
  const leaked = NODE_TOOLS.filter((tool) => existsSync(path.join(dir, tool)));
  if (leaked.length > 0) throw new Error(`the no-Node.js PATH ${dir} holds ${leaked.join(", ")}`);
  return dir;
}
