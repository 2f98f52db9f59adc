#!/usr/bin/env node
// The drift fleet: every stack of one tenant, whatever its language, from the one list in stacks.json.
// Plans the fleet (Node.js, in a job of its own) and audits the tenant; each stack's job runs fleet.sh, which needs
// only the Pulumi CLI and the stack's language. Copy this file, fleet.sh and stacks.json into ci/, and run it from
// the repository's root (the list's folders are relative to it).
//
//   node ci/fleet.mjs check             checks the list, naming each entry that breaks a rule
//   node ci/fleet.mjs matrix            GitHub Actions: `matrix=`, `parallel=` and `pulumi=` lines for $GITHUB_OUTPUT
//   node ci/fleet.mjs gitlab            GitLab CI: the child pipeline, a drift job per stack, the audit, the report
//   node ci/fleet.mjs audit [ARGS…]     one audit of the tenant against every stack of the list
//   node ci/fleet.mjs report            the fleet's page, summary and JUnit from the drift checks and the audit
//
// A list's values reach a job only as environment variables, which fleet.sh quotes: no value is ever shell text.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import * as path from "node:path";

const LIST =
  process.env.IDGOV_FLEET_LIST ?? path.join(path.dirname(new URL(import.meta.url).pathname), "stacks.json");
/** Pulumi's names: an organization, a project and a stack, each of letters, digits, `_`, `.` and `-`. */
const PULUMI_NAME = /^[A-Za-z0-9_.-]{1,100}$/;
/** The characters of a folder the list may name (each job gets it in an environment variable). */
const FOLDER = /^[A-Za-z0-9_. /-]+$/;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
/** The Go module of the SDK, which the public checksum database does not know. */
const GO_SDK_MODULES = "github.com/pulumi-idgov";
/** What the audit job leaves for the report, and where the report goes; the previous report is kept for its trend. */
const AUDIT_FILE = "audit.json";
const REPORT_DIR = "report";
const HISTORY_DIR = "fleet-history";

/** Where a stack's drift job saves its check: `/` of the name as `+`, which no part of a Pulumi name holds. */
const driftFile = (stack) => `drift/${stack.replaceAll("/", "+")}.json`;

function fail(message) {
  console.error(`fleet: ${message}`);
  process.exit(1);
}

/** Why `stack` is not a Pulumi stack name `organization/project/stack`, or undefined. */
function stackNameProblem(stack) {
  const parts = stack.split("/");
  if (parts.length !== 3 || !parts.every((part) => PULUMI_NAME.test(part)))
    return `"stack" must be a Pulumi stack name, organization/project/stack, each part of 1 to 100 letters, digits, "_", "." and "-"`;
  return undefined;
}

/** Why `dir` is not a folder of this repository that holds a Pulumi project, or undefined. */
function folderProblem(dir, root) {
  if (!FOLDER.test(dir)) return `"dir" may hold only letters, digits, "_", ".", "-", " " and "/"`;
  if (path.isAbsolute(dir) || dir.split("/").includes(".."))
    return `"dir" must be a folder inside the repository, relative to its root, without ".."`;
  const project = path.join(dir, "Pulumi.yaml");
  if (!existsSync(project) || !statSync(project).isFile()) return `"dir" holds no Pulumi.yaml`;
  const real = path.relative(root, realpathSync(project));
  if (real.startsWith("..") || path.isAbsolute(real))
    return `"dir" leads out of the repository through a symbolic link (to ${realpathSync(project)})`;
  return undefined;
}

/** An http(s) address a job may put in an environment variable and in GOPROXY's list. */
const isAddress = (text) => /^https?:\/\/[^\s,|$"'`\\]+$/.test(text) && URL.canParse(text);

/**
 * The list, checked whole: every entry that breaks a rule is named with the rule, and nothing runs.
 * @returns {{ tenantRequestsPerSecond: number, maxParallel: number, pulumi: string,
 *   plugin: { version: string, server: string, goproxy?: string }, stacks: { dir: string, stack: string }[] }}
 */
function readList() {
  let list;
  try {
    list = JSON.parse(readFileSync(LIST, "utf8"));
  } catch (error) {
    fail(`${LIST}: ${error.message}`);
  }
  const problems = [];
  if (!(list.tenantRequestsPerSecond > 0))
    problems.push(`"tenantRequestsPerSecond" must be a positive number`);
  if (!(list.maxParallel > 0)) problems.push(`"maxParallel" must be a positive number`);
  if (typeof list.pulumi !== "string" || !/^\d+\.\d+\.\d+$/.test(list.pulumi))
    problems.push(`"pulumi" must be the Pulumi CLI version every job runs, such as "3.248.0"`);
  const plugin = list.plugin ?? {};
  if (typeof plugin.version !== "string" || !VERSION.test(plugin.version))
    problems.push(`"plugin.version" must be the version of the release, such as "0.1.0"`);
  if (typeof plugin.server !== "string" || !isAddress(plugin.server) || !plugin.server.endsWith("/"))
    problems.push(`"plugin.server" must be the release's http(s) address, ending in "/"`);
  if (plugin.goproxy !== undefined && (typeof plugin.goproxy !== "string" || !isAddress(plugin.goproxy)))
    problems.push(`"plugin.goproxy" must be an http(s) address`);
  if (!Array.isArray(list.stacks) || list.stacks.length === 0) problems.push(`"stacks" lists no stack`);
  const root = realpathSync(process.cwd());
  const seen = new Map();
  for (const [index, entry] of (Array.isArray(list.stacks) ? list.stacks : []).entries()) {
    const name = `stacks[${index}]`;
    if (typeof entry?.dir !== "string" || typeof entry?.stack !== "string") {
      problems.push(`${name} needs a "dir" and a "stack"`);
      continue;
    }
    const named = `${name} (${JSON.stringify(entry.stack)} in ${JSON.stringify(entry.dir)})`;
    const problem = stackNameProblem(entry.stack) ?? folderProblem(entry.dir, root);
    if (problem) problems.push(`${named}: ${problem}`);
    if (seen.has(entry.stack))
      problems.push(`${named}: "stack" names the stack of stacks[${seen.get(entry.stack)}] again`);
    else seen.set(entry.stack, index);
  }
  if (problems.length) fail(`${LIST}:\n  ${problems.join("\n  ")}`);
  return list;
}

/** The runtime named by DIR/Pulumi.yaml: `runtime: yaml` or `runtime:\n  name: python`. */
function runtimeOf(dir) {
  const project = readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
  const runtime = /^runtime:[ \t]*(\S+)?[ \t]*(?:#.*)?$/m.exec(project);
  const name = runtime?.[1] ?? /^runtime:\s*\n(?:[ \t]+.*\n)*?[ \t]+name:[ \t]*(\S+)/m.exec(project)?.[1];
  if (!name) fail(`${dir}/Pulumi.yaml names no runtime`);
  const unquoted = name.replace(/^["']|["']$/g, "");
  if (!/^[a-z]+$/.test(unquoted)) fail(`${dir}/Pulumi.yaml: runtime "${unquoted}" is not one Pulumi runs`);
  return unquoted;
}

/** Each job's share of the tenant's requests per second when `jobs` run at once. */
const share = (list, jobs) => String(Math.max(1, Math.floor(list.tenantRequestsPerSecond / jobs)));

/** What fleet.sh reads, for the stack at `dir`: every value of the list a job needs, by name. */
const jobVariables = (list, { dir, stack }, budget) => ({
  FLEET_DIR: dir,
  FLEET_STACK: stack,
  FLEET_RUNTIME: runtimeOf(dir),
  FLEET_DRIFT_FILE: driftFile(stack),
  FLEET_GOPROXY: list.plugin.goproxy ?? `${list.plugin.server}goproxy`,
  FLEET_GONOSUMDB: GO_SDK_MODULES,
  IDGOV_PLUGIN_VERSION: list.plugin.version,
  IDGOV_PLUGIN_SERVER: list.plugin.server,
  IDGOV_MAX_REQUESTS_PER_SECOND: budget,
});

/** GitLab's cache of what each runtime downloads, keyed by the stack's lock file, and where the tools keep it. */
const GITLAB_CACHES = {
  python: {
    file: "requirements.txt",
    paths: [".cache/pip"],
    variables: { PIP_CACHE_DIR: "$CI_PROJECT_DIR/.cache/pip" },
  },
  go: {
    file: "go.sum",
    paths: [".cache/go-mod"],
    variables: { GOMODCACHE: "$CI_PROJECT_DIR/.cache/go-mod" },
  },
  java: {
    file: "pom.xml",
    paths: [".cache/m2"],
    variables: { MAVEN_OPTS: "-Dmaven.repo.local=$CI_PROJECT_DIR/.cache/m2" },
  },
  nodejs: {
    file: "package-lock.json",
    paths: [".cache/npm"],
    variables: { npm_config_cache: "$CI_PROJECT_DIR/.cache/npm" },
  },
};

function run(command, args, options = {}) {
  console.error(`$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.error) fail(`${command}: ${result.error.message}`);
  return result.status ?? 1;
}

/** Installs the list's release of the plugin; answers the arguments that run a command of it. */
function installPlugin(list) {
  const install = [
    "plugin",
    "install",
    "resource",
    "idgov",
    list.plugin.version,
    "--server",
    list.plugin.server,
  ];
  const installed = run("pulumi", install);
  if (installed !== 0) process.exit(installed);
  return ["plugin", "run", "--kind", "resource", `idgov@${list.plugin.version}`, "--"];
}

const isNonEmptyFile = (file) => existsSync(file) && statSync(file).isFile() && statSync(file).size > 0;

const commands = {
  check() {
    const list = readList();
    console.error(`fleet: ${LIST}: ${list.stacks.length} stacks, each a Pulumi project of this repository`);
  },

  matrix() {
    const list = readList();
    const parallel = Math.min(list.maxParallel, list.stacks.length);
    const budget = share(list, parallel);
    const include = list.stacks.map((entry) => jobVariables(list, entry, budget));
    console.log(`matrix=${JSON.stringify({ include })}`);
    console.log(`parallel=${parallel}`);
    console.log(`pulumi=${list.pulumi}`);
  },

  gitlab() {
    const list = readList();
    // The pipeline's image pinned from the list: every runtime, and Node.js for the plugin.
    const image = `pulumi/pulumi:${list.pulumi}`;
    // A child pipeline starts every drift job at once: the budget is shared by all of them.
    const budget = share(list, list.stacks.length);
    const pipeline = { stages: ["drift", "audit", "report"] };
    for (const entry of list.stacks) {
      const variables = jobVariables(list, entry, budget);
      const cache = GITLAB_CACHES[variables.FLEET_RUNTIME];
      pipeline[`drift ${entry.stack}`] = {
        stage: "drift",
        image,
        id_tokens: { IDGOV_OIDC_TOKEN: { aud: "$IDGOV_OIDC_AUDIENCE" } },
        variables: { ...variables, ...cache?.variables },
        ...(cache && { cache: { key: { files: [`${entry.dir}/${cache.file}`] }, paths: cache.paths } }),
        script: ["sh ci/fleet.sh setup", "sh ci/fleet.sh drift"],
        // The check's JSON for the report, drift (exit 7) or not.
        artifacts: { when: "always", paths: [variables.FLEET_DRIFT_FILE] },
      };
    }
    pipeline.audit = {
      stage: "audit",
      image,
      when: "always" /* the tenant's one report, whatever the drift jobs found */,
      id_tokens: { IDGOV_OIDC_TOKEN: { aud: "$IDGOV_OIDC_AUDIENCE" } },
      script: [`node ci/fleet.mjs audit --format json > ${AUDIT_FILE}`],
      artifacts: { when: "always", paths: [AUDIT_FILE] },
    };
    // The fleet's page from what the jobs before it left (GitLab hands every earlier stage's artifacts on).
    pipeline.report = {
      stage: "report",
      image,
      when: "always",
      cache: { key: "idgov-fleet-report", paths: [`${HISTORY_DIR}/`] },
      script: ["node ci/fleet.mjs report", `cat ${REPORT_DIR}/summary.md`],
      artifacts: {
        when: "always",
        expose_as: "fleet drift report",
        paths: [`${REPORT_DIR}/`],
        reports: { junit: `${REPORT_DIR}/junit.xml` },
      },
    };
    // JSON is YAML: GitLab reads this file as it is.
    console.log(JSON.stringify(pipeline, null, 1));
  },

  audit(...args) {
    const list = readList();
    const plugin = installPlugin(list);
    const stacks = list.stacks.flatMap(({ stack }) => ["--stack", stack]);
    // The audit runs after the drift jobs: the whole budget is its own.
    const env = { IDGOV_MAX_REQUESTS_PER_SECOND: share(list, 1), ...process.env };
    process.exit(run("pulumi", [...plugin, "audit", ...stacks, ...args], { env }));
  },

  report() {
    const list = readList();
    const files = list.stacks.map(({ stack }) => driftFile(stack));
    for (const [index, file] of files.entries()) {
      if (existsSync(file)) continue;
      // A job that broke before its check (setup, a runner lost) left nothing: the report shows the stack broken.
      console.error(`fleet: no drift check of ${list.stacks[index].stack} (${file}): reported as broken`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, "");
    }
    const audit = isNonEmptyFile(AUDIT_FILE) ? ["--audit", AUDIT_FILE] : [];
    if (audit.length === 0)
      console.error(`fleet: no ${AUDIT_FILE} (the audit broke): the report has no audit`);
    const history = existsSync(path.join(HISTORY_DIR, "report.json")) ? ["--history", HISTORY_DIR] : [];
    const plugin = installPlugin(list);
    const drift = files.flatMap((file) => ["--drift", file]);
    const code = run("pulumi", [...plugin, "report", ...drift, ...audit, ...history, "--out", REPORT_DIR]);
    if (code !== 0) process.exit(code);
    // This run's counts, for the next run's trend (the pipeline keeps the folder in its cache).
    mkdirSync(HISTORY_DIR, { recursive: true });
    copyFileSync(path.join(REPORT_DIR, "report.json"), path.join(HISTORY_DIR, "report.json"));
  },
};

const [command, ...args] = process.argv.slice(2);
if (!Object.hasOwn(commands, command ?? "")) fail(`usage: fleet.mjs ${Object.keys(commands).join("|")} …`);
commands[command](...args);
