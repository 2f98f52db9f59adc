import { describe, expect, it } from "vitest";
import { ApiSession } from "../../emulator/testing";
import { clearRequests } from "../../testkit/emulatorApi";
import { emulatorLog, faultFigures, printFigures } from "./support/figures";
import { expectedAddress, managedObjects, objectFigures } from "./support/objects";
import { type KindProgram, KIND_PROGRAMS, storedFields } from "./support/programs";
import { DOORS, type DoorTestContext, useDoor } from "./support/doors";
import { withFaults } from "./support/steps";

describe.each(DOORS)("through the $name door", (door) => {
  const ctx = useDoor(door, { config: { "idgov:maxRetries": "5", "idgov:requestTimeoutMs": "1000" } });
  describe.each(KIND_PROGRAMS)("$kind under transient faults", (program) =>
    lifeCycleUnderFaults(ctx, program),
  );
});

function lifeCycleUnderFaults(ctx: DoorTestContext, { kind, first, changed, collection, item }: KindProgram) {
  it("creates, updates, reads and deletes through a 429 with Retry-After, 500, 503, resets, a lost answer and a timeout, and no fault reaches the user", async () => {
    const created = await withFaults(
      ctx.emulator,
      {
        retryAfterSeconds: 0,
        script: [
          { fault: "429", method: "POST", pathPrefix: collection },
          { fault: "500", method: "POST", pathPrefix: collection },
          { fault: "reset", method: "POST", pathPrefix: collection },
        ],
      },
      () => ctx.engine.up(kind, "faulted", first),
    );
    const id = created.action === "create" ? created.state.id : "(no create)";
    const updated = await withFaults(
      ctx.emulator,
      {
        retryAfterSeconds: 0,
        script: [
          { fault: "503", method: "POST", pathPrefix: item(id) },
          { fault: "dropAfterCommit", method: "POST", pathPrefix: item(id) },
        ],
      },
      () => ctx.engine.up(kind, "faulted", changed),
    );
    const refreshed = await withFaults(
      ctx.emulator,
      {
        // The slow answer comes well after the 1 s timeout, so that even a starved event loop sees the timeout first.
        script: [
          { fault: "500", method: "GET" },
          { latencyMs: 2500, method: "GET" },
        ],
      },
      () => ctx.engine.refresh(kind, "faulted"),
    );
    const live = await managedObjectsKeepingLog(ctx);
    await withFaults(
      ctx.emulator,
      {
        retryAfterSeconds: 0,
        script: [
          { fault: "429", method: "DELETE" },
          { fault: "dropAfterCommit", method: "DELETE" },
        ],
      },
      () => ctx.engine.destroy(kind, "faulted"),
    );
    const log = [...live.log, ...(await emulatorLog(ctx.emulator))];
    const figures = faultFigures(log);
    printFigures(`${kind} life cycle through scripted faults (${ctx.name} door)`, {
      ...figures,
      ...objectFigures(live.objects),
    });

    expect([created.action, updated.action]).toEqual(["create", "update"]);
    expect(live.objects).toEqual([
      { kind, id, address: expectedAddress(kind, ctx.engine.urn(kind, "faulted"), first) },
    ]);
    expect(refreshed?.outputs).toMatchObject(storedFields(changed));
    expect(figures.faultsInjected).toEqual({
      "429": 2,
      "500": 2,
      "503": 1,
      reset: 1,
      dropAfterCommit: 2,
      latency: 1,
    });
    expect(figures.retriesMade).toBe(9);
    expect(log.filter((request) => request.method === "POST" && request.path === collection)).toHaveLength(4);
    expect((await new ApiSession(ctx.emulator.url).get(item(id))).status).toBe(404);
  });
}

/** The managed objects right now, with the request log up to now kept aside (the count's own requests left out). */
async function managedObjectsKeepingLog(ctx: DoorTestContext) {
  const log = await emulatorLog(ctx.emulator);
  const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
  await clearRequests(ctx.emulator);
  return { log, objects };
}
