import { describe, expect, it } from "vitest";
import { IdgovResponseSchemaError } from "../../../provider/errors";
import { paginateItems, withPageFields, type FetchedPage } from "../../../provider/client/paginate";

const label = { itemsKey: "list", method: "GET", path: "/api/v1/apps" };

/** Serves `pages` in order and records the tokens it was asked for. */
function pagesOf(pages: unknown[]) {
  const asked: (string | undefined)[] = [];
  const fetchPage = async (token: string | undefined): Promise<FetchedPage> => {
    asked.push(token);
    return { body: pages[asked.length - 1], requestId: `req-${asked.length}` };
  };
  return { asked, fetchPage };
}

async function collect<T>(iterator: AsyncGenerator<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
}

describe("withPageFields", () => {
  it.each([
    [
      "a GET list gets query page_size and page_token",
      { method: "GET" as const, query: { roleSlug: "owner" } },
      { method: "GET", query: { roleSlug: "owner", page_size: 10, page_token: "t1" } },
    ],
    [
      "a POST search gets body pageSize and pageToken merged in",
      { method: "POST" as const, body: { query: "x", pageSize: 99 } },
      { method: "POST", body: { query: "x", pageSize: 10, pageToken: "t1" } },
    ],
  ])("%s", (_case, request, want) => {
    expect(withPageFields(request, 10, "t1")).toEqual(want);
  });

  it("leaves unset page fields out of a search body", () => {
    expect(withPageFields({ method: "POST", body: { query: "x" } }, undefined, undefined)).toEqual({
      method: "POST",
      body: { query: "x" },
    });
  });
});

describe("paginateItems", () => {
  it("follows nextPageToken until it is empty", async () => {
    const { asked, fetchPage } = pagesOf([
      { list: [1, 2], nextPageToken: "a" },
      { list: [3], nextPageToken: "b" },
      { list: [4], nextPageToken: "" },
    ]);
    expect(await collect(paginateItems(fetchPage, label))).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([undefined, "a", "b"]);
  });

  it("treats an absent item list and an absent token as the end", async () => {
    const { fetchPage } = pagesOf([{}]);
    expect(await collect(paginateItems(fetchPage, label))).toEqual([]);
  });

  it("stops at the limit without fetching further pages", async () => {
    const { asked, fetchPage } = pagesOf([
      { list: [1, 2], nextPageToken: "a" },
      { list: [3, 4], nextPageToken: "b" },
    ]);
    expect(await collect(paginateItems(fetchPage, { ...label, limit: 3 }))).toEqual([1, 2, 3]);
    expect(asked).toEqual([undefined, "a"]);
  });

  it("reads items from another member when told, e.g. MCP resources", async () => {
    const { fetchPage } = pagesOf([{ resources: ["r1"], nextPageToken: "" }]);
    expect(await collect(paginateItems(fetchPage, { ...label, itemsKey: "resources" }))).toEqual(["r1"]);
  });

  it("throws instead of looping when the server repeats a token", async () => {
    const { fetchPage } = pagesOf([
      { list: [1], nextPageToken: "a" },
      { list: [2], nextPageToken: "b" },
      { list: [3], nextPageToken: "a" },
    ]);
    const error = await collect(paginateItems(fetchPage, label)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdgovResponseSchemaError);
    expect((error as Error).message).toBe(
      "GET /api/v1/apps: unexpected response: nextPageToken: repeats a token already followed: the listing would loop (request id req-3)",
    );
  });

  it.each([
    ["the page is not an object", [1, 2], "(root): expected a JSON object"],
    ["the items are not an array", { list: { a: 1 } }, "list: expected an array"],
    ["the token is not a string", { list: [], nextPageToken: 7 }, "nextPageToken: expected a string"],
  ])("throws IdgovResponseSchemaError when %s", async (_case, page, issue) => {
    const { fetchPage } = pagesOf([page]);
    await expect(collect(paginateItems(fetchPage, label))).rejects.toThrow(
      `GET /api/v1/apps: unexpected response: ${issue} (request id req-1)`,
    );
  });
});
