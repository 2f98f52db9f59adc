import { execFileSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { expect } from "vitest";
import type { RunningEmulator } from "../../../emulator";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { type CommandResult, runCommand, transcriptOf } from "../../../testkit/command";
import { outOfBand } from "../../../testkit/emulatorApi";
import type { FileServer } from "./fileServer";
import {
  FLEET_DIR,
  type GithubStep,
  type GithubWorkflow,
  type GitlabJob,
  githubOutputs,
  pathWithoutNode,
  readPipeline,
  runGithubSteps,
  runGitlabJob,
} from "./fleetRecipe";
import { type NewMachine, newMachine } from "./newMachine";
import { goProgram, javaExample, PYTHON_PROGRAM, YAML_PROGRAM } from "./programs";
import { goModuleVersion, pythonVersion } from "../../../provider/version";

/**
 * The report job of the GitHub workflow as it is written (the drift jobs' and the audit's artifacts already in place,
 * as its downloads leave them), through the release's plugin: the page, the summary and JUnit of the four stacks.
 */
async function checkReportJob(fleet: string, steps: GithubStep[], env: NodeJS.ProcessEnv) {
  expectPassed(await runGithubSteps(steps, { cwd: fleet, env }));
  const out = path.join(fleet, "report");
  const junit = await readFile(path.join(out, "junit.xml"), "utf8");
  const cases = junit.split("<testcase ").slice(1);
  expect(cases).toHaveLength(4);
  const failed = cases.filter((testcase) => testcase.includes("<failure"));
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatch(/^classname="[^"]*" name="[^"]*released-yaml\/dev"/);
  expect(failed[0]).toContain("displayName");
  expect(cases.filter((testcase) => testcase.includes("<error"))).toEqual([]);
  const summary = await readFile(path.join(out, "summary.md"), "utf8");
  expect(summary).toMatch(/released-yaml\/dev \| drifted \| [^\n]*displayName/);
  expect(summary).toContain("| 4 | 3 | 1 | 0 |");
  // The job's summary on GitHub is the report's.
  expect(await readFile(env.GITHUB_STEP_SUMMARY!, "utf8")).toContain(summary);
  const page = await readFile(path.join(out, "report.html"), "utf8");
  expect(page).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
  for (const name of ["released-yaml/dev", "released-python/dev", "released-go/dev", "idgov-java/dev"])
    expect(page).toContain(name);
  // This run's counts kept for the next run's trend.
  expect(await readFile(path.join(fleet, "fleet-history", "report.json"), "utf8")).toContain('"drifted": 1');
}

/** The release served by release.test.ts, and where to work. */
export interface ServedRelease {
  root: string;
  releaseDir: string;
  server: FileServer;
  emulator: RunningEmulator;
  binDir: string;
  version: string;
  goModule: string;
}

const expectPassed = (results: CommandResult[]) => {
  for (const result of results) expect(result.code, transcriptOf(result)).toBe(0);
};

/** The stacks of the fleet's list: one per language that runs the plugin, as their teams commit them. */
async function writeStacks(release: ServedRelease, fleet: string) {
  const { server, version, emulator, binDir } = release;
  const wheel = new URL(`pulumi_idgov-${pythonVersion(version)}-py3-none-any.whl`, server.url).href;
  const stacks = [
    { dir: "stacks/yaml", stack: "organization/released-yaml/dev", files: YAML_PROGRAM },
    {
      dir: "stacks/python",
      stack: "organization/released-python/dev",
      files: { ...PYTHON_PROGRAM, "requirements.txt": `pulumi-idgov @ ${wheel}\n` },
    },
    { dir: "stacks/go", stack: "organization/released-go/dev", files: goProgram(release.goModule, version) },
    // The release's Maven repository over HTTP, at the release's address.
    {
      dir: "stacks/java",
      stack: "organization/idgov-java/dev",
      files: await javaExample(`${server.url}maven`, version),
    },
  ];
  const projects: NewMachine[] = [];
  for (const { dir, files } of stacks) projects.push(await newMachine(fleet, binDir, files, emulator, dir));
  // The Go team's go.sum, as committed: made on this machine, its module cache served as a proxy.
  const [goproxy, modcache] = execFileSync("go", ["env", "GOPROXY", "GOMODCACHE"], { encoding: "utf8" })
    .trim()
    .split("\n");
  const tidy = await runCommand("go", ["mod", "tidy"], {
    cwd: projects[2]!.projectDir,
    env: {
      ...projects[2]!.env,
      GOMODCACHE: path.join(release.root, "fleet-go-sum"),
      GOPROXY: `file://${path.join(release.releaseDir, "goproxy")},file://${modcache}/cache/download,${goproxy}`,
      GONOSUMDB: "github.com/pulumi-idgov",
      GOFLAGS: "-mod=mod",
      GOTOOLCHAIN: "local",
    },
    timeoutMs: 300_000,
  });
  expect(tidy.code, transcriptOf(tidy)).toBe(0);
  return { projects, stacks: stacks.map(({ dir, stack }) => ({ dir, stack })) };
}

/**
 * The fleet recipe of examples/ci/fleet on new runners: a YAML, a Python, a Go and a Java stack from one list, each
 * job with empty caches (PULUMI_HOME, pip's cache, Go's module cache, Maven's repository) and its setup without
 * Node.js; then drift (exit 7), the audit of the tenant, and GitLab's child pipeline from the same list.
 */
export async function checkFleetOnNewRunners(release: ServedRelease): Promise<void> {
  const { root, server, emulator, version } = release;
  const fleet = path.join(root, "fleet");
  const { projects, stacks } = await writeStacks(release, fleet);
  await mkdir(path.join(fleet, "ci"));
  for (const file of ["fleet.mjs", "fleet.sh"])
    await copyFile(path.join(FLEET_DIR, file), path.join(fleet, "ci", file));
  const shipped = JSON.parse(await readFile(path.join(FLEET_DIR, "stacks.json"), "utf8")) as {
    pulumi: string;
  };
  const list = {
    tenantRequestsPerSecond: 100,
    maxParallel: 4,
    pulumi: shipped.pulumi,
    plugin: { version, server: server.url },
    stacks,
  };
  await writeFile(path.join(fleet, "ci", "stacks.json"), JSON.stringify(list));
  const fresh = (name: string) => mkdtemp(path.join(root, `fleet-${name}-`));
  // A new runner: the tenant named by variables (the audit runs outside any project), the stacks' self-managed
  // backend with its passphrase (newMachine's), an empty PULUMI_HOME.
  const runner = async (env: NodeJS.ProcessEnv) => ({
    ...env,
    PULUMI_HOME: await fresh("home"),
    IDGOV_BASE_URL: emulator.url,
    IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
    IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
    GITHUB_OUTPUT: path.join(fleet, "github-output"),
    GITHUB_STEP_SUMMARY: path.join(fleet, "github-summary"),
  });
  const { jobs } = readPipeline<GithubWorkflow>(path.join(FLEET_DIR, "github-actions.yml"));

  expectPassed(await runGithubSteps(jobs.stacks!.steps, { cwd: fleet, env: await runner(projects[0]!.env) }));
  const outputs = githubOutputs(await readFile(path.join(fleet, "github-output"), "utf8"));
  const matrix = JSON.parse(outputs.matrix!) as { include: Record<string, string>[] };
  expect(matrix.include.map((entry) => [entry.FLEET_DIR, entry.FLEET_STACK, entry.FLEET_RUNTIME])).toEqual(
    stacks.map(({ dir, stack }, index) => [dir, stack, ["yaml", "python", "go", "java"][index]]),
  );
  expect(outputs).toMatchObject({ parallel: "4", pulumi: shipped.pulumi });
  for (const entry of matrix.include)
    expect(entry).toMatchObject({
      FLEET_GOPROXY: `${server.url}goproxy`,
      IDGOV_PLUGIN_SERVER: server.url,
      IDGOV_MAX_REQUESTS_PER_SECOND: "25",
    });

  // The first night: each job's setup on a new runner, without Node.js; each team's up; the drift jobs.
  const stepsWith = (text: string) => jobs.drift!.steps.filter((step) => step.run?.includes(text));
  const job = (index: number, env: NodeJS.ProcessEnv) => ({
    cwd: fleet,
    env,
    jobEnv: jobs.drift!.env!,
    matrix: matrix.include[index]!,
  });
  const noNode = async (env: NodeJS.ProcessEnv) => ({
    ...env,
    PATH: await pathWithoutNode(env.PATH ?? "", await fresh("path")),
  });
  const nodeFound = await runCommand("sh", ["-c", "command -v node npm npx"], {
    cwd: fleet,
    env: await noNode(projects[0]!.env),
  });
  expect(nodeFound.stdout).toBe("");
  const requestsBefore = server.requests.length;
  for (const [index, project] of projects.entries()) {
    Object.assign(project.env, await runner(project.env), {
      PIP_CACHE_DIR: await fresh("pip"),
      // Go's build cache (GOCACHE) stays: the Go host builds with -trimpath, so its keys do not name this folder.
      GOMODCACHE: await fresh("gomod"),
      MAVEN_OPTS: `-Dmaven.repo.local=${await fresh("m2")}`,
      GOTOOLCHAIN: "local",
    });
    expectPassed(await runGithubSteps(stepsWith("fleet.sh setup"), job(index, await noNode(project.env))));
    const up = await project.stack.up();
    expect(up.code, transcriptOf(up)).toBe(0);
  }
  // The release's Maven repository was asked for this project's artifacts only.
  const maven = server.requests.slice(requestsBefore).filter((line) => / \/maven\//.test(line));
  expect(maven.filter((line) => !line.includes(" /maven/com/pulumiidgov/"))).toEqual([]);
  expect(maven).toContain(`GET /maven/com/pulumiidgov/idgov/${version}/idgov-${version}.jar 200`);
  // The Go SDK came from the release's module proxy.
  expect(server.requests.slice(requestsBefore)).toContain(
    `GET /goproxy/${release.goModule}/@v/${goModuleVersion(version)}.zip 200`,
  );

  // The drift jobs run the plugin, which carries its own Node.js: their runners have none either.
  const drift = async (index: number) =>
    (await runGithubSteps(stepsWith("fleet.sh drift"), job(index, await noNode(projects[index]!.env)))).at(
      -1,
    )!;
  for (const index of projects.keys()) {
    const result = await drift(index);
    expect(result.code, transcriptOf(result)).toBe(0);
  }
  const appId = String((await projects[0]!.stack.outputs()).portalId);
  await outOfBand(emulator, "POST", `/api/v1/apps/${appId}`, {
    app: { displayName: "Renamed by hand" },
    updateMask: "displayName",
  });
  const drifted = await drift(0);
  expect(drifted.code, transcriptOf(drifted)).toBe(7);
  expect(drifted.stderr).toContain("fleet: drift in organization/released-yaml/dev");
  // Each job's check kept as the preview's JSON, at the repository's root, the drifted one too.
  const driftFiles = matrix.include.map((entry) => path.join(fleet, entry.FLEET_DRIFT_FILE!));
  expect(driftFiles.map((file) => path.relative(fleet, file))).toEqual(
    stacks.map(({ stack }) => `drift/${stack.replaceAll("/", "+")}.json`),
  );
  expect(await readFile(driftFiles[0]!, "utf8")).toContain('"Renamed by hand"');

  const auditEnv = await runner(projects[0]!.env);
  const audit = await runGithubSteps(jobs.audit!.steps, { cwd: fleet, env: auditEnv });
  // 6: drift and objects no stack manages (the emulator's seeded ones).
  expect(audit.at(-1)!.code, transcriptOf(audit.at(-1)!)).toBe(6);
  const auditJson = await readFile(path.join(fleet, "audit.json"), "utf8");
  for (const { stack } of stacks) expect(auditJson).toContain(stack);

  await checkReportJob(fleet, jobs.report!.steps, auditEnv);

  // GitLab CI: the child pipeline, from the same list, runs the same steps on the list's image.
  const gitlab = readPipeline<Record<string, GitlabJob>>(path.join(FLEET_DIR, "gitlab-ci.yml"));
  const planned = await runGitlabJob(gitlab["fleet-jobs"]!, { cwd: fleet, env: auditEnv });
  expect(planned.code, transcriptOf(planned)).toBe(0);
  const children = readPipeline<Record<string, GitlabJob>>(path.join(fleet, "fleet-jobs.yml"));
  expect(Object.keys(children)).toEqual([
    "stages",
    ...stacks.map(({ stack }) => `drift ${stack}`),
    "audit",
    "report",
  ]);
  for (const { stack } of stacks)
    expect(children[`drift ${stack}`]!.image).toBe(`pulumi/pulumi:${shipped.pulumi}`);
  const yamlJob = await runGitlabJob(children[`drift ${stacks[0]!.stack}`]!, {
    cwd: fleet,
    env: await noNode(await runner(projects[0]!.env)),
  });
  expect(yamlJob.code, transcriptOf(yamlJob)).toBe(7);

  for (const project of projects) expect((await project.stack.destroy()).code).toBe(0);
}
