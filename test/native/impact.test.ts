import { describe, expect, it } from "vitest";
import { LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import { apiRequests, clearRequests, isWrite } from "../../testkit/emulatorApi";
import { NativePlugin, type Props, urnOf } from "../../testkit/nativePlugin";
import { providerInputs, settled, useImpactPlugins } from "./harness/setup";

const CATALOG = "idgov:index:RequestCatalog";
const SESSION = "idgov:index:SessionSettings";
const context = useImpactPlugins();

/** The seeded catalog with 14 members, under management as `engineering`: its state and inputs. */
async function adoptedCatalog(through: NativePlugin) {
  const checked = await through.check(CATALOG, "engineering", { adoptId: "cat-engineering" });
  const created = await through.create(CATALOG, "engineering", checked.inputs);
  const inputs = { ...checked.inputs, visibleToEveryone: true };
  return { id: created.id, state: created.outputs, inputs };
}

/** What `pulumi preview` asks of a changed resource: Diff, then Update with `preview: true`. */
async function preview(through: NativePlugin, id: string, state: Props, inputs: Props, news: Props) {
  const diff = await through.diff(CATALOG, "engineering", id, state, news, inputs);
  if (diff.changes === "some") await through.update(CATALOG, "engineering", id, state, news, true);
  return diff;
}

const HIDE = { visibleToEveryone: false };
const OBJECT = "RequestCatalog engineering (cat-engineering)";

describe("pulumi-resource-idgov: the impact of a planned change, in the preview", () => {
  it("warns once, beside the catalog, naming it, the change and its 14 members, with one read", async () => {
    const { id, state, inputs } = await adoptedCatalog(context.plugin);
    await clearRequests(context.emulator);
    const diff = await preview(context.plugin, id, state, inputs, { ...inputs, ...HIDE });
    expect(diff.changes).toBe("some");
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
    const calls = await apiRequests(context.emulator);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /api/v1/catalogs/cat-engineering",
    ]);
  });

  it("warns no more when `pulumi up` goes on to Diff and Update for real", async () => {
    const { id, state, inputs } = await adoptedCatalog(context.plugin);
    const news = { ...inputs, ...HIDE };
    await preview(context.plugin, id, state, inputs, news);
    await context.plugin.diff(CATALOG, "engineering", id, state, news, inputs);
    await context.plugin.update(CATALOG, "engineering", id, state, news);
    await settled(context);
    expect(context.engine.messages).toHaveLength(1);
  });

  it("says nothing of an unchanged catalog and sends no request for it", async () => {
    const { id, state, inputs } = await adoptedCatalog(context.plugin);
    await clearRequests(context.emulator);
    const diff = await preview(context.plugin, id, state, inputs, inputs);
    expect(diff.changes).toBe("none");
    await settled(context);
    expect(context.engine.messages).toEqual([]);
    expect(await apiRequests(context.emulator)).toEqual([]);
  });

  it("says nothing of a change that reaches no one (a description), and reads nothing for it", async () => {
    const { id, state, inputs } = await adoptedCatalog(context.plugin);
    await clearRequests(context.emulator);
    await preview(context.plugin, id, state, inputs, { ...inputs, description: "Renamed only" });
    await settled(context);
    expect(context.engine.messages).toEqual([]);
    expect(await apiRequests(context.emulator)).toEqual([]);
  });

  it("warns of a session settings change as tenant-wide, naming the sign-in path, with no read", async () => {
    await clearRequests(context.emulator);
    const checked = await context.plugin.check(SESSION, "session", { maxSessionLength: "4h" });
    expect(checked.failures).toEqual([]);
    await context.plugin.create(SESSION, "session", checked.inputs, true);
    await settled(context);
    expect(context.engine.messages).toEqual([
      {
        severity: LogSeverity.WARNING,
        urn: urnOf(SESSION, "session"),
        message: expect.stringMatching(
          /^SessionSettings session: maxSessionLength: 14400s: every user of the tenant: every signed-in session.* \(tenant-wide\)$/,
        ),
      },
    ]);
    expect(await apiRequests(context.emulator)).toEqual([]);
  });
});

describe("pulumi-resource-idgov: idgov:impactLimit", () => {
  it("fails the preview of a change past the limit, naming the object, the count, the limit and acceptImpact", async () => {
    const { id, state, inputs } = await adoptedCatalog(context.guarded);
    const news = { ...inputs, ...HIDE };
    await expect(context.guarded.diff(CATALOG, "engineering", id, state, news, inputs)).rejects.toThrow(
      `${OBJECT}: visibleToEveryone: true → false: every user of the tenant but the catalog's 14 members ` +
        "stops seeing it (RequestCatalogView.memberCount) (tenant-wide): the tenant counts 14, more than " +
        "idgov:impactLimit 10. If this change was reviewed, set acceptImpact: 14 on the resource to accept it, " +
        "and run again",
    );
  });

  it("lets a change through whose acceptImpact covers the live count, and still warns once", async () => {
    const { id, state, inputs } = await adoptedCatalog(context.guarded);
    await clearRequests(context.emulator);
    const diff = await preview(context.guarded, id, state, inputs, { ...inputs, ...HIDE, acceptImpact: 14 });
    expect(diff.changes).toBe("some");
    await settled(context);
    expect(context.engine.messages.map((message) => message.message)).toEqual([
      expect.stringContaining(
        `${OBJECT}: visibleToEveryone: true → false: every user of the tenant but the catalog's 14 members`,
      ),
    ]);
    expect(await apiRequests(context.emulator)).toHaveLength(1);
  });

  it("refuses an acceptImpact below the live count, saying what it accepts", async () => {
    const { id, state, inputs } = await adoptedCatalog(context.guarded);
    const news = { ...inputs, ...HIDE, acceptImpact: 13 };
    await expect(context.guarded.diff(CATALOG, "engineering", id, state, news, inputs)).rejects.toThrow(
      /14 members .* the tenant counts 14, more than idgov:impactLimit 10 \(acceptImpact: 13 accepts at most 13\)\. .*set acceptImpact: 14/,
    );
  });

  it("never sends acceptImpact to the service, and shows no change when only it changes", async () => {
    const { id, state, inputs } = await adoptedCatalog(context.guarded);
    const news = { ...inputs, ...HIDE, acceptImpact: 20 };
    await clearRequests(context.emulator);
    await context.guarded.update(CATALOG, "engineering", id, state, news);
    const writes = (await apiRequests(context.emulator)).filter(isWrite);
    expect(writes.length).toBeGreaterThan(0);
    expect(JSON.stringify(writes)).not.toContain("acceptImpact");
    const same = await context.guarded.diff(
      CATALOG,
      "engineering",
      id,
      state,
      { ...inputs, acceptImpact: 20 },
      inputs,
    );
    expect(same.changes).toBe("none");
  });

  it("fails check of the provider, naming idgov:impactLimit, when it is not a whole number", async () => {
    const answer = await context.plugin.checkConfig({
      ...providerInputs(context.emulator),
      impactLimit: "many",
    });
    expect(answer.failures).toEqual([
      { property: "impactLimit", reason: expect.stringMatching(/^idgov:impactLimit must be a whole number/) },
    ]);
  });

  it("fails check of a resource whose acceptImpact is not a whole number", async () => {
    const checked = await context.plugin.check(CATALOG, "engineering", {
      adoptId: "cat-engineering",
      acceptImpact: 1.5,
    });
    expect(checked.failures).toEqual([
      { property: "acceptImpact", reason: expect.stringContaining("must be a whole number") },
    ]);
  });
});
