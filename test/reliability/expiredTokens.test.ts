import { describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator";
import { clearRequests } from "../../testkit/emulatorApi";
import { emulatorLog, faultFigures, printFigures } from "./support/figures";
import { expireTokens, withFaults } from "./support/steps";
import { DOORS, useDoor } from "./support/doors";

describe.each(DOORS)("through the $name door", (door) => {
  const ctx = useDoor(door, { config: { "idgov:maxRetries": "5" } });

  function lines(log: readonly LoggedRequest[]): string[] {
    return log.map((request) => `${request.method} ${request.path} ${request.status}`);
  }

  function tokenRequests(log: readonly LoggedRequest[]): LoggedRequest[] {
    return log.filter((request) => request.path === "/auth/v1/token");
  }

  async function createdApp(name: string): Promise<string> {
    const result = await ctx.engine.up("App", name, { displayName: name });
    if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
    await clearRequests(ctx.emulator);
    return result.state.id;
  }

  describe("a token that expires in the middle of a run", () => {
    it.each([
      ["update", "POST"],
      ["read", "GET"],
      ["delete", "DELETE"],
    ] as const)(
      "is renewed once and the %s's first request replayed, the user seeing nothing",
      async (operation, method) => {
        const id = await createdApp(`expiring-${operation}`);
        await expireTokens(ctx.emulator);
        const name = `expiring-${operation}`;
        if (operation === "update") await ctx.engine.up("App", name, { displayName: name, description: "x" });
        if (operation === "read") expect((await ctx.engine.refresh("App", name))?.id).toBe(id);
        if (operation === "delete") await ctx.engine.destroy("App", name);
        const log = await emulatorLog(ctx.emulator);
        printFigures(`token expired before the ${operation} (${ctx.name} door)`, faultFigures(log));

        // An update or delete first reads the app to check its owner: that read meets the expired token.
        const write = method === "GET" ? [] : [`${method} /api/v1/apps/${id} 200`];
        expect(lines(log)).toEqual([
          `GET /api/v1/apps/${id} 401`,
          "POST /auth/v1/token 200",
          `GET /api/v1/apps/${id} 200`,
          ...write,
        ]);
        expect(log[0]?.body).toEqual(log[2]?.body);
      },
    );

    it("is renewed once for a create, which is replayed without a lookup: a 401 proves nothing was made", async () => {
      await createdApp("warm-up");
      await expireTokens(ctx.emulator);
      await ctx.engine.up("App", "expiring-create", { displayName: "Created after a renewal" });
      expect(lines(await emulatorLog(ctx.emulator))).toEqual([
        "POST /api/v1/apps 401",
        "POST /auth/v1/token 200",
        "POST /api/v1/apps 200",
      ]);
    });

    it("is renewed by one token request for all the resources in flight", async () => {
      const names = ["one", "two", "three", "four", "five"];
      for (const name of names) await createdApp(name);
      await expireTokens(ctx.emulator);
      await Promise.all(
        names.map((name) => ctx.engine.up("App", name, { displayName: name, description: "renewed" })),
      );
      const log = await emulatorLog(ctx.emulator);
      printFigures(`token expired under five concurrent updates (${ctx.name} door)`, faultFigures(log));

      expect(tokenRequests(log)).toHaveLength(1);
      const rejected = log.filter((request) => request.status === 401);
      expect(rejected.length).toBeGreaterThanOrEqual(1);
      const calls = log.filter((request) => request.path !== "/auth/v1/token");
      const updates = calls.filter((request) => request.method === "POST");
      expect(updates.filter((request) => request.status === 200)).toHaveLength(5);
      // Each update reads its app first (the owner check); only those reads and writes that met the old token repeat.
      expect(calls).toHaveLength(10 + rejected.length);
    });

    it("keeps a run converging across several short token lifetimes (tokenTtlSeconds 1)", async () => {
      const names = ["short-a", "short-b", "short-c"];
      await withFaults(ctx.emulator, { tokenTtlSeconds: 1, latencyMs: 100 }, async () => {
        await expireTokens(ctx.emulator);
        for (const name of names) await ctx.engine.up("App", name, { displayName: name });
        for (const name of names) await ctx.engine.up("App", name, { displayName: name, description: "d" });
        for (const name of names) await ctx.engine.refresh("App", name);
      });
      const log = await emulatorLog(ctx.emulator);
      printFigures(`a run across short token lifetimes (${ctx.name} door)`, {
        ...faultFigures(log),
        tokenRequests: tokenRequests(log).length,
      });

      expect(tokenRequests(log).length).toBeGreaterThanOrEqual(2);
      for (const [index, request] of log.entries()) {
        if (request.status !== 401) continue;
        expect(lines(log.slice(index + 1, index + 3))).toEqual([
          "POST /auth/v1/token 200",
          `${request.method} ${request.path} 200`,
        ]);
      }
    });
  });
});
