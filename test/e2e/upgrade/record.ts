/**
 * `npm run record:upgrade -- v<version>`: runs each door's program once with a release, built from the commit
 * releases.json records for it (never from the working tree, and no git tag needed), and writes the recording under test/upgrade/v<version>/: the program, the stack's
 * export and config, the emulator's tenant after the run and, for the native door, the plugin's gRPC calls. Run it
 * once per release, after `npm run release -- --tag`, and commit what it writes.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { readReleases } from "../../../scripts/release/buildVersion";
import { packNpmPackage } from "../../../scripts/release/npmPackage";
import { expectSuccess } from "../../../testkit/command";
import { getPulumiCli, REPO_ROOT } from "../../../testkit/pulumiCli";
import {
  configureNewStack,
  copyProgram,
  type Door,
  DOORS,
  installProgram,
  programOf,
  RECORDED_PORT,
  recordingOf,
} from "./recording";

type StartEmulator = (options: Record<string, unknown>) => Promise<{ close(): Promise<void> }>;

const run = (cwd: string, file: string, args: string[]) =>
  execFileSync(file, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });

/** A checkout of `commit` in `dir`, installed and built as the release was. */
function buildRelease(commit: string, dir: string): void {
  run(REPO_ROOT, "git", ["worktree", "add", "--detach", dir, commit]);
  run(dir, "npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]);
  run(dir, "npm", ["run", "build"]);
}

/** The plugin's calls of an engine gRPC log (one JSON object per line), as answered, the schema's text left out. */
function pluginCalls(log: string): string {
  return log
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map(
      (line) => JSON.parse(line) as { method: string; progress?: string; response?: Record<string, unknown> },
    )
    .filter((entry) => entry.method.startsWith("/pulumirpc.ResourceProvider/"))
    .filter((entry) => entry.progress !== "request_started")
    .map((entry) =>
      entry.method.endsWith("/GetSchema")
        ? { ...entry, response: { schema: "(test/upgrade/…/schema.json)" } }
        : entry,
    )
    .map((entry) => `${JSON.stringify(entry)}\n`)
    .join("");
}

async function recordDoor(
  door: Door,
  release: string,
  built: { dir: string; tarball: string },
  binDir: string,
  work: string,
): Promise<void> {
  const recording = recordingOf(release, door);
  const root = path.join(work, door);
  const dataFile = path.join(root, "tenant.json");
  await mkdir(root, { recursive: true });
  const { startEmulator } = (await import(path.join(built.dir, "dist", "emulator", "index.js"))) as {
    startEmulator: StartEmulator;
  };
  const tenant = await startEmulator({ port: RECORDED_PORT, dataFile, quiet: true });
  try {
    const stack = await installProgram(programOf(door), built.tarball, binDir, root);
    await configureNewStack(stack, door);
    const grpcLog = path.join(root, "grpc.jsonl");
    if (door === "native") stack.env.PULUMI_DEBUG_GRPC = grpcLog;
    expectSuccess(await stack.up());
    delete stack.env.PULUMI_DEBUG_GRPC;
    await mkdir(recording.dir, { recursive: true });
    await writeFile(recording.stackExport, await stack.exportState());
    await copyFile(path.join(stack.options.projectDir, `Pulumi.${stack.name}.yaml`), recording.stackConfig);
    await copyProgram(programOf(door), recording.program);
    if (door === "native") await writeFile(recording.grpcLog, pluginCalls(await readFile(grpcLog, "utf8")));
  } finally {
    await tenant.close();
  }
  await copyFile(dataFile, recording.tenant);
}

async function main(): Promise<void> {
  const release = process.argv[2];
  if (!release || !/^v\d+\.\d+\.\d+/.test(release)) {
    throw new Error("usage: npm run record:upgrade -- v<version> (a release releases.json records)");
  }
  const recorded = readReleases(REPO_ROOT).find((entry) => `v${entry.version}` === release);
  if (!recorded) throw new Error(`releases.json records no release ${release.slice(1)}: cut it first`);
  if (DOORS.some((door) => existsSync(recordingOf(release, door).stackExport))) {
    throw new Error(`test/upgrade/${release} holds a recording already: recordings are kept as written`);
  }
  const work = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-record-"));
  const source = path.join(work, "source");
  try {
    buildRelease(recorded.commit, source);
    const tarball = await packNpmPackage(source, work);
    const binDir = await getPulumiCli({ onProgress: (chunk) => process.stderr.write(chunk) });
    for (const door of DOORS) await recordDoor(door, release, { dir: source, tarball }, binDir, work);
    console.log(`recorded ${release} under test/upgrade/${release}/ (${DOORS.join(", ")})`);
  } finally {
    run(REPO_ROOT, "git", ["worktree", "remove", "--force", source]);
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
