import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
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
  "stacks/web team": "name: web\nruntime: yaml\n",
};
const STACKS = Object.keys(PROJECTS).map((dir) => ({ dir, stack: `acme/${path.basename(dir)}/prod` }));
const PLUGIN = { version: "0.1.0", server: "https://releases.example.com/pulumi-idgov/v0.1.0/" };

/**
 * fleet.mjs in a repository of five stacks of four runtimes, with a `pulumi` on PATH that logs its arguments and
 * exits with $FAKE_PULUMI_EXIT: what the script asks of the CLI, and how it reads the answer.
 */
describe("the fleet recipe of examples/ci/fleet", () => {
  let repo = "";
  let calls = "";
  const fleet = (args: string[], env: Record<string, string> = {}): Promise<Ran> =>
    new Promise((resolve) => {
      const options = {
        cwd: repo,
        env: { ...process.env, PATH: `${path.join(repo, "bin")}:${process.env.PATH}`, ...env },
      };
      execFile("node", [path.join(FLEET_DIR, "fleet.mjs"), ...args], options, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  const writeList = (list: unknown) => writeFile(path.join(repo, "stacks.json"), JSON.stringify(list));
  const LIST = () => ({ IDGOV_FLEET_LIST: path.join(repo, "stacks.json") });

  beforeAll(async () => {
    repo = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-fleet-"));
    calls = path.join(repo, "pulumi-calls");
    for (const [dir, project] of Object.entries(PROJECTS)) {
      await mkdir(path.join(repo, dir), { recursive: true });
      await writeFile(path.join(repo, dir, "Pulumi.yaml"), project);
    }
    await mkdir(path.join(repo, "bin"));
    const fake = `#!/bin/sh\necho "$(pwd) $*" >> "${calls}"\nexit "\${FAKE_PULUMI_EXIT:-0}"\n`;
    await writeFile(path.join(repo, "bin", "pulumi"), fake);
    await chmod(path.join(repo, "bin", "pulumi"), 0o755);
    await writeList({ tenantRequestsPerSecond: 100, maxParallel: 4, plugin: PLUGIN, stacks: STACKS });
  });
  afterAll(async () => {
    if (repo) await rm(repo, { recursive: true, force: true });
  });
  const pulumiCalls = async () => {
    const text = await readFile(calls, "utf8").catch(() => "");
    await rm(calls, { force: true });
    return text.trim().split("\n");
  };

  it("makes GitHub's matrix from the list: each stack's runtime from its Pulumi.yaml, the budget shared by the jobs at once", async () => {
    const ran = await fleet(["matrix"], LIST());
    expect(ran.code, ran.stderr).toBe(0);
    const [matrix, parallel] = ran.stdout.trim().split("\n");
    expect(parallel).toBe("parallel=4");
    expect(JSON.parse(matrix!.replace(/^matrix=/, ""))).toEqual({
      include: STACKS.map((stack, index) => ({
        ...stack,
        runtime: ["yaml", "python", "go", "nodejs", "yaml"][index],
        budget: "25",
      })),
    });
  });

  it("makes GitLab's child pipeline from the list: one job per stack, all at once, so each has a fifth of the budget", async () => {
    const ran = await fleet(["gitlab"], LIST());
    expect(ran.code, ran.stderr).toBe(0);
    await writeFile(path.join(repo, "drift-jobs.yml"), ran.stdout);
    const jobs = readPipeline<Record<string, GitlabJob>>(path.join(repo, "drift-jobs.yml"));
    expect(Object.keys(jobs)).toEqual(STACKS.map(({ stack }) => `drift ${stack}`));
    expect(jobs["drift acme/web team/prod"]).toMatchObject({
      variables: { IDGOV_MAX_REQUESTS_PER_SECOND: "20", FLEET_RUNTIME: "yaml" },
      script: [
        "node ci/fleet.mjs setup 'stacks/web team'",
        "node ci/fleet.mjs drift 'stacks/web team' 'acme/web team/prod'",
      ],
    });
  });

  it("the drift check passes the CLI's exit code on: 7 named as drift, anything else as a broken check", async () => {
    const synced = await fleet(["drift", "stacks/workforce", "acme/workforce/prod"], LIST());
    expect(synced.code).toBe(0);
    expect(await pulumiCalls()).toEqual([
      `${path.join(repo, "stacks/workforce")} preview --refresh --expect-no-changes --diff --parallel 10 --non-interactive --stack acme/workforce/prod`,
    ]);
    const drifted = await fleet(["drift", "stacks/workforce", "acme/workforce/prod"], {
      ...LIST(),
      FAKE_PULUMI_EXIT: "7",
    });
    expect(drifted).toMatchObject({
      code: 7,
      stderr: expect.stringContaining("fleet: drift in acme/workforce/prod"),
    });
    const broken = await fleet(["drift", "stacks/workforce", "acme/workforce/prod"], {
      ...LIST(),
      FAKE_PULUMI_EXIT: "255",
    });
    expect(broken.code).toBe(255);
    expect(broken.stderr).toContain("fleet: the drift check of acme/workforce/prod broke (exit 255)");
    await pulumiCalls();
  });

  it("audits once against every stack of the list, with arguments the audit accepts, through the installed plugin", async () => {
    const ran = await fleet(["audit", "--format", "markdown"], LIST());
    expect(ran.code, ran.stderr).toBe(0);
    const [install, audit] = await pulumiCalls();
    expect(install).toBe(`${repo} plugin install resource idgov 0.1.0 --server ${PLUGIN.server}`);
    const prefix = `${repo} plugin run --kind resource idgov@0.1.0 -- audit `;
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

  it("the YAML setup installs the plugin only, from the list's server", async () => {
    expect((await fleet(["setup", "stacks/workforce"], LIST())).code).toBe(0);
    expect(await pulumiCalls()).toEqual([
      `${repo} plugin install resource idgov 0.1.0 --server ${PLUGIN.server}`,
    ]);
  });

  it("refuses a list it cannot use, naming the field", async () => {
    await writeList({
      tenantRequestsPerSecond: 100,
      maxParallel: 4,
      plugin: PLUGIN,
      stacks: [{ dir: "stacks/workforce" }],
    });
    expect(await fleet(["matrix"], LIST())).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('stacks[0] needs a "dir" and a "stack"'),
    });
    await writeList({ tenantRequestsPerSecond: 0, maxParallel: 4, plugin: PLUGIN, stacks: STACKS });
    expect((await fleet(["gitlab"], LIST())).stderr).toContain(
      '"tenantRequestsPerSecond" must be a positive number',
    );
    await writeList({ tenantRequestsPerSecond: 100, maxParallel: 4, plugin: PLUGIN, stacks: STACKS });
  });

  it("the two pipelines run the script's steps with the matrix's values, and the shipped list fits its tenant", async () => {
    const github = readPipeline<GithubWorkflow>(path.join(FLEET_DIR, "github-actions.yml"));
    const runs = (job: string) => github.jobs[job]!.steps.map((step) => step.run ?? "").join("\n");
    expect(runs("stacks")).toContain('node ci/fleet.mjs matrix >> "$GITHUB_OUTPUT"');
    expect(runs("drift")).toContain('node ci/fleet.mjs setup "${{ matrix.dir }}"');
    expect(runs("drift")).toContain('node ci/fleet.mjs drift "${{ matrix.dir }}" "${{ matrix.stack }}"');
    expect(github.jobs.drift!.strategy).toMatchObject({
      "fail-fast": false,
      "max-parallel": "${{ fromJSON(needs.stacks.outputs.parallel) }}",
      matrix: "${{ fromJSON(needs.stacks.outputs.matrix) }}",
    });
    expect(runs("audit")).toContain("node ci/fleet.mjs audit --format markdown");
    const gitlab = readPipeline<Record<string, GitlabJob>>(path.join(FLEET_DIR, "gitlab-ci.yml"));
    expect(gitlab["fleet-jobs"]!.script).toEqual(["node ci/fleet.mjs gitlab > drift-jobs.yml"]);
    expect(gitlab.audit!.script.join("\n")).toContain("node ci/fleet.mjs audit --format markdown");
    const shipped = JSON.parse(await readFile(path.join(FLEET_DIR, "stacks.json"), "utf8")) as {
      tenantRequestsPerSecond: number;
      maxParallel: number;
      stacks: unknown[];
    };
    expect(shipped.stacks.length).toBeGreaterThan(1);
    expect(shipped.maxParallel).toBeLessThanOrEqual(shipped.tenantRequestsPerSecond);
  });
});
