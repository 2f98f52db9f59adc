import { readdir, readFile, rm } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import type { ExampleStack } from "../../../testkit/example";
import type { PulumiStack } from "../../../testkit/pulumiStack";
import { clearRequests, setFaults } from "../../../testkit/emulatorApi";
import { emulatorLog, printFigures } from "../support/figures";
import { managedObjects, objectFigures } from "../support/objects";
import {
  descendantsOf,
  dynamicProviderHostOf,
  nativePluginsOf,
  type RunningPulumi,
  signal,
  startPulumi,
  waitUntil,
} from "./interrupt";
import { addScenario, openScenario, transcriptOf, workspaceOf } from "./support";

/**
 * 60 apps at `--parallel 8` against an emulator answering in 300 ms, as in issue 14: enough creates in flight at
 * once (8) to be cut, few enough that each scenario (cut run, rerun, destroy) takes well under a minute on 2 cores.
 * The scenarios mostly wait on that latency, so they run at once, each with its own stack and its own emulator (its
 * request log and faults are the scenario's alone).
 */
const APPS = 60;
const LATENCY_MS = 300;
const PARALLEL = ["--parallel", "8"];
/** Creates answered before the run is cut: the run is well under way, with creates still in flight. */
const CUT_AFTER_CREATES = 16;

let installed: ExampleStack;

beforeAll(async () => {
  const setupEmulator = await startEmulator({ quiet: true });
  try {
    installed = await openScenario(setupEmulator, "cut-setup", {
      config: { "reliability:scenario": "apps", "reliability:count": "0" },
    });
  } finally {
    await setupEmulator.close();
  }
});
afterAll(async () => {
  await installed?.remove();
});

/** An emulator of the test's own, answering in {@link LATENCY_MS}, closed when the test ends. */
async function ownEmulator({ onTestFinished }: TestContext): Promise<RunningEmulator> {
  const emulator = await startEmulator({ quiet: true, latencyMs: LATENCY_MS });
  onTestFinished(() => emulator.close());
  return emulator;
}

async function answeredCreates(emulator: RunningEmulator): Promise<number> {
  const log = await emulatorLog(emulator);
  return log.filter(
    (request) => request.method === "POST" && request.path === "/api/v1/apps" && request.status === 200,
  ).length;
}

/** Starts the stack's `up` and answers once it is well under way: {@link CUT_AFTER_CREATES} creates answered. */
async function upUnderWay(stack: PulumiStack, emulator: RunningEmulator): Promise<RunningPulumi> {
  await clearRequests(emulator);
  const run = startPulumi(stack, ["up", "--yes", "--skip-preview", ...PARALLEL]);
  await waitUntil(
    async () => (await answeredCreates(emulator)) >= CUT_AFTER_CREATES,
    180_000,
    "creates to be answered",
  );
  return run;
}

/** Pending operations Pulumi keeps in the stack's state (a hard cancel leaves its creates in flight there). */
async function pendingOperations(stack: PulumiStack): Promise<number> {
  const state = JSON.parse(await stack.exportState()) as { deployment?: { pending_operations?: unknown[] } };
  return state.deployment?.pending_operations?.length ?? 0;
}

/** The file backend's lock of a stack whose CLI was killed: a user removes it (`pulumi cancel` is for Pulumi Cloud). */
async function removeStaleLock(stack: PulumiStack): Promise<void> {
  const locks = path.join(
    stack.options.sandbox.stateDir,
    ".pulumi",
    "locks",
    "organization",
    "idgov-reliability",
  );
  await rm(path.join(locks, stack.name), { recursive: true, force: true });
}

/** A file of the backend that belongs to `stack` (its checkpoint, history or backups). */
function isStackFile(entry: string, stack: PulumiStack): boolean {
  return entry.split(path.sep).some((part) => part === stack.name || part.startsWith(`${stack.name}.`));
}

/**
 * The file backend writes a checkpoint to a temporary file and renames it into place, but first rewrites its
 * `.json.attrs` sidecar in place (gocloud.dev's fileblob `setAttrs`): a CLI killed between the two leaves the
 * sidecar empty, and every later command fails with `failed to load checkpoint: EOF`. A user deletes the sidecar
 * (the backend reads a missing one as default attributes), as docs/guides/runs-cut-short.md says. Answers how many it
 * had to delete.
 */
async function removeEmptiedSidecars(stack: PulumiStack): Promise<number> {
  const backendDir = path.join(stack.options.sandbox.stateDir, ".pulumi");
  let removed = 0;
  for (const entry of await readdir(backendDir, { recursive: true })) {
    if (!entry.endsWith(".attrs") || !isStackFile(entry, stack)) continue;
    const file = path.join(backendDir, entry);
    try {
      JSON.parse(await readFile(file, "utf8"));
    } catch {
      await rm(file);
      removed += 1;
    }
  }
  return removed;
}

const CUTS = [
  {
    cut: "a hard cancel (two SIGINTs 0.3 s apart)",
    stack: "hard-cancel",
    scenario: "apps",
    async interrupt(pid: number) {
      signal(pid, "SIGINT");
      await new Promise((resolve) => setTimeout(resolve, 300));
      signal(pid, "SIGINT");
    },
  },
  {
    cut: "kill -9 of the dynamic-provider host",
    stack: "kill-host",
    scenario: "apps",
    async interrupt(pid: number) {
      const host = dynamicProviderHostOf(pid);
      expect(host, "the dynamic-provider host of the run").toBeDefined();
      signal(host!, "SIGKILL");
    },
  },
  {
    cut: "kill -9 of the pulumi CLI",
    stack: "kill-cli",
    scenario: "apps",
    async interrupt(pid: number) {
      const started = descendantsOf(pid);
      signal(pid, "SIGKILL");
      // What the CLI started and left behind ends with it, as when a CI runner is lost.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (const child of started) signal(child, "SIGKILL");
    },
  },
  {
    cut: "kill -9 of the native provider plugin (apps through the native door)",
    stack: "kill-plugin",
    scenario: "nativeApps",
    async interrupt(pid: number) {
      const plugins = nativePluginsOf(pid);
      expect(plugins, "the native provider plugins of the run").not.toEqual([]);
      for (const plugin of plugins) signal(plugin, "SIGKILL");
    },
  },
] as const;

describe.concurrent("runs cut short, each scenario on its own stack and emulator", () => {
  describe.each(CUTS)(
    `${APPS} apps, --parallel 8, ${LATENCY_MS} ms latency: $cut`,
    ({ cut, stack: name, scenario, interrupt }) => {
      it("leaves, after a rerun, every app once; clearing the pending creates drops no object; destroy leaves none", async (context) => {
        const emulator = await ownEmulator(context);
        const stack = await addScenario(installed, emulator, name, {
          config: { "reliability:scenario": scenario, "reliability:count": String(APPS) },
        });
        const run = await upUnderWay(stack, emulator);
        await interrupt(run.pid);
        const cutRun = await run.done;
        await removeStaleLock(stack);
        const sidecarsRemoved = await removeEmptiedSidecars(stack);
        const afterCut = await managedObjects(emulator, workspaceOf(name));
        const pendingAfterCut = await pendingOperations(stack);

        const rerun = await stack.up(...PARALLEL);
        const afterRerun = await managedObjects(emulator, workspaceOf(name));
        const pendingAfterRerun = await pendingOperations(stack);
        // Pulumi keeps a pending create's record until told to drop it; the rerun adopted its object already.
        const cleared = await stack.runOnStack(["refresh", "--yes", "--clear-pending-creates", ...PARALLEL]);
        const pendingAfterClear = await pendingOperations(stack);
        const afterClear = await managedObjects(emulator, workspaceOf(name));
        const destroyed = await stack.destroy(...PARALLEL);
        const afterDestroy = await managedObjects(emulator, workspaceOf(name));
        printFigures(`${APPS} apps, --parallel 8, ${LATENCY_MS} ms latency, ${cut}, then a rerun`, {
          cutRunExit: cutRun.code,
          emptiedSidecarsRemoved: sidecarsRemoved,
          objectsAfterCut: afterCut.length,
          pendingOperationsAfterCut: pendingAfterCut,
          objectsAfterRerun: afterRerun.length,
          duplicatesAfterRerun: objectFigures(afterRerun).duplicatesFound,
          pendingOperationsAfterRerun: pendingAfterRerun,
          pendingOperationsAfterClearing: pendingAfterClear,
          objectsAfterDestroy: afterDestroy.length,
        });

        expect(cutRun.code).not.toBe(0);
        expect(rerun.code, transcriptOf(rerun)).toBe(0);
        expect(objectFigures(afterRerun)).toEqual({ objectsCreated: APPS, duplicatesFound: 0 });
        expect(pendingAfterRerun).toBeLessThanOrEqual(pendingAfterCut);
        expect(cleared.code, transcriptOf(cleared)).toBe(0);
        expect(pendingAfterClear).toBe(0);
        expect(afterClear).toEqual(afterRerun);
        expect(destroyed.code, transcriptOf(destroyed)).toBe(0);
        expect(afterDestroy).toEqual([]);
      });
    },
  );

  describe.each([
    { failure: "503s until the retry budget is spent", fault: "503", times: 1_000 },
    { failure: "a 400, then fixed", fault: "400", times: 1 },
  ])("a two-call App create whose update fails with $failure", ({ fault, times }) => {
    it("leaves one object, recorded in state, finished by the rerun and deleted by destroy", async (context) => {
      const emulator = await ownEmulator(context);
      const name = `two-step-${fault}`;
      const stack = await addScenario(installed, emulator, name, {
        config: { "reliability:scenario": "twoStep", "idgov:retryBudgetMs": "3000" },
      });
      await setFaults(emulator, {
        retryAfterSeconds: 0,
        script: [{ fault, method: "POST", pathPrefix: "/api/v1/apps/", times }],
      });
      const failed = await stack.up();
      await setFaults(emulator, {});
      const afterFailure = await managedObjects(emulator, workspaceOf(name));
      const rerun = await stack.up();
      const afterRerun = await managedObjects(emulator, workspaceOf(name));
      const destroyed = await stack.destroy();
      const afterDestroy = await managedObjects(emulator, workspaceOf(name));
      printFigures(`two-call App create failing with ${fault}, rerun, destroy`, {
        objectsAfterFailure: afterFailure.length,
        objectsAfterRerun: afterRerun.length,
        objectsAfterDestroy: afterDestroy.length,
      });

      expect(failed.code).not.toBe(0);
      expect(failed.stdout + failed.stderr).toContain("exists but was not finished");
      expect(afterFailure).toHaveLength(1);
      expect(rerun.code, transcriptOf(rerun)).toBe(0);
      expect(afterRerun.map((object) => object.id)).toEqual(afterFailure.map((object) => object.id));
      expect(destroyed.code, transcriptOf(destroyed)).toBe(0);
      expect(afterDestroy).toEqual([]);
    });
  });

  describe(`${APPS} apps while the service refuses every connection for 30 s mid-run`, () => {
    it("completes without a rerun, every app once", async (context) => {
      const emulator = await ownEmulator(context);
      const name = "outage";
      const stack = await addScenario(installed, emulator, name, {
        config: { "reliability:scenario": "apps", "reliability:count": String(APPS) },
      });
      const run = await upUnderWay(stack, emulator);
      const downAt = Date.now();
      await setFaults(emulator, { rates: { reset: 1 } });
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      await setFaults(emulator, {});
      const outageMs = Date.now() - downAt;
      const result = await run.done;
      const objects = await managedObjects(emulator, workspaceOf(name));
      const resets = (await emulatorLog(emulator)).filter((request) => request.fault === "reset").length;
      const destroyed = await stack.destroy(...PARALLEL);
      printFigures(
        `${APPS} apps, --parallel 8, ${LATENCY_MS} ms latency, every connection reset for ${outageMs} ms`,
        {
          runExit: result.code,
          connectionsReset: resets,
          ...objectFigures(objects),
        },
      );

      expect(result.code, transcriptOf(result)).toBe(0);
      expect(resets).toBeGreaterThan(0);
      expect(objectFigures(objects)).toEqual({ objectsCreated: APPS, duplicatesFound: 0 });
      expect(destroyed.code, transcriptOf(destroyed)).toBe(0);
    });
  });
});
