import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { apiRequests, clearRequests, outOfBand, stackConfig } from "../../testkit/emulatorApi";
import { EngineSimulator } from "../../testkit/engineSimulator";
import { DOORS } from "./support/doors";

const APPS = 12;

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
});
afterAll(() => emulator?.close());

describe.each(DOORS)("reads through the $name door", (door) => {
  it("a refresh of many Apps made by another run is one search by their ids; drift still shows, confirmed by one GET", async () => {
    const writer = await door.open(stackConfig(emulator));
    const made = new EngineSimulator(writer.provider);
    const names = Array.from({ length: APPS }, (_, index) => `coalesced-${door.name}-${index}`);
    for (const name of names) {
      const result = await made.up("App", name, { displayName: name, description: "as written" });
      expect(result.action).toBe("create");
    }
    await writer.stop();
    const [drifted] = [...made.state.values()];
    await outOfBand(emulator, "POST", `/api/v1/apps/${drifted!.id}`, {
      app: { description: "changed behind Pulumi's back" },
      updateMask: "description",
    });

    const reader = await door.open(stackConfig(emulator));
    try {
      const engine = new EngineSimulator(reader.provider);
      for (const [urn, state] of made.state) engine.state.set(urn, state);
      await clearRequests(emulator);
      const read = await Promise.all(names.map((name) => engine.refresh("App", name)));
      expect(read.every((state) => state !== undefined)).toBe(true);
      expect(read[0]?.outputs.description).toBe("changed behind Pulumi's back");
      const sent = (await apiRequests(emulator)).map((entry) => `${entry.method} ${entry.path}`);
      // The one App the search answers differently from the state is confirmed by a GET before it is reported.
      expect(sent.filter((line) => line.includes("/api/")).sort()).toEqual(
        [`GET /api/v1/apps/${drifted!.id}`, "POST /api/v1/search/apps"].sort(),
      );
    } finally {
      await reader.stop();
    }
  });
});
