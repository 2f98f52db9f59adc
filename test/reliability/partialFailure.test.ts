import { describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { apiRequests, clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { emulatorLog, faultFigures, printFigures } from "./support/figures";
import { managedObjects, objectFigures } from "./support/objects";
import { DOORS, type DoorTestContext, useDoor } from "./support/doors";
import { failureOf, withFaults } from "./support/steps";

const [member, admin, maintain] = SEED.entitlements.map(({ appId, id }) => ({ appId, id }));
const BINDINGS_DOWN = {
  retryAfterSeconds: 0,
  script: [{ fault: "503", pathPrefix: "/api/v1/catalogs/", times: 3 }],
};

function requestLines(requests: { method: string; path: string }[]): string[] {
  return requests.map((request) => `${request.method} ${request.path}`);
}

async function liveCatalog(ctx: DoorTestContext, id: string) {
  const answer = await outOfBand(ctx.emulator, "GET", `/api/v1/catalogs/${id}`);
  return (answer.requestCatalogView as { requestCatalog: Record<string, unknown> }).requestCatalog;
}

describe.each(DOORS)("through the $name door", (door) => {
  const ctx = useDoor(door, { config: { "idgov:maxRetries": "2" } });

  describe("a write that fails half way", () => {
    it("keeps a catalog whose update went through but whose bindings failed at the state it reached, and a rerun sends only the bindings", async () => {
      const created = await ctx.engine.up("RequestCatalog", "half", {
        displayName: "Half",
        accessEntitlements: [member],
      });
      const id = created.action === "create" ? created.state.id : "(no create)";
      await clearRequests(ctx.emulator);
      const program = { displayName: "Half", description: "updated", accessEntitlements: [member, admin] };
      const updateThenBindings = {
        retryAfterSeconds: 0,
        script: [
          {
            fault: "503",
            method: "POST",
            pathPrefix: `/api/v1/catalogs/${id}/visibility_bindings`,
            times: 3,
          },
        ],
      };
      const error = await withFaults(ctx.emulator, updateThenBindings, () =>
        failureOf(ctx.engine.up("RequestCatalog", "half", program)),
      );
      const failedRun = await emulatorLog(ctx.emulator);
      const recorded = ctx.engine.state.get(ctx.engine.urn("RequestCatalog", "half"));

      expect(error.message).toMatch(
        new RegExp(
          `^RequestCatalog ${id}: accessEntitlements was not changed: update RequestCatalog half: 503 `,
        ),
      );
      expect(recorded?.outputs).toMatchObject({ description: "updated", accessEntitlements: [member] });
      expect(await ctx.engine.preview("RequestCatalog", "half", program)).toBe("update");

      await clearRequests(ctx.emulator);
      await ctx.engine.up("RequestCatalog", "half", program);
      const rerun = await apiRequests(ctx.emulator);
      printFigures(
        `catalog update whose bindings failed, then rerun (${ctx.name} door)`,
        faultFigures([...failedRun, ...rerun]),
      );

      expect(requestLines(rerun)).toEqual([
        `GET /api/v1/catalogs/${id}`,
        `POST /api/v1/catalogs/${id}/visibility_bindings`,
      ]);
      expect(rerun[1]?.body).toEqual({ accessEntitlements: [admin] });
      expect((await liveCatalog(ctx, id)).description).toBe("updated");
      expect(await ctx.engine.preview("RequestCatalog", "half", program)).toBe("same");
    });

    it("keeps a catalog created before its bindings failed in state, so a rerun binds them and creates nothing", async () => {
      const program = { displayName: "Created", accessEntitlements: [member, maintain] };
      const error = await withFaults(ctx.emulator, BINDINGS_DOWN, () =>
        failureOf(ctx.engine.up("RequestCatalog", "created", program)),
      );
      const recorded = ctx.engine.state.get(ctx.engine.urn("RequestCatalog", "created"));
      expect(error.message).toContain("accessEntitlements was not changed");
      expect(recorded?.id).toMatch(/\S/);
      expect(recorded?.outputs.accessEntitlements ?? []).toEqual([]);

      await clearRequests(ctx.emulator);
      const rerun = await ctx.engine.up("RequestCatalog", "created", program);
      const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
      printFigures(`catalog created, bindings failed, then rerun (${ctx.name} door)`, objectFigures(objects));

      expect(rerun.action).toBe("update");
      expect(objects.map((object) => object.id)).toEqual([recorded?.id]);
      expect((await liveCatalog(ctx, recorded!.id)).accessEntitlements).toEqual([
        expect.objectContaining(member),
        expect.objectContaining(maintain),
      ]);
    });

    it("keeps the last good state of an app whose update failed, and a rerun sends the same update", async () => {
      const created = await ctx.engine.up("App", "kept", { displayName: "Kept", description: "good" });
      const before = ctx.engine.state.get(ctx.engine.urn("App", "kept"));
      const program = { displayName: "Kept", description: "next" };
      await withFaults(
        ctx.emulator,
        { retryAfterSeconds: 0, script: [{ fault: "503", method: "POST", times: 3 }] },
        () => failureOf(ctx.engine.up("App", "kept", program)),
      );
      expect(ctx.engine.state.get(ctx.engine.urn("App", "kept"))).toEqual(before);

      await clearRequests(ctx.emulator);
      const rerun = await ctx.engine.up("App", "kept", program);
      const id = created.action === "create" ? created.state.id : "(no create)";
      expect(rerun.action).toBe("update");
      expect(await apiRequests(ctx.emulator)).toEqual([
        expect.objectContaining({ method: "GET", path: `/api/v1/apps/${id}`, status: 200 }),
        expect.objectContaining({
          method: "POST",
          path: `/api/v1/apps/${id}`,
          body: { app: { description: "next" }, updateMask: "description" },
          status: 200,
        }),
      ]);
    });
  });

  describe.each([
    { failure: "503s until the retries are spent", fault: "503", times: 10 },
    { failure: "a 400 on a value only the update checks", fault: "400", times: 1 },
  ])("a two-call create whose follow-up update fails with $failure", ({ fault, times }) => {
    it("keeps the object in state, so a rerun finishes it with an update and destroy deletes it", async () => {
      const program = { displayName: "Two calls", isManuallyManaged: true };
      const updates = {
        retryAfterSeconds: 0,
        script: [{ fault, method: "POST", pathPrefix: "/api/v1/apps/", times }],
      };
      const error = await withFaults(ctx.emulator, updates, () =>
        failureOf(ctx.engine.up("App", "twoCalls", program)),
      );
      const recorded = ctx.engine.state.get(ctx.engine.urn("App", "twoCalls"));
      const afterFailure = await managedObjects(ctx.emulator, ctx.engine.workspace);

      expect(error.message).toMatch(
        new RegExp(
          `^create App twoCalls: App ${recorded?.id} exists but was not finished \\(.+\\); run again to finish it$`,
        ),
      );
      expect(afterFailure.map((object) => object.id)).toEqual([recorded?.id]);
      expect(recorded?.outputs.isManuallyManaged ?? false).toBe(false);
      expect(await ctx.engine.preview("App", "twoCalls", program)).toBe("update");

      await clearRequests(ctx.emulator);
      const rerun = await ctx.engine.up("App", "twoCalls", program);
      expect(rerun.action).toBe("update");
      expect(requestLines(await apiRequests(ctx.emulator))).toEqual([
        `GET /api/v1/apps/${recorded?.id}`,
        `POST /api/v1/apps/${recorded?.id}`,
      ]);
      expect((await outOfBand(ctx.emulator, "GET", `/api/v1/apps/${recorded?.id}`)).app).toMatchObject({
        isManuallyManaged: true,
      });

      await ctx.engine.destroy("App", "twoCalls");
      const afterDestroy = await managedObjects(ctx.emulator, ctx.engine.workspace);
      printFigures(`two-call App create failing with ${fault}, rerun, destroy (${ctx.name} door)`, {
        objectsAfterFailure: afterFailure.length,
        objectsAfterDestroy: afterDestroy.length,
      });
      expect(afterDestroy).toEqual([]);
    });
  });
});
