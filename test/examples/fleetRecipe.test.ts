import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAuditArguments } from "../../provider/cli/audit/options";
import { FLEET_DIR, type GithubWorkflow, type GitlabJob, readPipeline } from "../e2e/release/fleetRecipe";

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

const PROJECTS: Record<string, string> = {
  "stacks/workforce": "name: workforce\nruntime: yaml\n",
  "stacks/engineering": "name: engineering\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n",
  "stacks/automations": "name: automations\nruntime: go # the Go team\n",
  "stacks/settings": 'name: settings\nruntime:\n  name: "nodejs"\n',
  "stacks/web team": "name: web\nruntime: java\n",
};
const STACKS = Object.keys(PROJECTS).map((dir) => ({
  dir,
  stack: `acme/${path.basename(dir).replace(" ", "-")}/prod`,
}));
const PLUGIN = { version: "0.1.0", server: "https://releases.example.com/pulumi-idgov/v0.1.0/" };
const LIST = {
  tenantRequestsPerSecond: 100,
  maxParallel: 4,
  pulumi: "3.248.0",
  plugin: PLUGIN,
  stacks: STACKS,
};
/** What fleet.sh reads for the stack at `index` of STACKS. */
const jobEnv = (index: number) => ({
  FLEET_DIR: STACKS[index]!.dir,
  FLEET_STACK: STACKS[index]!.stack,
  FLEET_RUNTIME: ["yaml", "python", "go", "nodejs", "java"][index]!,
  FLEET_DRIFT_FILE: `drift/${STACKS[index]!.stack.replaceAll("/", "+")}.json`,
  FLEET_GOPROXY: `${PLUGIN.server}goproxy`,
  FLEET_GONOSUMDB: "github.com/pulumi-idgov",
  IDGOV_PLUGIN_VERSION: PLUGIN.version,
  IDGOV_PLUGIN_SERVER: PLUGIN.server,
});

/**
 * fleet.mjs and fleet.sh in a repository of five stacks of five runtimes, with a `pulumi`, a `go` and a `mvn` on PATH
 * that log their arguments (and, for go, the proxy settings) and exit with $FAKE_EXIT: what the scripts ask of the
 * tools, and how they read the answer.
 */
describe("the fleet recipe of examples/ci/fleet", () => {
  let repo = "";
  let calls = "";
  const spawn = (file: string, args: string[], env: Record<string, string>): Promise<Ran> =>
    new Promise((resolve) => {
      const options = {
        cwd: repo,
        env: {
          ...process.env,
          PATH: `${path.join(repo, "bin")}:${process.env.PATH}`,
          IDGOV_FLEET_LIST: path.join(repo, "stacks.json"),
          ...env,
        },
      };
      execFile(file, args, options, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  const fleet = (args: string[], env: Record<string, string> = {}) =>
    spawn("node", [path.join(FLEET_DIR, "fleet.mjs"), ...args], env);
  const fleetSh = (command: string, env: Record<string, string>) =>
    spawn("sh", [path.join(FLEET_DIR, "fleet.sh"), command], env);
  const writeList = (list: unknown) => writeFile(path.join(repo, "stacks.json"), JSON.stringify(list));
  const toolCalls = async () => {
    const text = await readFile(calls, "utf8").catch(() => "");
    await rm(calls, { force: true });
    return text.trim().split("\n");
  };

  beforeAll(async () => {
    repo = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-fleet-"));
    calls = path.join(repo, "tool-calls");
    for (const [dir, project] of Object.entries(PROJECTS)) {
      await mkdir(path.join(repo, dir), { recursive: true });
      await writeFile(path.join(repo, dir, "Pulumi.yaml"), project);
    }
    await mkdir(path.join(repo, "bin"));
    const log = (extra = "") =>
      `echo "$(pwd) $(basename "$0") $*${extra}" >> "${calls}"\nexit "\${FAKE_EXIT:-0}"\n`;
    const fakes = {
      pulumi: `echo "pulumi's stdout"\n${log()}`,
      mvn: log(),
      // `go env GOPROXY` answers the runner's proxy; the other commands log the proxy settings they were given.
      go: `if [ "$1" = env ]; then echo https://proxy.example.com; exit 0; fi\n${log(" GOPROXY=$GOPROXY GONOSUMDB=$GONOSUMDB")}`,
    };
    for (const [tool, script] of Object.entries(fakes)) {
      await writeFile(path.join(repo, "bin", tool), `#!/bin/sh\n${script}`);
      await chmod(path.join(repo, "bin", tool), 0o755);
    }
    await writeList(LIST);
  });
  afterAll(async () => {
    if (repo) await rm(repo, { recursive: true, force: true });
  });

  it("makes GitHub's matrix from the list: each stack's values by the names fleet.sh reads, the budget shared by the jobs at once", async () => {
    const ran = await fleet(["matrix"]);
    expect(ran.code, ran.stderr).toBe(0);
    const [matrix, parallel, pulumi] = ran.stdout.trim().split("\n");
    expect(parallel).toBe("parallel=4");
    expect(pulumi).toBe("pulumi=3.248.0");
    expect(JSON.parse(matrix!.replace(/^matrix=/, ""))).toEqual({
      include: STACKS.map((_, index) => ({ ...jobEnv(index), IDGOV_MAX_REQUESTS_PER_SECOND: "25" })),
    });
  });

  it("makes GitLab's child pipeline from the list: a job per stack on the list's Pulumi image, all at once, then the audit", async () => {
    const ran = await fleet(["gitlab"]);
    expect(ran.code, ran.stderr).toBe(0);
    await writeFile(path.join(repo, "fleet-jobs.yml"), ran.stdout);
    const pipeline = readPipeline<Record<string, GitlabJob> & { stages: string[] }>(
      path.join(repo, "fleet-jobs.yml"),
    );
    expect(Object.keys(pipeline)).toEqual([
      "stages",
      ...STACKS.map(({ stack }) => `drift ${stack}`),
      "audit",
      "report",
    ]);
    expect(pipeline.stages).toEqual(["drift", "audit", "report"]);
    expect(pipeline["drift acme/web-team/prod"]).toEqual({
      stage: "drift",
      image: "pulumi/pulumi:3.248.0",
      id_tokens: { IDGOV_OIDC_TOKEN: { aud: "$IDGOV_OIDC_AUDIENCE" } },
      variables: {
        ...jobEnv(4),
        IDGOV_MAX_REQUESTS_PER_SECOND: "20",
        MAVEN_OPTS: "-Dmaven.repo.local=$CI_PROJECT_DIR/.cache/m2",
      },
      cache: { key: { files: ["stacks/web team/pom.xml"] }, paths: [".cache/m2"] },
      script: ["sh ci/fleet.sh setup", "sh ci/fleet.sh drift"],
      artifacts: { when: "always", paths: ["drift/acme+web-team+prod.json"] },
    });
    expect(pipeline["drift acme/automations/prod"]!.variables).toMatchObject({
      GOMODCACHE: "$CI_PROJECT_DIR/.cache/go-mod",
    });
    expect(pipeline.audit).toMatchObject({
      stage: "audit",
      image: "pulumi/pulumi:3.248.0",
      when: "always",
      script: ["node ci/fleet.mjs audit --format json > audit.json"],
      artifacts: { when: "always", paths: ["audit.json"] },
    });
    // The report: after every drift job and the audit, whatever they found; JUnit for the test-report views, the
    // page linked from merge requests, the last report kept for the trend.
    expect(pipeline.report).toEqual({
      stage: "report",
      image: "pulumi/pulumi:3.248.0",
      when: "always",
      cache: { key: "idgov-fleet-report", paths: ["fleet-history/"] },
      script: ["node ci/fleet.mjs report", "cat report/summary.md"],
      artifacts: {
        when: "always",
        expose_as: "fleet drift report",
        paths: ["report/"],
        reports: { junit: "report/junit.xml" },
      },
    });
  });

  it("fleet.sh's drift check passes the CLI's exit code on: 7 named as drift, anything else as a broken check", async () => {
    const synced = await fleetSh("drift", jobEnv(0));
    expect(synced.code, synced.stderr).toBe(0);
    expect(await toolCalls()).toEqual([
      `${path.join(repo, "stacks/workforce")} pulumi preview --refresh --expect-no-changes --show-sames --json --parallel 10 --non-interactive --stack acme/workforce/prod`,
    ]);
    // The check's JSON, at the repository's root (where the job runs), for the report.
    expect(await readFile(path.join(repo, "drift", "acme+workforce+prod.json"), "utf8")).toBe(
      "pulumi's stdout\n",
    );
    const drifted = await fleetSh("drift", { ...jobEnv(0), FAKE_EXIT: "7" });
    expect(drifted).toMatchObject({
      code: 7,
      stderr: expect.stringContaining(
        "fleet: drift in acme/workforce/prod: the objects and fields are in drift/acme+workforce+prod.json",
      ),
    });
    expect(await readFile(path.join(repo, "drift", "acme+workforce+prod.json"), "utf8")).toBe(
      "pulumi's stdout\n",
    );
    const broken = await fleetSh("drift", { ...jobEnv(0), FAKE_EXIT: "255" });
    expect(broken.code).toBe(255);
    expect(broken.stderr).toContain("fleet: the drift check of acme/workforce/prod broke (exit 255)");
    await toolCalls();
  });

  it("fleet.sh's setup: YAML installs the plugin from the list's server, Go downloads through the release's proxy first, Java runs Maven", async () => {
    expect((await fleetSh("setup", jobEnv(0))).code).toBe(0);
    expect((await fleetSh("setup", jobEnv(2))).code).toBe(0);
    expect((await fleetSh("setup", { ...jobEnv(4), GONOSUMDB: "example.org/private" })).code).toBe(0);
    expect(await toolCalls()).toEqual([
      `${path.join(repo, "stacks/workforce")} pulumi plugin install resource idgov 0.1.0 --server ${PLUGIN.server}`,
      `${path.join(repo, "stacks/automations")} go mod download GOPROXY=${PLUGIN.server}goproxy,https://proxy.example.com GONOSUMDB=github.com/pulumi-idgov`,
      `${path.join(repo, "stacks/web team")} mvn --batch-mode --no-transfer-progress --quiet compile`,
    ]);
    const unset = await fleetSh("setup", { ...jobEnv(0), FLEET_STACK: "" });
    expect(unset).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("fleet: FLEET_STACK is not set"),
    });
  });

  it("a value of the list is never shell text: a folder named $(…) or `…` is one argument, as it is", async () => {
    for (const dir of ["stacks/$(touch owned)", "stacks/`touch owned`", `stacks/it's "here"`]) {
      await mkdir(path.join(repo, dir), { recursive: true });
      const ran = await fleetSh("drift", {
        ...jobEnv(0),
        FLEET_DIR: dir,
        FLEET_STACK: "$(touch owned)",
        FLEET_DRIFT_FILE: "drift/`touch owned`.json",
      });
      expect(await readFile(path.join(repo, "drift", "`touch owned`.json"), "utf8")).toBe(
        "pulumi's stdout\n",
      );
      expect(ran.code, ran.stderr).toBe(0);
      expect(await toolCalls()).toEqual([
        `${path.join(repo, dir)} pulumi preview --refresh --expect-no-changes --show-sames --json --parallel 10 --non-interactive --stack $(touch owned)`,
      ]);
      await rm(path.join(repo, dir), { recursive: true });
    }
    await expect(readFile(path.join(repo, "owned"))).rejects.toThrow(/ENOENT/);
  });

  it("audits once against every stack of the list, with arguments the audit accepts, through the installed plugin", async () => {
    const ran = await fleet(["audit", "--format", "markdown"]);
    expect(ran.code, ran.stderr).toBe(0);
    const [install, audit] = await toolCalls();
    expect(install).toBe(`${repo} pulumi plugin install resource idgov 0.1.0 --server ${PLUGIN.server}`);
    const prefix = `${repo} pulumi plugin run --kind resource idgov@0.1.0 -- audit `;
    expect(audit!.startsWith(prefix)).toBe(true);
    const args = audit!
      .slice(prefix.length)
      .split(/ (?=--)/)
      .flatMap((arg) => [arg.slice(0, arg.indexOf(" ")), arg.slice(arg.indexOf(" ") + 1)]);
    expect(parseAuditArguments(args)).toMatchObject({ format: "markdown" });
    expect(args.filter((_, index) => args[index - 1] === "--stack")).toEqual(
      STACKS.map(({ stack }) => stack),
    );
  });

  it("reports on every stack of the list through the installed plugin: a missing check as an empty file, the audit and the last report when there", async () => {
    await rm(path.join(repo, "drift"), { recursive: true, force: true });
    await mkdir(path.join(repo, "drift"));
    await writeFile(path.join(repo, "drift", "acme+workforce+prod.json"), '{"steps":[]}');
    // What the plugin's report writes; the fake `pulumi` writes nothing.
    await mkdir(path.join(repo, "report"), { recursive: true });
    await writeFile(path.join(repo, "report", "report.json"), '{"format":"pulumi-idgov-report"}');
    const drift = STACKS.flatMap(({ stack }) => ["--drift", `drift/${stack.replaceAll("/", "+")}.json`]);
    const reportCall = (...rest: string[]) =>
      [`${repo} pulumi plugin run --kind resource idgov@0.1.0 --`, "report", ...drift, ...rest].join(" ");
    const install = `${repo} pulumi plugin install resource idgov 0.1.0 --server ${PLUGIN.server}`;

    const first = await fleet(["report"]);
    expect(first.code, first.stderr).toBe(0);
    expect(await toolCalls()).toEqual([install, reportCall("--out", "report")]);
    expect(first.stderr).toContain(
      "fleet: no drift check of acme/engineering/prod (drift/acme+engineering+prod.json): reported as broken",
    );
    expect(first.stderr).toContain("fleet: no audit.json (the audit broke): the report has no audit");
    expect(await readFile(path.join(repo, "drift", "acme+engineering+prod.json"), "utf8")).toBe("");
    expect(await readFile(path.join(repo, "drift", "acme+workforce+prod.json"), "utf8")).toBe('{"steps":[]}');
    // This run's report.json kept for the next run's trend.
    expect(await readFile(path.join(repo, "fleet-history", "report.json"), "utf8")).toContain(
      "pulumi-idgov-report",
    );

    await writeFile(path.join(repo, "audit.json"), "{}");
    const second = await fleet(["report"]);
    expect(second.code, second.stderr).toBe(0);
    expect(await toolCalls()).toEqual([
      install,
      reportCall("--audit", "audit.json", "--history", "fleet-history", "--out", "report"),
    ]);

    const failed = await fleet(["report"], { FAKE_EXIT: "1" });
    expect(failed.code).toBe(1);
    for (const folder of ["drift", "report", "fleet-history", "audit.json"])
      await rm(path.join(repo, folder), { recursive: true, force: true });
    await toolCalls();
  });

  it("refuses a list whose fields it cannot use, naming each", async () => {
    await writeList({
      ...LIST,
      tenantRequestsPerSecond: 0,
      pulumi: "latest",
      stacks: [{ dir: "stacks/workforce" }],
    });
    const ran = await fleet(["gitlab"]);
    expect(ran).toMatchObject({ code: 1, stdout: "" });
    expect(ran.stderr).toContain('"tenantRequestsPerSecond" must be a positive number');
    expect(ran.stderr).toContain('"pulumi" must be the Pulumi CLI version every job runs');
    expect(ran.stderr).toContain('stacks[0] needs a "dir" and a "stack"');
    await writeList({ ...LIST, plugin: { ...PLUGIN, server: "https://x.example.com/$(id)/" } });
    expect((await fleet(["matrix"])).stderr).toContain(
      `"plugin.server" must be the release's http(s) address`,
    );
    await writeList(LIST);
  });

  const STACK_RULE = '"stack" must be a Pulumi stack name, organization/project/stack';
  const refusals: [string, { dir: string; stack: string }, string][] = [
    ["a command substitution", { dir: "stacks/workforce", stack: "acme/x$(touch owned)/prod" }, STACK_RULE],
    ["backticks", { dir: "stacks/workforce", stack: "acme/`touch owned`/prod" }, STACK_RULE],
    ["quotes", { dir: "stacks/workforce", stack: `acme/it's"/prod` }, STACK_RULE],
    ["a space", { dir: "stacks/workforce", stack: "acme/web team/prod" }, STACK_RULE],
    ["no organization", { dir: "stacks/workforce", stack: "workforce/prod" }, STACK_RULE],
    [
      "a folder with $( )",
      { dir: "stacks/$(touch owned)", stack: "acme/a/prod" },
      '"dir" may hold only letters',
    ],
    ["a folder with backticks", { dir: "stacks/`id`", stack: "acme/a/prod" }, '"dir" may hold only letters'],
    ["a folder with quotes", { dir: `stacks/"it's"`, stack: "acme/a/prod" }, '"dir" may hold only letters'],
    ["a folder above the repository", { dir: "../outside", stack: "acme/a/prod" }, 'without ".."'],
    ["a folder through ..", { dir: "stacks/../../outside", stack: "acme/a/prod" }, 'without ".."'],
    ["an absolute folder", { dir: "/etc", stack: "acme/a/prod" }, "inside the repository"],
    ["a folder without Pulumi.yaml", { dir: "bin", stack: "acme/a/prod" }, '"dir" holds no Pulumi.yaml'],
    ["a link out of the repository", { dir: "stacks/elsewhere", stack: "acme/a/prod" }, "symbolic link"],
  ];
  it.each(refusals)(
    "refuses a list with %s, naming the entry and the rule, and plans nothing",
    async (_, entry, rule) => {
      const outside = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-fleet-outside-"));
      await writeFile(path.join(outside, "Pulumi.yaml"), "name: outside\nruntime: yaml\n");
      await symlink(outside, path.join(repo, "stacks", "elsewhere"));
      await writeList({ ...LIST, stacks: [...STACKS, entry] });
      for (const command of ["gitlab", "audit"]) {
        const ran = await fleet([command]);
        expect(ran).toMatchObject({ code: 1, stdout: "" });
        expect(ran.stderr).toContain(
          `stacks[5] (${JSON.stringify(entry.stack)} in ${JSON.stringify(entry.dir)}): `,
        );
        expect(ran.stderr).toContain(rule);
      }
      expect(await toolCalls()).toEqual([""]);
      await rm(path.join(repo, "stacks", "elsewhere"));
      await rm(outside, { recursive: true });
      await writeList(LIST);
    },
  );

  it("refuses a list that names a stack twice (GitLab would keep one job of the two), naming both entries", async () => {
    await writeList({
      ...LIST,
      stacks: [...STACKS, { dir: "stacks/engineering", stack: "acme/workforce/prod" }],
    });
    const ran = await fleet(["gitlab"]);
    expect(ran).toMatchObject({ code: 1, stdout: "" });
    expect(ran.stderr).toContain(
      'stacks[5] ("acme/workforce/prod" in "stacks/engineering"): "stack" names the stack of stacks[0] again',
    );
    // Two stacks of one project, in one folder, are two jobs.
    await writeList({
      ...LIST,
      stacks: [...STACKS, { dir: "stacks/workforce", stack: "acme/workforce/staging" }],
    });
    expect((await fleet(["check"])).code).toBe(0);
    await writeList(LIST);
  });

  it("GitHub: the list's values reach the steps through env:, never as ${{ }} inside run:, and only a schedule or a person starts it", async () => {
    const github = readPipeline<GithubWorkflow>(path.join(FLEET_DIR, "github-actions.yml"));
    expect(Object.keys(github.on).sort()).toEqual(["schedule", "workflow_dispatch"]);
    const steps = Object.values(github.jobs).flatMap((job) => job.steps);
    const runs = steps.filter((step) => step.run !== undefined);
    expect(runs.length).toBeGreaterThan(4);
    for (const step of runs) expect(step.run).not.toContain("${{");
    const drift = github.jobs.drift!;
    expect(drift.env).toEqual(
      Object.fromEntries(
        [...Object.keys(jobEnv(0)), "IDGOV_MAX_REQUESTS_PER_SECOND"].map((key) => [
          key,
          `\${{ matrix.${key} }}`,
        ]),
      ),
    );
    const runOf = (job: string) => github.jobs[job]!.steps.map((step) => step.run ?? "").join("\n");
    expect(runOf("stacks")).toContain('node ci/fleet.mjs matrix >> "$GITHUB_OUTPUT"');
    expect(runOf("drift")).toContain("sh ci/fleet.sh setup");
    expect(runOf("drift")).toContain("sh ci/fleet.sh drift");
    expect(runOf("drift")).not.toMatch(/\bnode\b/);
    expect(runOf("audit")).toContain("node ci/fleet.mjs audit --format json > audit.json");
    expect(runOf("report")).toContain("node ci/fleet.mjs report");
    expect(runOf("report")).toContain('cat report/summary.md >> "$GITHUB_STEP_SUMMARY"');
    expect(drift.strategy).toMatchObject({
      "fail-fast": false,
      "max-parallel": "${{ fromJSON(needs.stacks.outputs.parallel) }}",
      matrix: "${{ fromJSON(needs.stacks.outputs.matrix) }}",
    });
    const pulumiSteps = steps.filter((step) => step.uses?.startsWith("pulumi/actions@"));
    expect(pulumiSteps).toHaveLength(3);
    for (const step of pulumiSteps)
      expect((step as { with?: Record<string, string> }).with).toEqual({
        "pulumi-version": "${{ needs.stacks.outputs.pulumi }}",
      });
    expect(drift.steps.find((step) => step.uses?.startsWith("actions/setup-java@"))).toMatchObject({
      if: "matrix.FLEET_RUNTIME == 'java'",
      with: { cache: "maven", "cache-dependency-path": "${{ matrix.FLEET_DIR }}/pom.xml" },
    });
  });

  it("GitHub: each drift job keeps its check and the audit its JSON, failed or not; the report job runs after them all and keeps the page", async () => {
    const { jobs } = readPipeline<GithubWorkflow>(path.join(FLEET_DIR, "github-actions.yml"));
    type Step = GithubWorkflow["jobs"][string]["steps"][number] & { with?: Record<string, unknown> };
    const uploads = (job: string) =>
      (jobs[job]!.steps as Step[]).filter((step) => step.uses?.startsWith("actions/upload-artifact@"));
    expect(jobs.drift!.env).toMatchObject({ FLEET_DRIFT_FILE: "${{ matrix.FLEET_DRIFT_FILE }}" });
    expect(uploads("drift")).toEqual([
      expect.objectContaining({
        if: "${{ always() }}",
        with: {
          name: "drift-${{ strategy.job-index }}",
          path: "${{ matrix.FLEET_DRIFT_FILE }}",
          "if-no-files-found": "ignore",
        },
      }),
    ]);
    expect(uploads("audit")).toEqual([
      expect.objectContaining({
        if: "${{ always() }}",
        with: expect.objectContaining({ path: "audit.json" }),
      }),
    ]);
    const report = jobs.report!;
    expect(report.needs).toEqual(["stacks", "drift", "audit"]);
    expect((report as { if?: string }).if).toBe("${{ always() }}");
    const steps = report.steps as Step[];
    const downloads = steps.filter((step) => step.uses?.startsWith("actions/download-artifact@"));
    expect(downloads.map((step) => step.with)).toEqual([
      { pattern: "drift-*", "merge-multiple": true, path: "drift" },
      { pattern: "audit", "merge-multiple": true, path: "." },
    ]);
    const runIndex = steps.findIndex((step) => step.run?.includes("node ci/fleet.mjs report"));
    expect(downloads.every((step) => steps.indexOf(step) < runIndex)).toBe(true);
    expect(uploads("report")).toEqual([
      expect.objectContaining({
        if: "${{ always() }}",
        with: { name: "fleet-drift-report", path: "report/" },
      }),
    ]);
    // The last run's report.json restored before the report, this run's saved after it.
    const restore = steps.findIndex((step) => step.uses?.startsWith("actions/cache/restore@"));
    const save = steps.findIndex((step) => step.uses?.startsWith("actions/cache/save@"));
    expect(restore).toBeGreaterThan(-1);
    expect(restore).toBeLessThan(runIndex);
    expect(save).toBeGreaterThan(runIndex);
    expect(steps[restore]!.with).toMatchObject({ path: "fleet-history" });
    expect(steps[save]!.with).toMatchObject({ path: "fleet-history", key: steps[restore]!.with!.key });
  });

  it("GitLab: only a schedule or a person starts it, and no script line expands a value of the list", async () => {
    const gitlab = readPipeline<Record<string, GitlabJob> & { workflow: { rules: { if: string }[] } }>(
      path.join(FLEET_DIR, "gitlab-ci.yml"),
    );
    expect(gitlab.workflow.rules).toEqual([
      { if: '$CI_PIPELINE_SOURCE == "schedule"' },
      { if: '$CI_PIPELINE_SOURCE == "web"' },
    ]);
    expect(gitlab["fleet-jobs"]!.script).toEqual(["node ci/fleet.mjs gitlab > fleet-jobs.yml"]);
    const ran = await fleet(["gitlab"]);
    const children = JSON.parse(ran.stdout) as Record<string, GitlabJob>;
    const listVariables = Object.keys(jobEnv(0));
    for (const [name, job] of Object.entries(children)) {
      if (name === "stages") continue;
      for (const line of job.script) {
        const unquoted = line.replace(/"[^"]*"/g, '""').replace(/'[^']*'/g, "''");
        for (const variable of listVariables)
          expect(unquoted).not.toMatch(new RegExp(`\\$\\{?${variable}\\b`));
        for (const { dir, stack } of STACKS) {
          expect(line).not.toContain(dir);
          expect(line).not.toContain(stack);
        }
      }
    }
  });

  it("the shipped list fits its tenant and pins a Pulumi CLI version", async () => {
    const shipped = JSON.parse(await readFile(path.join(FLEET_DIR, "stacks.json"), "utf8")) as typeof LIST;
    expect(shipped.stacks.length).toBeGreaterThan(1);
    expect(shipped.maxParallel).toBeLessThanOrEqual(shipped.tenantRequestsPerSecond);
    expect(shipped.pulumi).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
