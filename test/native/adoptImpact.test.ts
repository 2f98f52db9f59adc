import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import { type RunningEmulator, startEmulator } from "../emulator";
import { apiRequests, clearRequests } from "../resources/harness/emulatorApi";
import { EngineLog } from "./harness/engineLog";
import { NativePlugin, type Props, urnOf } from "./harness/plugin";
import { providerInputs } from "./harness/setup";

const CATALOG = "idgov:index:RequestCatalog";
const OBJECT = "RequestCatalog engineering (cat-engineering)";
/** Adopting the seeded catalog (visible to everyone, 14 members) and hiding it: an update of its reach. */
const ADOPT_HIDDEN = { adoptId: "cat-engineering", visibleToEveryone: false };
let emulator: RunningEmulator;
let engine: EngineLog;
/** Configured without a limit: previews warn. */
let plugin: NativePlugin;
/** Configured with `impactLimit: 10`: creates past it fail. */
let guarded: NativePlugin;

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  engine = await EngineLog.start();
  plugin = await NativePlugin.start({}, engine.address);
  await plugin.configure(providerInputs(emulator));
  guarded = await NativePlugin.start({}, engine.address);
  await guarded.configure({ ...providerInputs(emulator), impactLimit: "10" });
});
beforeEach(async () => {
  await fetch(`${emulator.url}/__emulator/reset`, { method: "POST" });
  engine.messages.length = 0;
});
afterAll(async () => {
  await plugin?.stop();
  await guarded?.stop();
  engine?.stop();
  await emulator?.close();
});

/** Waits for the log to settle: a warning is sent without waiting for the engine's answer. */
async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function checked(through: NativePlugin, news: Props): Promise<Props> {
  const answer = await through.check(CATALOG, "engineering", news);
  expect(answer.failures).toEqual([]);
  return answer.inputs;
}

async function requestsSent(): Promise<string[]> {
  return (await apiRequests(emulator)).map((call) => `${call.method} ${call.path}`);
}

describe("pulumi-resource-idgov: the impact of a create that adopts an existing object", () => {
  it("warns of adopting a catalog with a change of its reach as the update it is, with one read", async () => {
    const inputs = await checked(plugin, ADOPT_HIDDEN);
    await clearRequests(emulator);
    await plugin.create(CATALOG, "engineering", inputs, true);
    await settled();
    expect(engine.messages).toEqual([
      {
        severity: LogSeverity.WARNING,
        urn: urnOf(CATALOG, "engineering"),
        message:
          `${OBJECT}: visibleToEveryone: true → false touches 14 (tenant-wide): members of the catalog ` +
          "(RequestCatalogView.memberCount), who keep seeing it; every other user stops seeing it",
      },
    ]);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
  });

  it("says nothing of an adoption that leaves the catalog's reach as it is, after its one read", async () => {
    const inputs = await checked(plugin, { adoptId: "cat-engineering", visibleToEveryone: true });
    await clearRequests(emulator);
    await plugin.create(CATALOG, "engineering", inputs, true);
    await settled();
    expect(engine.messages).toEqual([]);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
  });
});

describe("pulumi-resource-idgov: idgov:impactLimit on a create that adopts", () => {
  const refusal =
    `${OBJECT}: visibleToEveryone: true → false touches 14 (members of the catalog ` +
    "(RequestCatalogView.memberCount), who keep seeing it; every other user stops seeing it), more than " +
    "idgov:impactLimit 10. If this change was reviewed, set acceptImpact: 14 on the resource to accept it, " +
    "and run again";

  it("fails the preview's Create past the limit, naming the object, the count, the limit and acceptImpact", async () => {
    const inputs = await checked(guarded, ADOPT_HIDDEN);
    await clearRequests(emulator);
    await expect(guarded.create(CATALOG, "engineering", inputs, true)).rejects.toThrow(refusal);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
  });

  it("fails the real Create before any write, from the adoption's own read", async () => {
    const inputs = await checked(guarded, ADOPT_HIDDEN);
    await clearRequests(emulator);
    await expect(guarded.create(CATALOG, "engineering", inputs)).rejects.toThrow(refusal);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
  });

  it("lets an adoption through whose acceptImpact covers the live count: it warns, then adopts", async () => {
    const inputs = await checked(guarded, { ...ADOPT_HIDDEN, acceptImpact: 14 });
    await clearRequests(emulator);
    await guarded.create(CATALOG, "engineering", inputs, true);
    await settled();
    expect(engine.messages.map((message) => message.message)).toEqual([
      expect.stringContaining(`${OBJECT}: visibleToEveryone: true → false touches 14`),
    ]);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
    await clearRequests(emulator);
    const created = await guarded.create(CATALOG, "engineering", inputs);
    expect(created.id).toBe("cat-engineering");
    expect(created.outputs.visibleToEveryone).toBe(false);
    // The adoption's own read (the guard reads nothing more), its one update, and the read after the write.
    expect(await requestsSent()).toEqual([
      "GET /api/v1/catalogs/cat-engineering",
      "POST /api/v1/catalogs/cat-engineering",
      "GET /api/v1/catalogs/cat-engineering",
    ]);
  });
});
