import { describe, expect, it } from "vitest";
import { control } from "../../emulator/testing";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

interface Found {
  list: { id: string; displayName: string; description: string }[];
  nextPageToken: string;
}

async function search(body: Record<string, unknown>): Promise<Found> {
  const answer = await suite.api.post<Found>("/api/v1/search/apps", body);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function createApp(displayName: string): Promise<string> {
  const answer = await suite.api.post<{ app: { id: string } }>("/api/v1/apps", { displayName });
  expect(answer.status).toBe(200);
  return answer.body.app.id;
}

describe("search apps (reference 4)", () => {
  it("answers the apps whose ids it is given, in the GET's shape, and leaves out ids that name nothing", async () => {
    const first = await createApp("Search one");
    const second = await createApp("Search two");
    const found = await search({ appIds: [second, "no-such-app", first], pageSize: 100 });
    expect(found.list.map((app) => app.id)).toEqual([first, second]);
    const got = await suite.api.get<{ app: unknown }>(`/api/v1/apps/${first}`);
    expect(found.list[0]).toEqual(got.body.app);
    expect(found.nextPageToken).toBe("");
  });

  it("pages the ids it is given with pageSize and pageToken", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) ids.push(await createApp(`Paged ${index}`));
    const first = await search({ appIds: ids, pageSize: 10 });
    expect(first.list).toHaveLength(10);
    const second = await search({ appIds: ids, pageSize: 10, pageToken: first.nextPageToken });
    expect([...first.list, ...second.list].map((app) => app.id)).toEqual(ids);
    expect(second.nextPageToken).toBe("");
  });

  it("filters by excludeAppIds, displayName and query", async () => {
    const kept = await createApp("Filter Alpha");
    const dropped = await createApp("Filter Beta");
    expect(
      (await search({ appIds: [kept, dropped], excludeAppIds: [dropped] })).list.map((a) => a.id),
    ).toEqual([kept]);
    expect((await search({ displayName: "Filter Beta" })).list.map((a) => a.id)).toEqual([dropped]);
    expect((await search({ query: "filter a" })).list.map((a) => a.id)).toEqual([kept]);
  });

  it("refuses a body its model does not know, naming the field", async () => {
    const answer = await suite.api.post<{ message: string }>("/api/v1/search/apps", { appIds: "one" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain("appIds");
  });

  it("with the searchLagMs switch, leaves out a just-created app and answers a just-updated one stale", async () => {
    // A lag long enough that a loaded machine still searches inside it; the index catching up is waited for.
    await control(suite.url, "POST", "faults", { searchLagMs: 2_000 });
    const id = await createApp("Lagging");
    const descriptions = async () => (await search({ appIds: [id] })).list.map((app) => app.description);
    const indexed = async (want: string[]) => {
      while (JSON.stringify(await descriptions()) !== JSON.stringify(want))
        await new Promise((resolve) => setTimeout(resolve, 100));
    };
    expect(await descriptions()).toEqual([]);
    await indexed([""]);
    const update = await suite.api.post(`/api/v1/apps/${id}`, {
      app: { description: "changed" },
      updateMask: "description",
    });
    expect(update.status).toBe(200);
    expect(await descriptions()).toEqual([""]);
    await indexed(["changed"]);
  }, 30_000);
});
