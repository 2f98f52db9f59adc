import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import {
  apiRequests,
  clearRequests,
  growTenant,
  outOfBand,
  resetEmulator,
  stackConfig,
} from "../../testkit/emulatorApi";
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

describe.each(DOORS)("the sweep through the $name door", (door) => {
  it("costs what the stack costs: a refresh of 30 Apps in a tenant of 5,000, two at a time, reads one page of it", async () => {
    await resetEmulator(emulator);
    await growTenant(emulator, 5_000);
    const writer = await door.open(stackConfig(emulator));
    const made = new EngineSimulator(writer.provider);
    const names = Array.from({ length: 30 }, (_, index) => `small-stack-${door.name}-${index}`);
    try {
      for (const name of names)
        expect((await made.up("App", name, { displayName: name })).action).toBe("create");
    } finally {
      await writer.stop();
    }
    // A later run (a new provider process, as a scheduled drift check is) refreshes the 30.
    const open = await door.open(stackConfig(emulator));
    try {
      const engine = new EngineSimulator(open.provider);
      for (const [urn, state] of made.state) engine.state.set(urn, state);
      await clearRequests(emulator);
      // Two workers, each reading one App after another, twice over: fifteen waves of two a round.
      for (let round = 0; round < 2; round += 1) {
        let next = 0;
        const worker = async () => {
          while (next < names.length) expect(await engine.refresh("App", names[next++]!)).toBeDefined();
        };
        await Promise.all([worker(), worker()]);
      }
      const sent = await apiRequests(emulator);
      const sweepPages = sent.filter(
        (entry) => entry.method === "POST" && !("appIds" in (entry.body as object)),
      );
      // Ten waves searched by id start the sweep; its pages are bounded by the 30 Apps asked for: 60 objects.
      expect(sweepPages.length).toBe(1);
      expect(sent.length).toBeLessThanOrEqual(2 * 15 + 1);
    } finally {
      await open.stop();
      await resetEmulator(emulator);
    }
  }, 60_000);
});
