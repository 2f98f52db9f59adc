import { describe, expect, it } from "vitest";
import type { LoggedRequest } from "../emulator";
import { clearRequests, outOfBand } from "../resources/harness/emulatorApi";
import { useProviderHost } from "../resources/harness/setup";
import { emulatorLog, faultFigures, printFigures } from "./support/figures";
import { managedObjects, objectFigures } from "./support/objects";
import { KIND_PROGRAMS } from "./support/programs";
import { withFaults } from "./support/steps";

const ctx = useProviderHost({ config: { "idgov:maxRetries": "5", "idgov:requestTimeoutMs": "1000" } });

/** How a create's answer is lost: the fault script armed for the create POST. */
const LOSSES = [
  { loss: "the answer dropped after the commit", entry: { fault: "dropAfterCommit" } },
  { loss: "a timeout while the service commits", entry: { latencyMs: 1500 } },
  { loss: "a connection reset before the service saw it", entry: { fault: "reset" } },
] as const;

const CASES = KIND_PROGRAMS.flatMap((program) => LOSSES.map((loss) => ({ ...program, ...loss })));

function collectionOf(item: (id: string) => string): string {
  return item("").replace(/\/$/, "");
}

function creates(log: readonly LoggedRequest[], collection: string): LoggedRequest[] {
  return log.filter((request) => request.method === "POST" && request.path === collection);
}

describe.each(CASES)("$kind create after $loss", ({ kind, first, item, entity, entry, loss }) => {
  it("leaves exactly one object, the one in state, with the program's values", async () => {
    const collection = collectionOf(item);
    const result = await withFaults(
      ctx.emulator,
      { script: [{ ...entry, method: "POST", pathPrefix: collection }] },
      () => ctx.engine.up(kind, "lost", first),
    );
    const log = await emulatorLog(ctx.emulator);
    const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
    printFigures(`${kind} create after ${loss}`, { ...faultFigures(log), ...objectFigures(objects) });

    const id = result.action === "create" ? result.state.id : "(no create)";
    expect(objects).toEqual([{ kind, id, address: ctx.engine.urn(kind, "lost") }]);
    const committed = !("fault" in entry) || entry.fault !== "reset";
    expect(creates(log, collection).map((request) => request.status)).toEqual(committed ? [200] : [0, 200]);
    const live = entity(await outOfBand(ctx.emulator, "GET", item(id)));
    const { accessEntitlements: _bound, ...fields } = first;
    expect(live).toMatchObject(fields);
  });
});
