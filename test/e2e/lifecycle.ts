import { readFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ownershipAnnotations } from "../../provider/engine/ownership";
import { packageVersion } from "../../provider/version";
import { typeToken } from "../../resources/dynamic/ownership";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { ApiSession, DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { clearRequests, outOfBand, resetEmulator, setFaults } from "../../testkit/emulatorApi";
import type { ApiCall, ExampleContext, ExampleSpec, OutOfBandChange } from "./exampleSpec";
import { inCallOrder, loggedCalls, withoutLookups, writesOf } from "./harness/apiCalls";
import { type CommandResult, expectSuccess, runCommand, transcriptOf } from "../../testkit/command";
import {
  editProgram,
  exampleSource,
  type ExampleStack,
  newestRuntime,
  openExampleStack,
  type ProgramRuntime,
} from "../../testkit/example";
import {
  exportedResources,
  isStoredAsSecret,
  leakedSecrets,
  providerSizes,
  secretPlaintexts,
} from "../../testkit/stateSecrets";
import { leakedOutsidePulumiTrace } from "./harness/verboseLog";

/** Exit code of `pulumi preview --expect-no-changes` when the preview proposes changes. */
export const EXIT_CHANGES_FOUND = 7;

/** The command and everything it printed, for assertion messages. */

function projectName(example: string): string {
  const file = path.join(exampleSource(example), "Pulumi.yaml");
  const name = /^name:\s*(\S+)/m.exec(readFileSync(file, "utf8"))?.[1];
  if (!name) throw new Error(`${file} has no name`);
  return name;
}

/** A line of `pulumi up`/`preview` output naming the resource, the step and the fields it changes. */
function stepLine(kind: string, resource: string, step: string, field: string): RegExp {
  return new RegExp(`~\\s+${typeToken(kind)} ${resource} ${step}\\b.*\\[diff: ~${field}\\]`);
}

/** How {@link describeExample} runs the example's program. */
export interface ExampleRun {
  /**
   * On the newest Node.js and `@pulumi/pulumi` the package supports (scripts/matrix.sh), type-checked by ts-node as a
   * user's default is whenever the program is new or edited (runs of unchanged code in between check nothing new).
   * @default false: the checkout's Node.js and SDK, not type-checked
   */
  newest?: boolean;
}

/**
 * Registers the end-to-end checks of issue 7 for one example: the real Pulumi CLI runs the installed example
 * against a fresh emulator, and each check looks at what a user sees (exit codes, output) and at the emulator's
 * request log. The checks build on each other and run in order.
 */
export function describeExample(spec: ExampleSpec, run: ExampleRun = {}): void {
  const on = run.newest ? " on the newest Node.js and SDK, type-checked whenever the program changes" : "";
  describe(`examples/${spec.example} under the Pulumi CLI${on}`, () => {
    let emulator: RunningEmulator;
    let opened: ExampleStack;
    let runtime: ProgramRuntime | undefined;
    let context: ExampleContext;
    const secrets: string[] = [DEFAULT_CREDENTIALS.clientSecret, ...Object.values(spec.secretConfig ?? {})];
    const stack = () => opened.stack;
    const lookups = spec.lookups ?? [];
    /** `pulumi up` as the README types it runs the program twice (preview, then update): its lookups run twice. */
    const upLookups = [...lookups, ...lookups];
    const writes = async () => writesOf(await loggedCalls(emulator), lookups);
    const change = (call: ApiCall) =>
      outOfBand(emulator, call.method, call.path, call.body as Record<string, unknown>);

    beforeAll(async () => {
      if (run.newest) runtime = await newestRuntime();
      emulator = await startEmulator({ quiet: true });
      opened = await openExampleStack({
        example: spec.example,
        tarball: inject("packageTarball"),
        binDir: inject("pulumiBinDir"),
        baseUrl: emulator.url,
        ...(spec.config ? { config: spec.config } : {}),
        ...(spec.secretConfig ? { secretConfig: spec.secretConfig } : {}),
        ...(runtime ? { runtime, typeCheck: true } : {}),
      });
      await clearRequests(emulator);
    });
    afterAll(async () => {
      await opened?.remove();
      await emulator?.close();
    });

    /** ts-node type-checks the program's next run, on the newest runtime only (its first run is checked too). */
    function typeCheckNextRun(check: boolean): void {
      if (runtime) stack().env.PULUMI_NODEJS_TRANSPILE_ONLY = check ? "false" : "true";
    }

    async function editAndTypeCheck(edits: Parameters<typeof editProgram>[1]): Promise<void> {
      await editProgram(opened.programDir, edits);
      typeCheckNextRun(true);
    }

    async function expectRun(run: Promise<CommandResult>, code: number): Promise<CommandResult> {
      const result = await run;
      typeCheckNextRun(false);
      expect(result.code, transcriptOf(result)).toBe(code);
      return result;
    }

    /** Drift check fails naming the field, `up --refresh` sends exactly the restoring write, next check is clean. */
    async function expectDriftCaughtAndRestored(drift: OutOfBandChange): Promise<void> {
      const found = await expectRun(stack().driftCheck(), EXIT_CHANGES_FOUND);
      expect(found.stdout).toMatch(stepLine(drift.kind, drift.resource, "update", drift.field));
      expect(found.stderr + found.stdout).toContain(
        "error: no changes were expected for preview but changes were proposed",
      );
      expect(await writes()).toEqual([]);
      const restored = await expectRun(stack().up("--refresh"), 0);
      expect(restored.stdout).toMatch(stepLine(drift.kind, drift.resource, "updated", drift.field));
      expect(await writes()).toEqual([drift.restore(context)]);
      await clearRequests(emulator);
      await expectCleanDriftCheck();
    }

    /** The drift check passes, and its output names no field: a clean run shows no false drift either. */
    async function expectCleanDriftCheck(): Promise<void> {
      const clean = await expectRun(stack().driftCheck(), 0);
      expect(clean.stdout).not.toContain("[diff:");
      expect(await writes()).toEqual([]);
    }

    if (run.newest) {
      it("the CLI starts the program on the newest Node.js, with the newest @pulumi/pulumi installed", async () => {
        const { projectDir } = stack().options;
        const versionOf = async (node: string) =>
          expectSuccess(
            await runCommand(node, ["--version"], { cwd: projectDir, env: stack().env }),
          ).stdout.trim();
        const newest = await versionOf(path.join(runtime!.nodeBinDir, "node"));
        expect(await versionOf("node")).toBe(newest);
        const sdk = path.join(projectDir, "node_modules", "@pulumi", "pulumi", "package.json");
        expect(JSON.parse(readFileSync(sdk, "utf8"))).toMatchObject({ version: runtime!.pulumiSdk });
      });
    }

    it("pulumi up creates (or adopts) every resource with exactly the expected calls; the drift check then passes", async () => {
      const result = await expectRun(stack().upWithPreview(), 0);
      expect(result.stdout).toContain(`+ ${spec.resourceCount} created`);
      const project = projectName(spec.example);
      context = {
        outputs: await stack().outputs(),
        stamps: (kind, name) =>
          ownershipAnnotations(
            {
              workspace: `organization/${project}/${stack().name}`,
              resourceAddress: `urn:pulumi:${stack().name}::${project}::${typeToken(kind)}::${name}`,
            },
            packageVersion(),
          ),
      };
      const calls = await loggedCalls(emulator);
      expect(calls.filter((call) => call.status !== 200)).toEqual([]);
      expect(inCallOrder(calls)).toEqual(inCallOrder([...upLookups, ...spec.upCalls(context)]));
      await clearRequests(emulator);
      await expectCleanDriftCheck();
      await clearRequests(emulator);
    });

    it("a second pulumi up changes nothing and sends no request besides the program's lookups", async () => {
      const result = await expectRun(stack().up(), 0);
      expect(result.stdout).toContain(`${spec.resourceCount} unchanged`);
      expect(inCallOrder(await loggedCalls(emulator))).toEqual(inCallOrder(lookups));
      await clearRequests(emulator);
    });

    if (spec.oneFieldChange) {
      const { edit, kind, resource, field, call } = spec.oneFieldChange;
      it(`a one-field program change is one update whose mask names ${field}; the drift check right after, while the search index trails the write, passes`, async () => {
        // The index sees every object as it is now, then trails each write by a minute.
        await setFaults(emulator, { searchLagMs: 1 });
        await expectRun(stack().driftCheck(), 0);
        await setFaults(emulator, { searchLagMs: 60_000 });
        await clearRequests(emulator);
        await editAndTypeCheck(edit);
        const result = await expectRun(stack().up(), 0);
        expect(result.stdout).toMatch(stepLine(kind, resource, "updated", field));
        expect(result.stdout).toContain("~ 1 updated");
        const calls = withoutLookups(await loggedCalls(emulator), lookups);
        const update = call(context);
        expect(writesOf(calls)).toEqual([update]);
        // Besides the update, at most the owner check: one read of the same object (README "Ownership").
        expect(calls.filter((sent) => sent.method === "GET").every((sent) => sent.path === update.path)).toBe(
          true,
        );
        await clearRequests(emulator);
        // A new provider process reads the changed object stale from the index: a GET confirms it, no false drift.
        await expectCleanDriftCheck();
        if (kind === "App") {
          const read = (await loggedCalls(emulator)).map((sent) => `${sent.method} ${sent.path}`);
          expect(read).toEqual(expect.arrayContaining(["POST /api/v1/search/apps", `GET ${update.path}`]));
        }
        await setFaults(emulator, {});
        await clearRequests(emulator);
      });
    }

    if (spec.drift) {
      const drift = spec.drift;
      it(`an out-of-band change fails the drift check naming ${drift.field}; up --refresh restores it`, async () => {
        await change(drift.change(context));
        await expectDriftCaughtAndRestored(drift);
      });
    }

    if (spec.breaker) {
      const breaker = spec.breaker;
      it("a circuit-breaker trip shows as drift on enabled; up --refresh enables the automation again", async () => {
        const api = new ApiSession(emulator.url);
        const execute = breaker.change(context);
        for (let run = 0; run < breaker.executions; run += 1) {
          expect((await api.call(execute.method, execute.path, execute.body)).status).toBe(200);
        }
        const tripped = await api.call("GET", `/api/v1/automations/${breaker.automationId(context)}`);
        expect(tripped.body.automation.enabled).toBe(false);
        await clearRequests(emulator);
        await expectDriftCaughtAndRestored(breaker);
      });
    }

    it("pulumi stack export holds no secret in plain text, and every __provider is under 2 KB", async () => {
      const plain = await stack().exportState();
      secrets.push(...secretPlaintexts(await stack().exportState({ showSecrets: true })));
      const resources = exportedResources(plain);
      for (const [name, outputs] of Object.entries(spec.secretOutputs)) {
        const resource = resources.find((candidate) => candidate.urn.endsWith(`::${name}`));
        for (const output of outputs)
          expect(resource && isStoredAsSecret(resource, output), output).toBe(true);
      }
      expect(leakedSecrets(plain, secrets)).toEqual([]);
      const sizes = providerSizes(plain);
      expect(sizes.length).toBeGreaterThan(0);
      expect(sizes.filter(({ bytes }) => bytes >= 2048)).toEqual([]);
      const shown = stack().transcript.filter((run) => !run.command.includes("--show-secrets"));
      expect(shown.flatMap((run) => leakedSecrets(run.stdout + run.stderr, secrets))).toEqual([]);
    });

    it("a verbose pulumi up (-v=9 --logtostderr --logflow) writes no secret outside Pulumi's own RPC trace", async () => {
      if (spec.drift) await change(spec.drift.change(context));
      const result = await expectRun(stack().up("--refresh", "-v=9", "--logtostderr", "--logflow"), 0);
      const log = result.stdout + result.stderr;
      expect(log).toContain('"v":9');
      expect(leakedOutsidePulumiTrace(log, secrets)).toEqual([]);
      if (spec.drift) expect(await writes()).toEqual([spec.drift.restore(context)]);
      await clearRequests(emulator);
    });

    it("pulumi destroy deletes what the stack manages", async () => {
      const result = await expectRun(stack().destroy(), 0);
      expect(result.stdout).toContain(`- ${spec.resourceCount} deleted`);
      expect(inCallOrder(await writes())).toEqual(inCallOrder(spec.destroyCalls(context)));
      const api = new ApiSession(emulator.url);
      for (const gone of spec.goneAfterDestroy(context))
        expect((await api.call("GET", gone)).status, gone).toBe(404);
      await spec.afterDestroy?.(api, context);
      await clearRequests(emulator);
    });

    if (spec.takeover) {
      const takeover = spec.takeover;
      it("refuses to adopt an object another workspace manages, writing nothing to it, until the program allows it", async () => {
        await resetEmulator(emulator);
        await change(takeover.claim);
        const refused = await expectRun(stack().up(), 1);
        expect(refused.stdout + refused.stderr).toContain(takeover.refusal);
        const sent = await writes();
        expect(sent.filter((call) => call.path === takeover.objectPath)).toEqual([]);
        for (const call of takeover.notSent) expect(sent).not.toContainEqual(expect.objectContaining(call));
        await clearRequests(emulator);
        await editAndTypeCheck(takeover.allow);
        await expectRun(stack().up(), 0);
        const taken = (await writes()).filter((call) => call.path === takeover.objectPath);
        expect(taken).toEqual([takeover.takeOver(context)]);
      });
    }
  });
}
