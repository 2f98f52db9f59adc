import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type BatchRead, ReadCoalescer } from "../../../provider/client/coalescedReads";
import { kindNamed } from "../../../provider/kinds";
import type { IdgovClient } from "../../../provider/client/client";
import { FAST_RETRIES, startHarness, type Harness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

const apps = kindNamed("App").api;
const automations = kindNamed("Automation").api;

/** Creates `count` apps through a client of its own (another process, as far as coalescing knows). */
async function seedApps(count: number, prefix = "coalesced"): Promise<string[]> {
  const writer = harness.client();
  const made = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      writer.request<{ app: { id: string } }>({
        method: "POST",
        path: "/api/v1/apps",
        body: { displayName: `${prefix}-${index}` },
      }),
    ),
  );
  await harness.clearLog();
  return made.map((answer) => answer.app.id);
}

function readAll(client: IdgovClient, ids: readonly string[], kind = apps) {
  return Promise.all(ids.map((id) => kind.get(client.labelled(`read ${id}`), id)));
}

async function apiRequests() {
  return (await harness.requests()).filter((entry) => entry.path.startsWith("/api/"));
}

/** Resolves once the emulator's search index, trailing writes, returns every one of `ids`; the log is then cleared. */
async function untilTheIndexHas(ids: readonly string[]): Promise<void> {
  const searcher = harness.client();
  await vi.waitFor(
    async () => {
      const found = await searcher.request<{ list: { id: string }[] }>({
        method: "POST",
        path: "/api/v1/search/apps",
        body: { appIds: ids, pageSize: 100 },
      });
      expect(found.list.map((app) => app.id)).toEqual(ids);
    },
    { timeout: 10_000, interval: 25 },
  );
  await harness.clearLog();
}

async function lines(): Promise<string[]> {
  return (await apiRequests()).map((entry) => `${entry.method} ${entry.path}`);
}

describe("coalesced reads", () => {
  it("answers reads of Apps that arrive together with one search by their ids, as a GET answers each", async () => {
    const ids = await seedApps(30);
    const coalesced = await readAll(harness.client(), ids);
    expect(await lines()).toEqual(["POST /api/v1/search/apps"]);
    const [search] = await apiRequests();
    expect(search?.body).toEqual({ appIds: ids, pageSize: 100 });
    const oneByOne: unknown[] = [];
    for (const id of ids) oneByOne.push(await apps.get(harness.client().labelled("read"), id));
    expect(coalesced.map((live) => ({ ...live, bySearch: undefined }))).toEqual(oneByOne);
    expect(coalesced.every((live) => live?.bySearch === true)).toBe(true);
  });

  it("keeps a lone read one GET", async () => {
    const [id] = await seedApps(1);
    const live = await apps.get(harness.client().labelled("read"), id!);
    expect(live?.id).toBe(id);
    expect(await lines()).toEqual([`GET /api/v1/apps/${id}`]);
  });

  it("sends at most 100 ids a search: 150 reads are two searches", async () => {
    const ids = await seedApps(150);
    const live = await readAll(harness.client(), ids);
    expect(live.map((object) => object?.id)).toEqual(ids);
    const searches = (await apiRequests()).map((entry) => (entry.body as { appIds: string[] }).appIds.length);
    expect(searches.sort((a, b) => a - b)).toEqual([50, 100]);
  });

  it("confirms an id the search does not return by two GETs before calling it gone", async () => {
    const ids = await seedApps(3);
    const live = await readAll(harness.client(), [...ids, "app-never-was"]);
    expect(live.map((object) => object?.id)).toEqual([...ids, undefined]);
    expect(await lines()).toEqual([
      "POST /api/v1/search/apps",
      "GET /api/v1/apps/app-never-was",
      "GET /api/v1/apps/app-never-was",
    ]);
  });

  it("confirms by GET an app the lagging index has not seen yet, and finds it", async () => {
    await harness.faults({ searchLagMs: 60_000 });
    const ids = await seedApps(4);
    const live = await readAll(harness.client(), ids);
    expect(live.map((object) => object?.id)).toEqual(ids);
    expect((await lines()).sort()).toEqual(
      ["POST /api/v1/search/apps", ...ids.map((id) => `GET /api/v1/apps/${id}`)].sort(),
    );
  });

  it("reads by GET an app this process updated, even when the index answers it stale", async () => {
    const ids = await seedApps(3);
    await harness.faults({ searchLagMs: 200 });
    await untilTheIndexHas(ids);
    const client = harness.client();
    expect((await readAll(client, ids)).map((object) => object?.id)).toEqual(ids);
    const [changed] = ids;
    await apps.update(client.labelled("update"), changed!, { description: "new" }, ["description"]);
    await harness.clearLog();
    const live = await readAll(client, ids);
    expect(live[0]?.fields.description).toBe("new");
    expect((await lines()).sort()).toEqual([`GET /api/v1/apps/${changed}`, "POST /api/v1/search/apps"]);
    const search = (await apiRequests()).find((entry) => entry.method === "POST");
    expect(search?.body).toEqual({ appIds: ids.slice(1), pageSize: 100 });
  });

  it("falls back to one GET a read when the search fails", async () => {
    const ids = await seedApps(3);
    await harness.faults({ script: [{ fault: "400", method: "POST", pathPrefix: "/api/v1/search/apps" }] });
    const live = await readAll(harness.client(), ids);
    expect(live.map((object) => object?.id)).toEqual(ids);
    expect((await lines()).filter((line) => line.startsWith("GET")).sort()).toEqual(
      ids.map((id) => `GET /api/v1/apps/${id}`).sort(),
    );
  });

  it("reads by GET an item the search answers out of shape, and the others from the search", async () => {
    const ids = await seedApps(3);
    await harness.faults({
      script: [{ fault: "malformedSearchItem", method: "POST", pathPrefix: "/api/v1/search/apps" }],
    });
    const client = harness.client();
    const live = await readAll(client, ids);
    expect(live.map((object) => object?.id)).toEqual(ids);
    expect(live[0]?.fields.displayName).toBe("coalesced-0");
    expect(live.map((object) => object?.bySearch)).toEqual([undefined, true, true]);
    expect((await lines()).sort()).toEqual(["GET /api/v1/apps/" + ids[0], "POST /api/v1/search/apps"].sort());
    expect(client.coalescingStats.unreadable).toBe(1);
  });

  it("sends a failing search once, and after two failures in a row reads that route by GET for the process", async () => {
    const ids = await seedApps(3);
    await harness.faults({
      script: [{ fault: "500", method: "POST", pathPrefix: "/api/v1/search/apps", times: 1000 }],
    });
    const client = harness.client();
    for (let round = 0; round < 3; round += 1) {
      expect((await readAll(client, ids)).map((object) => object?.id)).toEqual(ids);
    }
    const searches = (await lines()).filter((line) => line.startsWith("POST"));
    expect(searches).toEqual(["POST /api/v1/search/apps", "POST /api/v1/search/apps"]);
    expect((await lines()).filter((line) => line.startsWith("GET"))).toHaveLength(9);
  });

  it("reads every object by GET when readConsistency is strict", async () => {
    const ids = await seedApps(3);
    const live = await readAll(harness.client({ readConsistency: "strict" }), ids);
    expect(live.map((object) => object?.id)).toEqual(ids);
    expect((await lines()).sort()).toEqual(ids.map((id) => `GET /api/v1/apps/${id}`).sort());
  });

  it("answers reads of automations that arrive together with one search by refs", async () => {
    const writer = harness.client();
    const made = await Promise.all(
      [1, 2, 3].map((index) =>
        writer.request<{ automation: { id: string } }>({
          method: "POST",
          path: "/api/v1/automations",
          body: { displayName: `coalesced automation ${index}` },
        }),
      ),
    );
    const ids = made.map((answer) => answer.automation.id);
    await harness.clearLog();
    const live = await readAll(harness.client(), ids, automations);
    expect(live.map((object) => object?.id)).toEqual(ids);
    expect(await lines()).toEqual(["POST /api/v1/search/automations"]);
    expect((await apiRequests())[0]?.body).toEqual({ refs: ids.map((id) => ({ id })), pageSize: 100 });
  });
});

/** Reads `ids` as the engine's refresh does: `parallel` workers, each reading one object after another. */
async function readInWaves(client: IdgovClient, ids: readonly string[], parallel = 10) {
  const live: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      live[index] = await apps.get(client.labelled("refresh"), ids[index] as string);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return live as Awaited<ReturnType<typeof apps.get>>[];
}

describe("a refresh of many Apps", () => {
  const isSweep = (entry: { method: string; body?: unknown }) =>
    entry.method === "POST" && !("appIds" in ((entry.body as object | undefined) ?? {}));

  it("sweeps the tenant's Apps once waves of reads keep coming, and answers the later reads from that", async () => {
    const ids = await seedApps(250, "swept");
    const client = harness.client();
    const live = await readInWaves(client, ids);
    expect(live.map((object) => object?.id)).toEqual(ids);
    expect(live.every((object) => object?.bySearch === true)).toBe(true);
    const requests = await apiRequests();
    const sweepPages = requests.filter(isSweep);
    expect(sweepPages.map((entry) => entry.body)).toEqual([
      { pageSize: 100 },
      { pageSize: 100, pageToken: expect.any(String) },
      { pageSize: 100, pageToken: expect.any(String) },
    ]);
    // Ten waves are searched by id before the sweep; a few more while its pages come in; none after.
    const searches = requests.length - sweepPages.length;
    expect(searches).toBeGreaterThanOrEqual(10);
    expect(searches).toBeLessThan(20);
    expect(client.coalescingStats.sweeps).toBe(1);
    expect(client.coalescingStats.swept).toBeGreaterThan(100);
    expect(requests.every((entry) => entry.method === "POST")).toBe(true);
  });

  it("reads what a sweep answers as a GET answers it", async () => {
    const ids = await seedApps(150, "same");
    const client = harness.client();
    const swept = await readInWaves(client, ids);
    expect(client.coalescingStats.swept).toBeGreaterThan(0);
    const byGet = await Promise.all(
      ids.map((id) => apps.get(harness.client().labelled("get"), id, { byGet: true })),
    );
    expect(swept.map((live) => ({ ...live, bySearch: undefined }))).toEqual(byGet);
  });

  it("confirms by two GETs an id a complete sweep did not find before calling it gone", async () => {
    const ids = await seedApps(150, "gone");
    const client = harness.client();
    await readInWaves(client, ids);
    await harness.clearLog();
    const missing = await readInWaves(client, ["app-never-was", "app-nor-this"]);
    expect(missing).toEqual([undefined, undefined]);
    expect((await lines()).sort()).toEqual([
      "GET /api/v1/apps/app-never-was",
      "GET /api/v1/apps/app-never-was",
      "GET /api/v1/apps/app-nor-this",
      "GET /api/v1/apps/app-nor-this",
    ]);
  });

  it("reads no more of a large tenant than the Apps asked for justify: 30 Apps among 5,000 read one page", async () => {
    expect(await harness.grow(5_000)).toBeGreaterThan(5_000);
    const ids = await seedApps(30, "small-stack");
    const client = harness.client();
    for (let round = 0; round < 3; round += 1) {
      const live = await readInWaves(client, ids, 2);
      expect(live.map((object) => object?.id)).toEqual(ids);
    }
    const requests = await apiRequests();
    expect(client.coalescingStats).toMatchObject({ sweeps: 1, sweepPages: 1 });
    expect(requests.filter(isSweep)).toHaveLength(1);
  });

  it("stops reading pages when the reads stop, and never sweeps again, a rate-limit pause after it included", async () => {
    expect(await harness.grow(1_000)).toBeGreaterThan(1_000);
    const ids = await seedApps(200, "paused");
    // Real waits: a 429 pauses the process for its Retry-After.
    const client = harness.client({}, {});
    // Eleven waves of ten: the sweep starts after the tenth, and may read 2 × 110 objects: three pages at most.
    await readInWaves(client, ids.slice(0, 110));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const pages = client.coalescingStats.sweepPages;
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThanOrEqual(3);
    await harness.faults({
      retryAfterSeconds: 2,
      script: [{ fault: "429", pathPrefix: "/api/v1/search/apps" }],
    });
    const live = await readInWaves(client, ids);
    expect(live.map((object) => object?.id)).toEqual(ids);
    expect(client.coalescingStats).toMatchObject({ sweeps: 1, sweepPages: pages });
    expect((await apiRequests()).filter(isSweep)).toHaveLength(pages);
  });

  it("never sweeps for reads that arrive in one wave, however many", async () => {
    const ids = await seedApps(150, "one-wave");
    const client = harness.client();
    await readAll(client, ids);
    await readAll(client, ids);
    expect(client.coalescingStats.sweeps).toBe(0);
    expect((await apiRequests()).filter(isSweep)).toEqual([]);
  });
});

describe("when a window closes", () => {
  const batch: BatchRead = {
    path: "/api/v1/search/apps",
    body: (ids) => ({ appIds: ids }),
    itemsKey: "list",
    asAnswer: (item) => ({ app: item }),
  };

  function recordingCoalescer() {
    const searches: string[][] = [];
    const coalescer = new ReadCoalescer(async function* (_batch, ids = []) {
      searches.push([...ids]);
      for (const id of ids) yield { item: { id }, requestId: undefined };
    });
    return { coalescer, searches };
  }

  const wave = (coalescer: ReadCoalescer, ids: readonly string[]) =>
    Promise.all(ids.map((id) => coalescer.read(batch, id)));

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits out the quiet window for the first wave, then sends each wave as large as it at once", async () => {
    const { coalescer, searches } = recordingCoalescer();
    const first = wave(coalescer, ["a", "b", "c"]);
    expect(searches).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect((await first).map((found) => found?.item.id)).toEqual(["a", "b", "c"]);

    const second = wave(coalescer, ["d", "e", "f"]);
    expect(searches).toEqual([
      ["a", "b", "c"],
      ["d", "e", "f"],
    ]);
    await second;

    const smaller = wave(coalescer, ["g", "h"]);
    expect(searches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10);
    await smaller;
    expect(searches.at(-1)).toEqual(["g", "h"]);
  });

  it("answers reads from a sweep while they keep coming, and searches by id again after a quiet second", async () => {
    const sweeps: number[] = [];
    const searches: string[][] = [];
    const tenant = ["a", "b", "c", "d", "e", "f", "g"];
    const coalescer = new ReadCoalescer(
      async function* (_batch, ids) {
        if (ids) searches.push([...ids]);
        else sweeps.push(sweeps.length);
        for (const id of ids ?? tenant) yield { item: { id }, requestId: undefined };
      },
      { sweepAfterSearches: 1 },
    );
    const sweepable = { ...batch, sweepBody: {} };
    const first = Promise.all(["a", "b"].map((id) => coalescer.read(sweepable, id)));
    await vi.advanceTimersByTimeAsync(10);
    await first;
    expect(sweeps).toHaveLength(1);

    expect((await coalescer.read(sweepable, "c"))?.item.id).toBe("c");
    expect(await coalescer.read(sweepable, "z")).toBeUndefined();
    expect(searches).toEqual([["a", "b"]]);

    await vi.advanceTimersByTimeAsync(1001);
    const later = Promise.all(["d", "e"].map((id) => coalescer.read(sweepable, id)));
    await vi.advanceTimersByTimeAsync(10);
    await later;
    expect(searches).toEqual([
      ["a", "b"],
      ["d", "e"],
    ]);
    expect(coalescer.stats).toMatchObject({ searches: 2, swept: 1, answered: 4 });
  });

  it("stops reading a sweep's pages once the reads stop, however much of the tenant is left", async () => {
    let pages = 0;
    const coalescer = new ReadCoalescer(
      async function* (_batch, ids, onPage) {
        if (ids) {
          for (const id of ids) yield { item: { id }, requestId: undefined };
          return;
        }
        for (let page = 0; page < 50; page += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          pages += 1;
          onPage?.({ pageToken: undefined, nextPageToken: "next", size: 1 });
          yield { item: { id: `tenant-${page}` }, requestId: undefined };
        }
      },
      { sweepAfterSearches: 1, sweepObjectsPerRead: 1000 },
    );
    const sweepable = { ...batch, sweepBody: {} };
    const first = Promise.all(["a", "b"].map((id) => coalescer.read(sweepable, id)));
    await vi.advanceTimersByTimeAsync(10);
    await first;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(coalescer.stats.sweeps).toBe(1);
    expect(pages).toBeGreaterThan(5);
    expect(pages).toBeLessThanOrEqual(12);
  });

  it("never closes early after lone reads: a lone read is one GET and the next wave still gathers", async () => {
    const { coalescer, searches } = recordingCoalescer();
    const lone = coalescer.read(batch, "a");
    await vi.advanceTimersByTimeAsync(10);
    expect(await lone).toBeUndefined();
    const next = wave(coalescer, ["b", "c", "d"]);
    expect(searches).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    await next;
    expect(searches).toEqual([["b", "c", "d"]]);
  });
});
