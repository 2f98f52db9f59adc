import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import type { ExampleStack } from "../../../testkit/example";
import { clearRequests } from "../../../testkit/emulatorApi";
import { emulatorLog, printFigures } from "../support/figures";
import { managedObjects, objectFigures } from "../support/objects";
import { withFaults } from "../support/steps";
import { addScenario, openScenario, transcriptOf, workspaceOf } from "./support";

let emulator: RunningEmulator;
let installed: ExampleStack;

/** One app, with a request timeout of 2 s: the emulator commits its create 8 s after the request. */
const ONE_APP = { "reliability:count": "1", "idgov:requestTimeoutMs": "2000" };
const LATE_CREATE = { script: [{ method: "POST", pathPrefix: "/api/v1/apps", latencyMs: 8000 }] };

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  installed = await openScenario(emulator, "late-setup", {
    config: { "reliability:scenario": "apps", "reliability:count": "0" },
  });
});
afterAll(async () => {
  await installed?.remove();
  await emulator?.close();
});

describe.each([
  { door: "dynamic", scenario: "apps", stack: "late-dynamic" },
  { door: "native", scenario: "nativeApps", stack: "late-native" },
])("pulumi up through the $door door, a create the service commits 8 s after a 2 s timeout", (door) => {
  it("sends the create once, adopts what it made, and leaves one app", async () => {
    const stack = await addScenario(installed, emulator, door.stack, {
      config: { "reliability:scenario": door.scenario, ...ONE_APP },
    });
    await clearRequests(emulator);
    const up = await withFaults(emulator, LATE_CREATE, () => stack.up());
    const creates = (await emulatorLog(emulator)).filter(
      (request) => request.method === "POST" && request.path === "/api/v1/apps",
    );
    const objects = await managedObjects(emulator, workspaceOf(door.stack));
    printFigures(`pulumi up, a create committed 8 s after a 2 s timeout (${door.door} door)`, {
      exit: up.code,
      createsSent: creates.length,
      ...objectFigures(objects),
    });

    expect(up.code, transcriptOf(up)).toBe(0);
    expect(creates).toHaveLength(1);
    expect(objectFigures(objects)).toEqual({ objectsCreated: 1, duplicatesFound: 0 });
    expect((await stack.destroy()).code).toBe(0);
  });
});
