import { describe, expect, it } from "vitest";
import { SEED, type LoggedRequest } from "../../emulator";
import { clearRequests, outOfBand } from "../../testkit/emulatorApi";
import { emulatorLog, faultFigures, printFigures } from "./support/figures";
import { expectedAddress, managedObjects, objectFigures } from "./support/objects";
import { KIND_PROGRAMS, storedFields } from "./support/programs";
import { DOORS, useDoor } from "./support/doors";
import { failureOf, withFaults } from "./support/steps";

/** How a create's answer is lost: the fault script armed for the create POST. */
const LOSSES = [
  { loss: "the answer dropped after the commit", entry: { fault: "dropAfterCommit" } },
  { loss: "a timeout while the service commits", entry: { latencyMs: 1500 } },
  { loss: "a connection reset before the service saw it", entry: { fault: "reset" } },
  { loss: "a 200 carrying an HTML page after the commit", entry: { fault: "htmlAfterCommit" } },
  { loss: "a 200 carrying {} after the commit", entry: { fault: "emptyAfterCommit" } },
  { loss: "a 200 carrying truncated JSON after the commit", entry: { fault: "truncatedAfterCommit" } },
] as const;

/** Unreadable answers take the lost-answer path as a dropped one does: run for an annotated kind and an auth config. */
const UNREADABLE_KINDS = new Set(["App", "AuthConfig"]);

/**
 * A timeout differs from the other losses only in the wait before the lookup, the same for every kind: it is run for
 * the two kinds whose lookups differ most (a list and a search).
 */
const TIMED_OUT_KINDS = new Set(["RequestCatalog", "Automation"]);

const CASES = KIND_PROGRAMS.flatMap((program) =>
  LOSSES.filter(({ entry }) => {
    if ("latencyMs" in entry) return TIMED_OUT_KINDS.has(program.kind);
    return (
      !entry.fault.endsWith("AfterCommit") ||
      entry.fault === "dropAfterCommit" ||
      UNREADABLE_KINDS.has(program.kind)
    );
  }).map((loss) => ({
    ...program,
    ...loss,
  })),
);

function creates(log: readonly LoggedRequest[], collection: string): LoggedRequest[] {
  return log.filter((request) => request.method === "POST" && request.path === collection);
}

describe.each(DOORS)("through the $name door", (door) => {
  const ctx = useDoor(door, { config: { "idgov:maxRetries": "5", "idgov:requestTimeoutMs": "1000" } });

  describe.each(CASES)(
    "$kind create after $loss",
    ({ kind, first, collection, item, entity, entry, loss }) => {
      it("leaves exactly one object, the one in state, with the program's values", async () => {
        const result = await withFaults(
          ctx.emulator,
          { script: [{ ...entry, method: "POST", pathPrefix: collection }] },
          () => ctx.engine.up(kind, "lost", first),
        );
        const log = await emulatorLog(ctx.emulator);
        const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
        printFigures(`${kind} create after ${loss} (${ctx.name} door)`, {
          ...faultFigures(log),
          ...objectFigures(objects),
        });

        const id = result.action === "create" ? result.state.id : "(no create)";
        expect(objects).toEqual([
          { kind, id, address: expectedAddress(kind, ctx.engine.urn(kind, "lost"), first) },
        ]);
        const committed = !("fault" in entry) || entry.fault !== "reset";
        expect(creates(log, collection).map((request) => request.status)).toEqual(
          committed ? [200] : [0, 200],
        );
        const live = entity(await outOfBand(ctx.emulator, "GET", item(id)));
        expect(live).toMatchObject(storedFields(first));
      });
    },
  );

  describe("looking for a lost object", () => {
    it("pages through a tenant with many objects to find the one it made", async () => {
      for (let index = 0; index < 105; index += 1) {
        await outOfBand(ctx.emulator, "POST", "/api/v1/apps", { displayName: `Existing ${index}` });
      }
      const result = await withFaults(
        ctx.emulator,
        { script: [{ fault: "dropAfterCommit", method: "POST", pathPrefix: "/api/v1/apps" }] },
        () => ctx.engine.up("App", "crowded", { displayName: "Crowded" }),
      );
      const lists = (await emulatorLog(ctx.emulator)).filter(
        (request) => request.method === "GET" && request.path === "/api/v1/apps",
      );
      const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
      printFigures(`App create lost among 112 apps (${ctx.name} door)`, objectFigures(objects));

      expect(lists.length).toBeGreaterThan(1);
      expect(lists.slice(1).every((request) => request.query.page_token !== undefined)).toBe(true);
      const id = result.action === "create" ? result.state.id : "(no create)";
      expect(objects).toEqual([{ kind: "App", id, address: ctx.engine.urn("App", "crowded") }]);
    });

    it("adopts, for each of two resources whose answers are lost at once, its own object", async () => {
      const [left, right] = await withFaults(
        ctx.emulator,
        { script: [{ fault: "dropAfterCommit", method: "POST", pathPrefix: "/api/v1/apps", times: 2 }] },
        () =>
          Promise.all([
            ctx.engine.up("App", "left", { displayName: "Twin" }),
            ctx.engine.up("App", "right", { displayName: "Twin" }),
          ]),
      );
      const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
      printFigures(`two App creates lost at once (${ctx.name} door)`, objectFigures(objects));

      const idOf = (result: typeof left) => (result?.action === "create" ? result.state.id : "(no create)");
      expect(new Set(objects)).toEqual(
        new Set([
          { kind: "App", id: idOf(left), address: ctx.engine.urn("App", "left") },
          { kind: "App", id: idOf(right), address: ctx.engine.urn("App", "right") },
        ]),
      );
      expect(idOf(left)).not.toBe(idOf(right));
    });
    it("creates nothing more, and says what to adopt, when looking for the lost object fails", async () => {
      const urn = ctx.engine.urn("App", "unfindable");
      const error = await withFaults(
        ctx.emulator,
        {
          script: [
            { fault: "reset", method: "POST", pathPrefix: "/api/v1/apps" },
            { fault: "500", method: "GET", pathPrefix: "/api/v1/apps", times: 10 },
          ],
        },
        () => failureOf(ctx.engine.up("App", "unfindable", { displayName: "Unfindable" })),
      );
      const log = await emulatorLog(ctx.emulator);
      printFigures(`App create lost while the list fails (${ctx.name} door)`, { ...faultFigures(log) });

      expect(error.message).toMatch(
        /^create App unfindable: the answer to the create was lost \(.+\) and looking /,
      );
      expect(error.message).toContain("looking for the object it may have made failed (");
      expect(error.message).toContain(
        `; if an object stamped iac_resource_address=${urn} exists, adopt it with adoptId`,
      );
      expect(creates(log, "/api/v1/apps")).toHaveLength(1);
      expect(await managedObjects(ctx.emulator, ctx.engine.workspace)).toEqual([]);
    });
  });

  describe("telling the lost object from others", () => {
    it("never takes an older auth config of the same name and provider for the one a lost create made", async () => {
      const program = { displayName: "Generic OIDC", oidc: { issuerId: "https://idp.acme.example.com" } };
      const result = await withFaults(
        ctx.emulator,
        { script: [{ fault: "reset", method: "POST", pathPrefix: "/api/v1/auth-configs" }] },
        () => ctx.engine.up("AuthConfig", "namesake", program),
      );
      const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
      printFigures(`AuthConfig create lost beside a namesake (${ctx.name} door)`, objectFigures(objects));

      const id = result.action === "create" ? result.state.id : "(no create)";
      expect(id).not.toBe(SEED.authConfigs.oidc);
      expect(objects).toEqual([{ kind: "AuthConfig", id, address: "Generic OIDC" }]);
    });

    it("refuses to guess, and creates nothing more, when several objects carry the resource's address", async () => {
      const urn = ctx.engine.urn("App", "doubled");
      const annotations = {
        managed_by: "pulumi",
        iac_workspace: ctx.engine.workspace,
        iac_resource_address: urn,
      };
      for (const copy of ["first", "second"]) {
        await outOfBand(ctx.emulator, "POST", "/api/v1/apps", {
          displayName: `Doubled ${copy}`,
          annotations,
        });
      }
      const error = await withFaults(
        ctx.emulator,
        { script: [{ fault: "reset", method: "POST", pathPrefix: "/api/v1/apps" }] },
        () => failureOf(ctx.engine.up("App", "doubled", { displayName: "Doubled" })),
      );
      const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
      printFigures(`App create lost beside two planted objects of its address (${ctx.name} door)`, {
        plantedObjects: 2,
        objectsCreatedByTheRun: objects.length - 2,
      });

      const ids = objects.map((object) => object.id);
      expect(error.message).toBe(
        `create App doubled: the answer to the create was lost and 2 objects could be the one it made ` +
          `(${ids.join(", ")}); adopt the right one with adoptId and delete the others`,
      );
      expect(objects).toHaveLength(2);
    });
  });
});
