#!/usr/bin/env node
// The drift fleet: every stack of one tenant, whatever its language, from the one list in stacks.json.
// Needs only Node.js (the plugin needs it too) and the Pulumi CLI. Copy this file and stacks.json into ci/.
//
//   node ci/fleet.mjs matrix            GitHub Actions: `matrix=` and `parallel=` lines for $GITHUB_OUTPUT
//   node ci/fleet.mjs gitlab            GitLab CI: the child pipeline with one drift job per stack, on stdout
//   node ci/fleet.mjs setup DIR         installs what DIR's runtime needs (YAML: the plugin only)
//   node ci/fleet.mjs drift DIR STACK   the drift check: exit 0 in sync, 7 drift, anything else a broken check
//   node ci/fleet.mjs audit [ARGS…]     one audit of the tenant against every stack of the list
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";

const LIST =
  process.env.IDGOV_FLEET_LIST ?? path.join(path.dirname(new URL(import.meta.url).pathname), "stacks.json");
const DRIFT_EXIT = 7;

/** @returns {{ tenantRequestsPerSecond: number, maxParallel: number, plugin: { version: string, server: string }, stacks: { dir: string, stack: string }[] }} */
function readList() {
  const list = JSON.parse(readFileSync(LIST, "utf8"));
  for (const [index, entry] of (list.stacks ?? []).entries())
    if (typeof entry?.dir !== "string" || typeof entry?.stack !== "string")
      fail(`${LIST}: stacks[${index}] needs a "dir" and a "stack"`);
  if (!list.stacks?.length) fail(`${LIST}: "stacks" lists no stack`);
  if (!(list.tenantRequestsPerSecond > 0))
    fail(`${LIST}: "tenantRequestsPerSecond" must be a positive number`);
  if (!(list.maxParallel > 0)) fail(`${LIST}: "maxParallel" must be a positive number`);
  if (typeof list.plugin?.version !== "string" || typeof list.plugin?.server !== "string")
    fail(`${LIST}: "plugin" needs the "version" and "server" the plugin is installed from`);
  return list;
}

/** The runtime named by DIR/Pulumi.yaml: `runtime: yaml` or `runtime:\n  name: python`. */
function runtimeOf(dir) {
  const project = readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
  const runtime = /^runtime:[ \t]*(\S+)?[ \t]*(?:#.*)?$/m.exec(project);
  const name = runtime?.[1] ?? /^runtime:\s*\n(?:[ \t]+.*\n)*?[ \t]+name:[ \t]*(\S+)/m.exec(project)?.[1];
  if (!name) fail(`${dir}/Pulumi.yaml names no runtime`);
  return name.replace(/^["']|["']$/g, "");
}

/** One shell word. */
const quote = (word) => (/^[\w./@:-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** Each job's share of the tenant's requests per second when `jobs` run at once. */
const share = (list, jobs) => String(Math.max(1, Math.floor(list.tenantRequestsPerSecond / jobs)));

function fail(message) {
  console.error(`fleet: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  console.error(`$ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.error) fail(`${command}: ${result.error.message}`);
  return result.status ?? 1;
}

const must = (command, args, options) => {
  const code = run(command, args, options);
  if (code !== 0) process.exit(code);
};

const installPlugin = ({ plugin }) =>
  must("pulumi", ["plugin", "install", "resource", "idgov", plugin.version, "--server", plugin.server]);

/** What each runtime installs before `pulumi preview` can run its program. */
const SETUP = {
  yaml: (dir, list) => installPlugin(list),
  python: (dir) => {
    const venv = path.resolve(dir, "venv");
    must("python3", ["-m", "venv", venv]);
    must(
      path.join(venv, "bin", "pip"),
      ["install", "--quiet", "--disable-pip-version-check", "-r", "requirements.txt"],
      { cwd: dir },
    );
  },
  go: (dir) => must("go", ["mod", "download"], { cwd: dir }),
  nodejs: (dir) => must("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir }),
};

const commands = {
  matrix() {
    const list = readList();
    const parallel = Math.min(list.maxParallel, list.stacks.length);
    const budget = share(list, parallel);
    const include = list.stacks.map(({ dir, stack }) => ({ dir, stack, runtime: runtimeOf(dir), budget }));
    console.log(`matrix=${JSON.stringify({ include })}`);
    console.log(`parallel=${parallel}`);
  },

  gitlab() {
    const list = readList();
    // A child pipeline starts every job at once: the budget is shared by all of them.
    const budget = share(list, list.stacks.length);
    const jobs = list.stacks.map(({ dir, stack }) => {
      const job = {
        image: "pulumi/pulumi:latest" /* every runtime and Node.js */,
        id_tokens: { IDGOV_OIDC_TOKEN: { aud: "$IDGOV_OIDC_AUDIENCE" } },
        variables: { IDGOV_MAX_REQUESTS_PER_SECOND: budget, FLEET_RUNTIME: runtimeOf(dir) },
        script: [
          `node ci/fleet.mjs setup ${quote(dir)}`,
          `node ci/fleet.mjs drift ${quote(dir)} ${quote(stack)}`,
        ],
      };
      return `${JSON.stringify(`drift ${stack}`)}: ${JSON.stringify(job)}`;
    });
    // JSON is YAML: GitLab reads this file as it is.
    console.log(jobs.join("\n"));
  },

  setup(dir) {
    if (!dir) fail("setup needs the stack's folder");
    const runtime = runtimeOf(dir);
    const setup = SETUP[runtime];
    if (!setup) fail(`${dir}: no setup for runtime "${runtime}" (${Object.keys(SETUP).join(", ")})`);
    setup(dir, readList());
  },

  drift(dir, stack) {
    if (!dir || !stack) fail("drift needs the stack's folder and name");
    const code = run(
      "pulumi",
      [
        "preview",
        "--refresh",
        "--expect-no-changes",
        "--diff",
        "--parallel",
        "10",
        "--non-interactive",
        "--stack",
        stack,
      ],
      { cwd: dir },
    );
    if (code === DRIFT_EXIT) console.error(`fleet: drift in ${stack}: the fields are named above`);
    else if (code !== 0) console.error(`fleet: the drift check of ${stack} broke (exit ${code}): see above`);
    process.exit(code);
  },

  audit(...args) {
    const list = readList();
    installPlugin(list);
    const stacks = list.stacks.flatMap(({ stack }) => ["--stack", stack]);
    // The audit runs after the drift jobs: the whole budget is its own.
    const env = { IDGOV_MAX_REQUESTS_PER_SECOND: share(list, 1), ...process.env };
    process.exit(
      run(
        "pulumi",
        [
          "plugin",
          "run",
          "--kind",
          "resource",
          `idgov@${list.plugin.version}`,
          "--",
          "audit",
          ...stacks,
          ...args,
        ],
        { env },
      ),
    );
  },
};

const [command, ...args] = process.argv.slice(2);
if (!Object.hasOwn(commands, command ?? "")) fail(`usage: fleet.mjs ${Object.keys(commands).join("|")} …`);
commands[command](...args);
