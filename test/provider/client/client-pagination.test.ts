import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IdgovResponseSchemaError } from "../../../provider/errors";
import { rejectionOf, startHarness, type Harness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

const listApps = { method: "GET", path: "/api/v1/apps", itemsKey: "list" } as const;

async function collect<T>(iterator: AsyncGenerator<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
}

/** Creates `count` apps, clears the request log, and answers how many apps the tenant then has. */
async function seedApps(count: number): Promise<number> {
  const client = harness.client();
  const before = (await collect(client.paginate({ ...listApps, pageSize: 100 }))).length;
  await Promise.all(
    Array.from({ length: count }, (_, index) =>
      client.request({ method: "POST", path: "/api/v1/apps", body: { displayName: `paged-${index}` } }),
    ),
  );
  await harness.clearLog();
  return before + count;
}

async function listQueries(): Promise<Record<string, string>[]> {
  return (await harness.requests())
    .filter((entry) => entry.method === "GET" && entry.path === "/api/v1/apps")
    .map((entry) => entry.query);
}

describe("paginate", () => {
  it("yields every app across pages of 10, following page_token", async () => {
    const total = await seedApps(27);
    const client = harness.client();
    const apps = await collect(
      client.paginate<{ id: string; displayName: string }>({ ...listApps, pageSize: 10 }),
    );

    expect(apps).toHaveLength(total);
    expect(new Set(apps.map((app) => app.id)).size).toBe(total);
    expect(apps.filter((app) => app.displayName.startsWith("paged-"))).toHaveLength(27);
    const queries = await listQueries();
    expect(queries).toHaveLength(Math.ceil(total / 10));
    expect(queries[0]).toEqual({ page_size: "10" });
    for (const query of queries.slice(1)) {
      expect(query).toEqual({ page_size: "10", page_token: expect.stringMatching(/^\S+$/) });
    }
    expect(await harness.requestLines()).toHaveLength(Math.ceil(total / 10) + 1);
  });

  it("stops fetching once the limit is reached", async () => {
    await seedApps(27);
    const client = harness.client();
    const apps = await collect(client.paginate({ ...listApps, pageSize: 10, limit: 12 }));

    expect(apps).toHaveLength(12);
    expect(await listQueries()).toHaveLength(2);
  });

  it("checks each item against the given schema", async () => {
    const client = harness.client();
    const ids = await collect(client.paginate({ ...listApps, itemSchema: z.object({ id: z.string() }) }));
    expect(ids.length).toBeGreaterThan(0);

    const error = await rejectionOf(
      collect(client.paginate({ ...listApps, itemSchema: z.object({ id: z.number() }) })),
    );
    expect(error).toBeInstanceOf(IdgovResponseSchemaError);
    expect((error as IdgovResponseSchemaError).issues[0]).toEqual({
      path: "list.id",
      message: "Invalid input: expected number, received string",
    });
  });
});
