import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import type { ExampleStack } from "../../../testkit/example";
import { clearRequests, setFaults } from "../../../testkit/emulatorApi";
import { emulatorLog, faultFigures, printFigures } from "../support/figures";
import { managedObjects, objectFigures } from "../support/objects";
import { openScenario, transcriptOf, workspaceOf } from "./support";

/**
 * The request rate the emulator enforces with 429s. Its bucket holds one second's worth, fewer than the 16 requests
 * Pulumi sends at once, so every run meets 429s, however fast the machine.
 */
const REQUESTS_PER_SECOND = 10;
const RESOURCES = 200;

let emulator: RunningEmulator;
let opened: ExampleStack;

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  opened = await openScenario(emulator, "load", { config: { "reliability:count": String(RESOURCES) } });
  await setFaults(emulator, { rateLimitPerSecond: REQUESTS_PER_SECOND });
  await clearRequests(emulator);
});
afterAll(async () => {
  await opened?.remove();
  await emulator?.close();
});

/** Runs a CLI step against the rate-limited emulator and prints its figures. */
async function underTheLimit(step: string, run: () => ReturnType<ExampleStack["stack"]["up"]>) {
  await clearRequests(emulator);
  const result = await run();
  const log = await emulatorLog(emulator);
  const objects = await managedObjects(emulator, workspaceOf("load"));
  printFigures(`${RESOURCES} resources, ${step}, --parallel 16, ${REQUESTS_PER_SECOND} requests a second`, {
    ...faultFigures(log),
    ...objectFigures(objects),
  });
  return { result, log, objects, figures: faultFigures(log) };
}

describe(`${RESOURCES} resources under pulumi --parallel 16 against a rate-limited service`, () => {
  it("pulumi up creates every one, waits out every 429, and shows the user no error", async () => {
    const { result, objects, figures } = await underTheLimit("pulumi up", () =>
      opened.stack.up("--parallel", "16"),
    );
    expect(result.code, transcriptOf(result)).toBe(0);
    expect(result.stdout).toContain(`+ ${RESOURCES + 1} created`);
    expect(result.stdout + result.stderr).not.toMatch(/error|RESOURCE_EXHAUSTED|429/i);
    expect(figures.faultsInjected.rateLimit ?? 0).toBeGreaterThan(0);
    expect(objectFigures(objects)).toEqual({ objectsCreated: RESOURCES, duplicatesFound: 0 });
  });

  it("the drift check reads every one through the limit and finds no drift", async () => {
    const { result } = await underTheLimit("pulumi preview --refresh --expect-no-changes", () =>
      opened.stack.preview("--refresh", "--expect-no-changes", "--parallel", "16"),
    );
    expect(result.code, transcriptOf(result)).toBe(0);
  });

  it("pulumi destroy deletes every one through the limit", async () => {
    const { result, objects } = await underTheLimit("pulumi destroy", () =>
      opened.stack.destroy("--parallel", "16"),
    );
    expect(result.code, transcriptOf(result)).toBe(0);
    expect(result.stdout).toContain(`- ${RESOURCES + 1} deleted`);
    expect(objects).toEqual([]);
  });
});
