import { readFileSync } from "node:fs";
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

export interface GithubWorkflow {
  jobs: Record<string, { steps: GithubStep[]; strategy?: Record<string, unknown> }>;
}

export interface GitlabJob {
  script: string[];
  variables?: Record<string, string>;
  image?: string;
}

/** `${{ matrix.key }}` and `${{ … }}` expressions of a step, filled from `matrix`. */
function fill(text: string, matrix: Record<string, string>): string {
  return text.replace(/\$\{\{\s*matrix\.(\w+)\s*\}\}/g, (_, key: string) => {
    const value = matrix[key];
    if (value === undefined) throw new Error(`the matrix has no "${key}"`);
    return value;
  });
}

/**
 * Runs the `run:` steps of a GitHub Actions job as the runner would, in `cwd` with `env`, the matrix filled in, and
 * answers the result of each. `uses:` steps install what this machine already has; the identity token step asks
 * GitHub for a token, which the emulator does not need. Stops at the first step that fails.
 */
export async function runGithubSteps(
  steps: GithubStep[],
  options: { cwd: string; env: NodeJS.ProcessEnv; matrix?: Record<string, string> },
): Promise<CommandResult[]> {
  const results: CommandResult[] = [];
  for (const step of steps) {
    if (step.run === undefined || step.name?.startsWith("Identity token")) continue;
    const matrix = options.matrix ?? {};
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([key, value]) => [key, fill(value, matrix)]),
    );
    const result = await runCommand("bash", ["-e", "-c", fill(step.run, matrix)], {
      cwd: options.cwd,
      env: { ...options.env, ...stepEnv },
      timeoutMs: 300_000,
    });
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

/** Runs a GitLab CI job's script lines in one shell, as the runner does, with the job's variables. */
export function runGitlabJob(
  job: GitlabJob,
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  return runCommand("bash", ["-e", "-c", job.script.join("\n")], {
    cwd: options.cwd,
    env: { ...options.env, ...job.variables },
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
