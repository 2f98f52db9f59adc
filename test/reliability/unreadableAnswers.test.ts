import { describe, expect, it } from "vitest";
import { outOfBand } from "../../testkit/emulatorApi";
import { emulatorLog } from "./support/figures";
import { failureOf, withFaults } from "./support/steps";
import { DOORS, useDoor } from "./support/doors";

describe.each(DOORS)("through the $name door", (door) => {
  const ctx = useDoor(door, { config: { "idgov:maxRetries": "1" } });

  describe.each([
    { answer: "{}", fault: "emptyAfterCommit" },
    { answer: "an HTML page", fault: "htmlAfterCommit" },
    { answer: "truncated JSON", fault: "truncatedAfterCommit" },
  ])("a read answered 200 with $answer", ({ fault }) => {
    it("fails naming the operation and the request id, and keeps the resource in state", async () => {
      const created = await ctx.engine.up("App", "unreadable", { displayName: "Unreadable" });
      const id = created.action === "create" ? created.state.id : "(no create)";
      const error = await withFaults(
        ctx.emulator,
        { script: [{ fault, method: "GET", pathPrefix: `/api/v1/apps/${id}` }] },
        () => failureOf(ctx.engine.refresh("App", "unreadable")),
      );
      const read = (await emulatorLog(ctx.emulator)).filter((request) => request.method === "GET").at(-1);

      expect(error.message).toMatch(/^read App unreadable: unexpected response: /);
      expect(error.message).toContain(`(request id ${read?.requestId})`);
      expect(ctx.engine.state.get(ctx.engine.urn("App", "unreadable"))?.id).toBe(id);
      expect(await ctx.engine.refresh("App", "unreadable")).toMatchObject({ id });
    });
  });

  describe("a read of an object that is gone", () => {
    it("drops the resource from state only on a 404", async () => {
      const created = await ctx.engine.up("App", "deleted", { displayName: "Deleted" });
      const id = created.action === "create" ? created.state.id : "(no create)";
      await outOfBand(ctx.emulator, "DELETE", `/api/v1/apps/${id}`);

      expect(await ctx.engine.refresh("App", "deleted")).toBeUndefined();
    });
  });
});
