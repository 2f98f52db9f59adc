import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import * as path from "node:path";
import { type CommandResult, runCommand } from "../../../testkit/command";
import { REPO_ROOT } from "../../../testkit/pulumiCli";

/** The fleet recipe of examples/ci/fleet: its script and its two pipelines. */
export const FLEET_DIR = path.join(REPO_ROOT, "examples", "ci", "fleet");

// The YAML parser @pulumi/pulumi itself depends on.
const jsYaml = createRequire(require.resolve("@pulumi/pulumi"))("js-yaml") as { load(text: string): unknown };

export const readPipeline = <T>(file: string): T => jsYaml.load(readFileSync(file, "utf8")) as T;

export interface GithubStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
}

export interface GithubJob {
  steps: GithubStep[];
  env?: Record<string, string>;
  strategy?: Record<string, unknown>;
  needs?: string | string[];
}

export interface GithubWorkflow {
  on: Record<string, unknown>;
  env?: Record<string, string>;
  jobs: Record<string, GithubJob>;
}

export interface GitlabJob {
  script: string[];
  variables?: Record<string, string>;
  image?: string;
  stage?: string;
  cache?: { key: { files: string[] }; paths: string[] };
}

/** `${{ matrix.key }}` and `${{ … }}` expressions of a step, filled from `matrix`. */
function fill(text: string, matrix: Record<string, string>): string {
  return text.replace(/\$\{\{\s*matrix\.(\w+)\s*\}\}/g, (_, key: string) => {
    const value = matrix[key];
    if (value === undefined) throw new Error(`the matrix has no "${key}"`);
    return value;
  });
}

const filled = (env: Record<string, string> | undefined, matrix: Record<string, string>) =>
  Object.fromEntries(Object.entries(env ?? {}).map(([key, value]) => [key, fill(value, matrix)]));

/**
 * Runs the `run:` steps of a GitHub Actions job as the runner would, in `cwd` with `env` and the job's own `env:`, the
 * matrix filled in, and answers the result of each. `uses:` steps install what this machine already has; the identity
 * token step asks GitHub for a token, which the emulator does not need. Stops at the first step that fails.
 */
export async function runGithubSteps(
  steps: GithubStep[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    matrix?: Record<string, string>;
    jobEnv?: Record<string, string>;
  },
): Promise<CommandResult[]> {
  const results: CommandResult[] = [];
  const matrix = options.matrix ?? {};
  for (const step of steps) {
    if (step.run === undefined || step.name?.startsWith("Identity token")) continue;
    const result = await runCommand("bash", ["-e", "-c", fill(step.run, matrix)], {
      cwd: options.cwd,
      env: { ...options.env, ...filled(options.jobEnv, matrix), ...filled(step.env, matrix) },
      timeoutMs: 300_000,
    });
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

/**
 * Runs a GitLab CI job's script lines in one shell, as the runner does, with the job's variables, `$NAME` and
 * `${NAME}` in their values expanded as GitLab expands them (`CI_PROJECT_DIR` is `cwd`).
 */
export function runGitlabJob(
  job: GitlabJob,
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  const known: NodeJS.ProcessEnv = { ...options.env, CI_PROJECT_DIR: options.cwd };
  const variables = Object.fromEntries(
    Object.entries(job.variables ?? {}).map(([key, value]) => [
      key,
      value.replace(/\$\{?(\w+)\}?/g, (_, name: string) => known[name] ?? ""),
    ]),
  );
  return runCommand("bash", ["-e", "-c", job.script.join("\n")], {
    cwd: options.cwd,
    env: { ...known, ...variables },
    timeoutMs: 300_000,
  });
}

/** The `key=value` lines a step appended to $GITHUB_OUTPUT. */
export const githubOutputs = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

const NODE_TOOLS = new Set(["node", "nodejs", "npm", "npx", "corepack"]);

/**
 * `PATH` as on a runner image without Node.js: each folder that holds `node` is replaced by a folder under `farm`
 * with links to everything else it holds.
 */
export async function pathWithoutNode(PATH: string, farm: string): Promise<string> {
  const dirs: string[] = [];
  for (const [index, dir] of PATH.split(path.delimiter).entries()) {
    if (!existsSync(path.join(dir, "node"))) {
      dirs.push(dir);
      continue;
    }
    const copy = path.join(farm, String(index));
    await mkdir(copy, { recursive: true });
    for (const name of await readdir(dir))
      if (!NODE_TOOLS.has(name) && !existsSync(path.join(copy, name)))
        await symlink(path.join(dir, name), path.join(copy, name));
    dirs.push(copy);
  }
  return dirs.join(path.delimiter);
}
