import { describe, expect, it } from "vitest";
import { LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import { apiRequests, clearRequests } from "../../testkit/emulatorApi";
import { NativePlugin, type Props, urnOf } from "../../testkit/nativePlugin";
import { settled, useImpactPlugins } from "./harness/setup";

const CATALOG = "idgov:index:RequestCatalog";
const OBJECT = "RequestCatalog engineering (cat-engineering)";
/** Adopting the seeded catalog (visible to everyone, 14 members) and hiding it: an update of its reach. */
const ADOPT_HIDDEN = { adoptId: "cat-engineering", visibleToEveryone: false };
const context = useImpactPlugins();

async function checked(through: NativePlugin, news: Props): Promise<Props> {
  const answer = await through.check(CATALOG, "engineering", news);
  expect(answer.failures).toEqual([]);
  return answer.inputs;
}

async function requestsSent(): Promise<string[]> {
  return (await apiRequests(context.emulator)).map((call) => `${call.method} ${call.path}`);
}

describe("pulumi-resource-idgov: the impact of a create that adopts an existing object", () => {
  it("warns of adopting a catalog with a change of its reach as the update it is, with one read", async () => {
    const inputs = await checked(context.plugin, ADOPT_HIDDEN);
    await clearRequests(context.emulator);
    await context.plugin.create(CATALOG, "engineering", inputs, true);
    await settled(context);
    expect(context.engine.messages).toEqual([
      {
        severity: LogSeverity.WARNING,
        urn: urnOf(CATALOG, "engineering"),
        message:
          `${OBJECT}: visibleToEveryone: true → false: every user of the tenant but the catalog's 14 members ` +
          "stops seeing it (RequestCatalogView.memberCount) (tenant-wide)",
      },
    ]);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
  });

  it("says nothing of an adoption that leaves the catalog's reach as it is, after its one read", async () => {
    const inputs = await checked(context.plugin, { adoptId: "cat-engineering", visibleToEveryone: true });
    await clearRequests(context.emulator);
    await context.plugin.create(CATALOG, "engineering", inputs, true);
    await settled(context);
    expect(context.engine.messages).toEqual([]);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
  });
});

describe("pulumi-resource-idgov: idgov:impactLimit on a create that adopts", () => {
  const refusal =
    `${OBJECT}: visibleToEveryone: true → false: every user of the tenant but the catalog's 14 members ` +
    "stops seeing it (RequestCatalogView.memberCount) (tenant-wide): the tenant counts 14, more than " +
    "idgov:impactLimit 10. If this change was reviewed, set acceptImpact: 14 on the resource to accept it, " +
    "and run again";

  it("fails the preview's Create past the limit, naming the object, the count, the limit and acceptImpact", async () => {
    const inputs = await checked(context.guarded, ADOPT_HIDDEN);
    await clearRequests(context.emulator);
    await expect(context.guarded.create(CATALOG, "engineering", inputs, true)).rejects.toThrow(refusal);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
  });

  it("fails the real Create before any write, from the adoption's own read", async () => {
    const inputs = await checked(context.guarded, ADOPT_HIDDEN);
    await clearRequests(context.emulator);
    await expect(context.guarded.create(CATALOG, "engineering", inputs)).rejects.toThrow(refusal);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
  });

  it("lets an adoption through whose acceptImpact covers the live count: it warns, then adopts", async () => {
    const inputs = await checked(context.guarded, { ...ADOPT_HIDDEN, acceptImpact: 14 });
    await clearRequests(context.emulator);
    await context.guarded.create(CATALOG, "engineering", inputs, true);
    await settled(context);
    expect(context.engine.messages.map((message) => message.message)).toEqual([
      expect.stringContaining(
        `${OBJECT}: visibleToEveryone: true → false: every user of the tenant but the catalog's 14 members`,
      ),
    ]);
    expect(await requestsSent()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
    await clearRequests(context.emulator);
    const created = await context.guarded.create(CATALOG, "engineering", inputs);
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
