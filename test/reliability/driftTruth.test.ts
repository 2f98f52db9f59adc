import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import {
  apiRequests,
  clearRequests,
  outOfBand,
  resetEmulator,
  setFaults,
  stackConfig,
} from "../../testkit/emulatorApi";
import { EngineSimulator } from "../../testkit/engineSimulator";
import { DOORS, type Door } from "./support/doors";

const APPS = 6;
/** How far the index trails writes while the Apps are made, and once they are indexed: the rest of the test. */
const INDEXING_LAG_MS = 200;
const LAG_MS = 60_000;

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
});
afterAll(() => emulator?.close());
beforeEach(() => resetEmulator(emulator));

/**
 * Searches the Apps `ids` out of band until the index answers every one of them and `indexed` holds of its answer:
 * the lag is over and the index holds them as they are.
 */
async function untilIndexed(
  ids: readonly string[],
  indexed: (app: { id: string; description?: string }) => boolean = () => true,
): Promise<void> {
  await vi.waitFor(
    async () => {
      const { list } = (await outOfBand(emulator, "POST", "/api/v1/search/apps", { appIds: ids })) as {
        list: { id: string; description?: string }[];
      };
      expect(list.map((app) => app.id).sort()).toEqual([...ids].sort());
      expect(list.filter((app) => !indexed(app))).toEqual([]);
    },
    { timeout: 10_000, interval: 25 },
  );
}

/** Apps made by one run of `door`, indexed by a search once the lag is over; the run's engine holds their state. */
async function indexedApps(
  door: Door,
  prefix: string,
): Promise<{ engine: EngineSimulator; names: string[] }> {
  await setFaults(emulator, { searchLagMs: INDEXING_LAG_MS });
  const writer = await door.open(stackConfig(emulator));
  const engine = new EngineSimulator(writer.provider);
  const names = Array.from({ length: APPS }, (_, index) => `${prefix}-${door.name}-${index}`);
  try {
    for (const name of names) await engine.up("App", name, { displayName: name, description: "v1" });
  } finally {
    await writer.stop();
  }
  // Once a search answers every App, the index holds them as they are; from here on, a write stays out of it.
  await untilIndexed([...engine.state.values()].map((s) => s.id));
  await setFaults(emulator, { searchLagMs: LAG_MS });
  return { engine, names };
}

/** A second run (a new provider process, as a scheduled drift check is) refreshing the state `from` holds. */
async function refreshAll(
  door: Door,
  from: EngineSimulator,
  names: string[],
  config: Record<string, string> = {},
) {
  const reader = await door.open({ ...stackConfig(emulator), ...config });
  const engine = new EngineSimulator(reader.provider);
  for (const [urn, state] of from.state) engine.state.set(urn, { ...state });
  try {
    await clearRequests(emulator);
    const read = await Promise.all(names.map((name) => engine.refresh("App", name)));
    const sent = (await apiRequests(emulator)).map((entry) => `${entry.method} ${entry.path}`);
    return { read, sent, engine };
  } finally {
    await reader.stop();
  }
}

describe.each(DOORS)(
  "the drift check through the $name door, while the search index trails writes",
  (door) => {
    it("reports no drift after an up changed an object, and keeps the new value: the stale search is confirmed by a GET", async () => {
      const { engine, names } = await indexedApps(door, "after-up");
      const writer = await door.open(stackConfig(emulator));
      try {
        const changing = new EngineSimulator(writer.provider);
        for (const [urn, state] of engine.state) changing.state.set(urn, state);
        const result = await changing.up("App", names[0]!, { displayName: names[0], description: "v2" });
        expect(result.action).toBe("update");
        for (const [urn, state] of changing.state) engine.state.set(urn, state);
      } finally {
        await writer.stop();
      }

      const { read, sent } = await refreshAll(door, engine, names);
      expect(read.map((state) => state?.outputs.description)).toEqual(["v2", ...Array(APPS - 1).fill("v1")]);
      // No input differences: the drift check exits 0.
      expect(read.every((state) => state?.inputs.description === (state === read[0] ? "v2" : "v1"))).toBe(
        true,
      );
      const changedId = read[0]!.id;
      expect(sent.sort()).toEqual([`GET /api/v1/apps/${changedId}`, "POST /api/v1/search/apps"].sort());
    });

    it("reports a console edit once the index has it, by search, confirmed by one GET", async () => {
      const { engine, names } = await indexedApps(door, "edited");
      const edited = [...engine.state.values()][1]!;
      await outOfBand(emulator, "POST", `/api/v1/apps/${edited.id}`, {
        app: { description: "edited in the console" },
        updateMask: "description",
      });
      await setFaults(emulator, { searchLagMs: INDEXING_LAG_MS });
      await untilIndexed([edited.id], (app) => app.description === "edited in the console");
      const { read, sent } = await refreshAll(door, engine, names);
      expect(read[1]?.inputs.description).toBe("edited in the console");
      expect(read.filter((state) => state?.inputs.description === "v1")).toHaveLength(APPS - 1);
      expect(sent.sort()).toEqual([`GET /api/v1/apps/${edited.id}`, "POST /api/v1/search/apps"].sort());
    });

    it("with readConsistency strict, sees an edit made inside the index's lag, at one GET an object", async () => {
      const { engine, names } = await indexedApps(door, "strict");
      const edited = [...engine.state.values()][2]!;
      await outOfBand(emulator, "POST", `/api/v1/apps/${edited.id}`, {
        app: { description: "edited a second before the check" },
        updateMask: "description",
      });
      const confirmed = await refreshAll(door, engine, names);
      // Inside the lag the search still answers the state's value: the default mode misses the edit until it is indexed.
      expect(confirmed.read[2]?.inputs.description).toBe("v1");
      const strict = await refreshAll(door, engine, names, { "idgov:readConsistency": "strict" });
      expect(strict.read[2]?.inputs.description).toBe("edited a second before the check");
      expect(strict.sent).toHaveLength(APPS);
      expect(strict.sent.every((line) => line.startsWith("GET /api/v1/apps/"))).toBe(true);
    });
  },
);

describe.each(DOORS)("a 404 that is not the service's, through the $name door", (door) => {
  it.each([
    [
      "the token endpoint answers a gateway's HTML 404",
      "gatewayNotFoundHtml",
      "/auth/v1/token",
      /no token endpoint at http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/token: .*check idgov:baseUrl/,
    ],
    [
      "the object's path answers a proxy's plain-text 404",
      "gatewayNotFoundText",
      "/api/v1/apps/",
      /http:\/\/127\.0\.0\.1:\d+\/api\/v1\/apps\/[^ ]+ answered 404 without the service's error body: .*check idgov:baseUrl/,
    ],
  ])(
    "%s: the read fails naming the address and the setting, and the state keeps the object",
    async (_case, fault, pathPrefix, message) => {
      await setFaults(emulator, {});
      const writer = await door.open(stackConfig(emulator));
      const engine = new EngineSimulator(writer.provider);
      try {
        await engine.up("App", `kept-${fault}`, { displayName: `kept ${fault}` });
      } finally {
        await writer.stop();
      }
      await setFaults(emulator, { script: [{ fault, pathPrefix, times: 100 }] });
      const reader = await door.open(stackConfig(emulator));
      try {
        const before = [...engine.state.values()][0]!;
        const refreshing = new EngineSimulator(reader.provider);
        for (const [urn, state] of engine.state) refreshing.state.set(urn, state);
        await expect(refreshing.refresh("App", `kept-${fault}`)).rejects.toThrow(message);
        expect([...refreshing.state.values()]).toEqual([before]);
      } finally {
        await reader.stop();
        await setFaults(emulator, {});
      }
      const { app } = (await outOfBand(
        emulator,
        "GET",
        `/api/v1/apps/${[...engine.state.values()][0]!.id}`,
      )) as {
        app: { id: string };
      };
      expect(app.id).toBeDefined();
    },
  );
});
