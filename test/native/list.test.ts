import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { apiRequests, clearRequests, outOfBand, setFaults } from "../../testkit/emulatorApi";
import { type ListAnswer, type ListCall, UNKNOWN } from "../../testkit/nativePlugin";
import { useNativePlugin } from "./harness/setup";

const ctx = useNativePlugin();

/** Every app in the tenant, id and display name, as the service lists them (read out of band). */
async function tenantApps(): Promise<{ id: string; name: string }[]> {
  const apps: { id: string; name: string }[] = [];
  let token = "";
  do {
    const answer = await outOfBand(ctx.emulator, "GET", `/api/v1/apps?page_size=100&page_token=${token}`);
    for (const app of answer.list as { id: string; displayName: string }[]) {
      apps.push({ id: app.id, name: app.displayName });
    }
    token = (answer.nextPageToken as string | undefined) ?? "";
  } while (token !== "");
  return apps;
}

/** Adds apps made outside Pulumi until the tenant holds `total`. */
async function seedAppsUpTo(total: number): Promise<void> {
  const existing = (await tenantApps()).length;
  for (let n = existing; n < total; n += 1) {
    await outOfBand(ctx.emulator, "POST", "/api/v1/apps", { displayName: `Listed app ${n}` });
  }
  await clearRequests(ctx.emulator);
}

/** Follows the continuation tokens from the first call to the last, answering each call's answer. */
async function everyPage(token: string, ask: ListCall): Promise<ListAnswer[]> {
  const pages = [await ctx.plugin.list(token, ask)];
  for (let last = pages[0]; last?.continuationToken; last = pages[pages.length - 1]) {
    pages.push(await ctx.plugin.list(token, { ...ask, continuationToken: last.continuationToken }));
  }
  return pages;
}

describe("pulumi-resource-idgov: List", () => {
  it("lists every app with its display name, page by page, one GET per page and nothing else", async () => {
    await seedAppsUpTo(35);
    const pages = await everyPage("idgov:index:App", { pageSize: 10 });
    const requests = await apiRequests(ctx.emulator);

    const expected = await tenantApps();
    expect(expected.length).toBeGreaterThanOrEqual(35);
    expect(pages.flatMap((page) => page.items)).toEqual(expected);
    expect(pages.map((page) => page.items.length).slice(0, -1)).toEqual(Array(pages.length - 1).fill(10));
    expect(pages.at(-1)?.continuationToken).toBeUndefined();

    expect(requests.every((request) => request.method === "GET" && request.path === "/api/v1/apps")).toBe(
      true,
    );
    expect(requests).toHaveLength(pages.length);
    expect(requests.every((request) => request.query.page_size === "10")).toBe(true);
    const tokens = requests.map((request) => request.query.page_token ?? "");
    expect(new Set(tokens).size).toBe(requests.length);
  });

  it("answers at most the limit over all calls, and no continuation once it is reached", async () => {
    await seedAppsUpTo(35);
    const pages = await everyPage("idgov:index:App", { pageSize: 10, limit: 15 });
    expect(await apiRequests(ctx.emulator)).toHaveLength(2);
    expect(pages.map((page) => page.items.length)).toEqual([10, 5]);
    expect(pages.flatMap((page) => page.items)).toEqual((await tenantApps()).slice(0, 15));
  });

  it("asks the service for no more than the limit (from its smallest page of 10) when no page size is set", async () => {
    const first = await ctx.plugin.list("idgov:index:App", { limit: 3 });
    expect(await apiRequests(ctx.emulator)).toMatchObject([{ method: "GET", query: { page_size: "10" } }]);
    expect(first.items).toEqual((await tenantApps()).slice(0, 3));
    expect(first.continuationToken).toBeUndefined();
  });

  it("answers pages of 100 when the engine sets no page size (as pulumi do does), one request each", async () => {
    await seedAppsUpTo(105);
    const pages = await everyPage("idgov:index:App", {});
    const requests = await apiRequests(ctx.emulator);
    const expected = await tenantApps();
    expect(pages.map((page) => page.items.length)).toEqual([100, expected.length - 100]);
    expect(pages.flatMap((page) => page.items)).toEqual(expected);
    expect(requests.map((request) => request.query.page_size)).toEqual(["100", "100"]);
  });

  it("retries a failed page as the client does, answering each object once", async () => {
    await setFaults(ctx.emulator, {
      script: [{ fault: "500", method: "GET", pathPrefix: "/api/v1/apps", times: 1 }],
    });
    try {
      const answer = await ctx.plugin.list("idgov:index:App", { pageSize: 10 });
      const requests = await apiRequests(ctx.emulator);
      expect(requests.map((request) => request.status)).toEqual([500, 200]);
      expect(answer.items).toEqual((await tenantApps()).slice(0, 10));
    } finally {
      await setFaults(ctx.emulator, {});
    }
  });

  it("fails naming the listing when the service keeps failing", async () => {
    await setFaults(ctx.emulator, {
      script: [{ fault: "500", method: "GET", pathPrefix: "/api/v1/apps", times: 10 }],
    });
    try {
      await expect(ctx.plugin.list("idgov:index:App", { pageSize: 10 })).rejects.toMatchObject({
        code: "UNKNOWN",
        message: expect.stringMatching(/^list idgov:index:App: 500 INTERNAL/),
      });
    } finally {
      await setFaults(ctx.emulator, {});
    }
  });

  it("answers a page size below the service's smallest page without losing or repeating an object", async () => {
    const pages = await everyPage("idgov:index:App", { pageSize: 3 });
    expect(pages.flatMap((page) => page.items)).toEqual(await tenantApps());
    expect(pages.every((page) => page.items.length <= 3)).toBe(true);
  });

  it("lists the app resources of the collection the query names, by the ids import takes", async () => {
    const query = { appId: SEED.resourceType.appId, appResourceTypeId: SEED.resourceType.appResourceTypeId };
    const answer = await ctx.plugin.list("idgov:index:AppResource", { query });
    const listed = await outOfBand(
      ctx.emulator,
      "GET",
      `/api/v1/apps/${query.appId}/resource_types/${query.appResourceTypeId}/resources`,
    );
    const names = (listed.list as { appResource: { displayName: string } }[]).map(
      (view) => view.appResource.displayName,
    );
    expect(answer.items.map((item) => item.name)).toEqual(names);
    expect(answer.items.length).toBeGreaterThan(0);
    const [first] = answer.items;
    const read = await ctx.plugin.read("idgov:index:AppResource", "imported", first!.id, {});
    expect(read.id).toBe(first!.id);
  });

  it("fails a query missing a required input, or with one the kind does not take, naming it, sending nothing", async () => {
    await expect(
      ctx.plugin.list("idgov:index:AppResource", { query: { appId: "app-github" } }),
    ).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
      message: "idgov:index:AppResource list query: appResourceTypeId is required, a non-empty string",
    });
    await expect(ctx.plugin.list("idgov:index:App", { query: { colour: "red" } })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
      message: "idgov:index:App list query: colour is not an input of the query (it takes none)",
    });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("answers Computed for a query with unknown values, sending nothing", async () => {
    const answer = await ctx.plugin.list("idgov:index:AppResource", {
      query: { appId: UNKNOWN, appResourceTypeId: "x" },
    });
    expect(answer).toEqual({ items: [], computed: true, continuationToken: undefined });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("refuses settings and access-review scopes as UNIMPLEMENTED, naming the kind", async () => {
    await expect(ctx.plugin.list("idgov:index:SessionSettings")).rejects.toMatchObject({
      code: "UNIMPLEMENTED",
      message: expect.stringMatching(/^idgov:index:SessionSettings cannot be listed: it is the tenant's one/),
    });
    await expect(ctx.plugin.list("idgov:index:AccessReviewScope")).rejects.toMatchObject({
      code: "UNIMPLEMENTED",
      message: expect.stringMatching(
        /^idgov:index:AccessReviewScope cannot be listed: the service cannot list/,
      ),
    });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("refuses a continuation token of another listing", async () => {
    await seedAppsUpTo(15);
    const first = await ctx.plugin.list("idgov:index:App", { pageSize: 10 });
    expect(first.continuationToken).toBeTruthy();
    await expect(
      ctx.plugin.list("idgov:index:RequestCatalog", { continuationToken: first.continuationToken! }),
    ).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
      message: expect.stringMatching(/continuation token belongs to a listing of idgov:index:App/),
    });
    await expect(
      ctx.plugin.list("idgov:index:App", { continuationToken: "not-a-token" }),
    ).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });

  it("declares listInputs in the schema for exactly the kinds it lists", async () => {
    const schema = await ctx.plugin.schema();
    const listable = Object.entries(schema.resources as Record<string, { listInputs?: unknown }>)
      .filter(([, resource]) => resource.listInputs !== undefined)
      .map(([token]) => token);
    expect(listable.sort()).toEqual(
      ["App", "AppResource", "AuthConfig", "Automation", "RequestCatalog"].map(
        (name) => `idgov:index:${name}`,
      ),
    );
    expect(schema.resources["idgov:index:AppResource"].listInputs.required).toEqual([
      "appId",
      "appResourceTypeId",
    ]);
    for (const token of listable) {
      const answer = token.endsWith("AppResource")
        ? undefined
        : await ctx.plugin.list(token, { pageSize: 10 });
      if (answer) expect(answer.items.length).toBeGreaterThan(0);
    }
  });
});
