import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { isNewer, packageVersion, parseSemVer } from "../../provider/version";
import { clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { loggedCalls, writesOf } from "./harness/apiCalls";
import { transcriptOf } from "../../testkit/command";
import type { PulumiStack } from "../../testkit/pulumiStack";
import {
  DOORS,
  importRecording,
  installProgram,
  RECORDED_PORT,
  type Recording,
  recordedReleases,
  recordingOf,
} from "./upgrade/recording";

interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  outputs?: Record<string, unknown>;
}

const resourcesOf = (exported: string): ExportedResource[] =>
  (JSON.parse(exported) as { deployment: { resources: ExportedResource[] } }).deployment.resources;

/** The resources this package manages (not the stack, not the providers). */
const managed = (resources: ExportedResource[]) =>
  resources.filter((resource) => /(^idgov:index:|dynamic\/idgov:)/.test(resource.type));

/**
 * The release just after this build: the one a pre-release leads to (`0.2.0` for `0.2.0-dev.5+abc1234`), which
 * SemVer orders after it, or the next patch of a release.
 */
function nextRelease(): string {
  const { major, minor, patch, preRelease } = parseSemVer(packageVersion())!;
  return preRelease.length > 0 ? `${major}.${minor}.${patch}` : `${major}.${minor}.${patch + 1}`;
}

/** The recorded export as a newer release would write it: that release as its writer, and a key this one lacks. */
function newerFormat(exported: string): string {
  const state = JSON.parse(exported) as { deployment: { resources: ExportedResource[] } };
  for (const resource of managed(state.deployment.resources)) {
    const bookkeeping = JSON.parse(String(resource.outputs!.__idgov)) as Record<string, unknown>;
    resource.outputs!.__idgov = JSON.stringify({ ...bookkeeping, writtenBy: nextRelease(), laterKey: [1] });
  }
  return JSON.stringify(state);
}

/** The Check answers (canonical inputs) of an engine gRPC log, by URN. */
async function checkedInputs(log: string): Promise<Map<string, unknown>> {
  const entries = (await readFile(log, "utf8"))
    .split("\n")
    .filter((line) => line.includes('"/pulumirpc.ResourceProvider/Check"'))
    .map((line) => JSON.parse(line) as { request: { urn: string }; response?: { inputs?: unknown } })
    .filter((entry) => entry.response !== undefined);
  return new Map(entries.map((entry) => [entry.request.urn, entry.response!.inputs]));
}

const tarball = () => inject("packageTarball");
const binDir = () => inject("pulumiBinDir");

/**
 * Each release's recording (test/upgrade/v*), replayed with the code of this build: the recorded state imported, the
 * emulator started from the tenant the release left, and the recorded program run with the package packed from here.
 */
describe.each(recordedReleases().flatMap((release) => DOORS.map((door) => recordingOf(release, door))))(
  "a stack $release's $door door wrote, after the upgrade to this build",
  (recording: Recording) => {
    let root: string;
    let tenant: RunningEmulator;
    let seeded: RunningEmulator;
    let stack: PulumiStack;
    let resources: ExportedResource[];

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), `pulumi-idgov-upgrade-${recording.door}-`));
      const dataFile = path.join(root, "tenant.json");
      await copyFile(recording.tenant, dataFile);
      tenant = await startEmulator({ port: RECORDED_PORT, dataFile, quiet: true });
      seeded = await startEmulator({ quiet: true });
      stack = await installProgram(recording.program, tarball(), binDir(), root);
      resources = resourcesOf(await readFile(recording.stackExport, "utf8"));
    });
    afterAll(async () => {
      await tenant?.close();
      await seeded?.close();
      await rm(root, { recursive: true, force: true });
    });

    it("refuses a state a newer release wrote (for a pre-release, the release it leads to), naming both versions, before any request", async () => {
      const newer = path.join(root, "newer.json");
      await writeFile(newer, newerFormat(await readFile(recording.stackExport, "utf8")));
      await importRecording(stack, recording, newer);
      await clearRequests(tenant);
      for (const flags of [[], ["--refresh"]]) {
        const refused = await stack.preview(...flags);
        expect(refused.code, transcriptOf(refused)).not.toBe(0);
        expect(refused.stdout + refused.stderr).toContain(
          `written by pulumi-idgov ${nextRelease()}, and this is ${packageVersion()}, older`,
        );
        expect(refused.stdout + refused.stderr).toContain("docs/guides/upgrading.md");
        expect(refused.stdout + refused.stderr).toContain(
          `pulumi plugin install resource idgov ${nextRelease()} --server`,
        );
        // An error, not a crash: the message alone, no JavaScript stack trace from either door.
        expect(refused.stdout + refused.stderr).not.toMatch(/^\s+at /m);
      }
      expect(writesOf(await loggedCalls(tenant))).toEqual([]);
    });

    it("plans no change, with or without a refresh, and checks every input to what the release recorded", async () => {
      await importRecording(stack, recording);
      const log = path.join(root, "grpc.jsonl");
      stack.env.PULUMI_DEBUG_GRPC = log;
      const plan = await stack.preview("--expect-no-changes", "--diff");
      delete stack.env.PULUMI_DEBUG_GRPC;
      expect(plan.code, transcriptOf(plan)).toBe(0);
      const drift = await stack.driftCheck();
      expect(drift.code, transcriptOf(drift)).toBe(0);
      if (recording.door === "native") {
        const recorded = await checkedInputs(recording.grpcLog);
        const now = await checkedInputs(log);
        expect(recorded.size).toBe(managed(resources).length);
        for (const [urn, inputs] of recorded) expect(now.get(urn), urn).toEqual(inputs);
      }
    });

    it("sends nothing to the tenant on the first up --refresh, and records this build as the state's writer", async () => {
      expect(isNewer(packageVersion(), recording.release), "this build comes after the release").toBe(true);
      await clearRequests(tenant);
      const up = await stack.up("--refresh");
      expect(up.code, transcriptOf(up)).toBe(0);
      expect(writesOf(await loggedCalls(tenant))).toEqual([]);
      const after = managed(resourcesOf(await stack.exportState()));
      expect(after.map((resource) => resource.urn).sort()).toEqual(
        managed(resources)
          .map((resource) => resource.urn)
          .sort(),
      );
      for (const resource of after) {
        expect(JSON.parse(String(resource.outputs!.__idgov)), resource.urn).toMatchObject({
          writtenBy: packageVersion(),
        });
      }
    });

    it("names a hand edit in the tenant, and up puts it back", async () => {
      const portal = resources.find((resource) => resource.urn.endsWith("::portal"))!;
      await outOfBand(tenant, "POST", `/api/v1/apps/${portal.id}`, {
        app: { displayName: "Portal (edited by hand)" },
        updateMask: "displayName",
      });
      const drift = await stack.driftCheck();
      expect(drift.code, transcriptOf(drift)).toBe(7);
      expect(drift.stdout).toMatch(/portal.*\[diff: ~displayName\]/);
      expect((await stack.up("--refresh")).code).toBe(0);
      expect(
        ((await outOfBand(tenant, "GET", `/api/v1/apps/${portal.id}`)).app as { displayName: string })
          .displayName,
      ).toBe("Portal");
    });

    it("destroy leaves the tenant as it was before the release's run", async () => {
      const destroyed = await stack.destroy();
      expect(destroyed.code, transcriptOf(destroyed)).toBe(0);
      for (const settings of [
        "/api/v1/settings/session",
        "/api/v1/access_review/ar-2027-q1-draft/scope_and_entitlements",
      ]) {
        expect(await outOfBand(tenant, "GET", settings), settings).toEqual(
          await outOfBand(seeded, "GET", settings),
        );
      }
      await tenant.close();
      const left = await readFile(path.join(root, "tenant.json"), "utf8");
      const workspace = /"workspace":"([^"]+)"/.exec(String(managed(resources)[0]!.outputs!.__idgov))![1]!;
      expect(left).not.toContain(workspace);
      const made = managed(resources).filter((resource) =>
        /^[A-Za-z0-9]{20,}$/.test(resource.id!.split("/").pop()!),
      );
      expect(made.length).toBeGreaterThanOrEqual(5);
      expect(made.filter((resource) => left.includes(`"${resource.id!.split("/").pop()!}"`))).toEqual([]);
    });
  },
);
