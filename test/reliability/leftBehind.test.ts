import { afterEach, describe, expect, it } from "vitest";
import { DynamicProviderHost } from "../../testkit/dynamicHost";
import { EngineSimulator } from "../../testkit/engineSimulator";
import { apiRequests, clearRequests, outOfBand, stackConfig } from "../../testkit/emulatorApi";
import { useProviderHost } from "../resources/harness/setup";
import { printFigures } from "./support/figures";
import { managedObjects, objectFigures } from "./support/objects";
import { failureOf } from "./support/steps";

const ctx = useProviderHost();
const started: DynamicProviderHost[] = [];
afterEach(async () => {
  for (const host of started.splice(0)) await host.stop();
});

/** Starts a new run: a new dynamic-provider host process, with the state the earlier runs recorded. */
async function newRun(): Promise<void> {
  const host = await DynamicProviderHost.start();
  started.push(host);
  await host.configure(stackConfig(ctx.emulator));
  const state = ctx.engine.state;
  ctx.engine = new EngineSimulator(host);
  for (const [urn, resource] of state) ctx.engine.state.set(urn, resource);
}

/** An app made for resource `name` by a run that was cut short before Pulumi recorded it. */
async function leftBehindApp(name: string, fields: Record<string, unknown>): Promise<string> {
  const annotations = {
    managed_by: "pulumi",
    iac_workspace: ctx.engine.workspace,
    iac_resource_address: ctx.engine.urn("App", name),
  };
  const answer = await outOfBand(ctx.emulator, "POST", "/api/v1/apps", { ...fields, annotations });
  return (answer.app as { id: string }).id;
}

function lines(requests: { method: string; path: string }[]): string[] {
  return requests.map((request) => `${request.method} ${request.path}`);
}

describe("a create whose resource already has an object on the tenant", () => {
  it("adopts the object an earlier run made, with one listing, one read and one masked update", async () => {
    const id = await leftBehindApp("cut", { displayName: "Cut short" });
    await newRun();
    await clearRequests(ctx.emulator);
    const result = await ctx.engine.up("App", "cut", { displayName: "Cut short", description: "finished" });
    const requests = await apiRequests(ctx.emulator);
    const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
    printFigures("App create finding the object a cut-short run made", {
      ...objectFigures(objects),
      requests: requests.length,
    });

    expect(result.action === "create" && result.state.id).toBe(id);
    expect(lines(requests)).toEqual([
      "GET /api/v1/apps",
      `GET /api/v1/apps/${id}`,
      `POST /api/v1/apps/${id}`,
    ]);
    expect(requests[2]?.body).toMatchObject({ updateMask: "description" });
    expect(objects.map((object) => object.id)).toEqual([id]);
  });

  it("lists each kind once per process, not once per create", async () => {
    await newRun();
    await clearRequests(ctx.emulator);
    for (const name of ["one", "two", "three"]) await ctx.engine.up("App", name, { displayName: name });
    expect(lines(await apiRequests(ctx.emulator))).toEqual([
      "GET /api/v1/apps",
      "POST /api/v1/apps",
      "POST /api/v1/apps",
      "POST /api/v1/apps",
    ]);
  });

  it("creates a new object when the one carrying the address is being replaced (it differs in an immutable field)", async () => {
    const { appId, appResourceTypeId } = (await import("../../emulator")).SEED.resourceType;
    const placed = { appId, appResourceTypeId };
    const first = await ctx.engine.up("AppResource", "moved", { ...placed, displayName: "acme/moved" });
    await newRun();
    const other = (await import("../../emulator")).SEED.agentResourceType;
    const replaced = await ctx.engine.up("AppResource", "moved", {
      appId: other.appId,
      appResourceTypeId: other.appResourceTypeId,
      displayName: "acme/moved",
    });
    expect(replaced.action).toBe("replace");
    expect(replaced.action === "replace" && replaced.state.id).not.toBe(
      first.action === "create" && first.state.id,
    );
  });

  it("refuses to guess, creating nothing, when several objects carry the address", async () => {
    const ids = [
      await leftBehindApp("twice", { displayName: "A" }),
      await leftBehindApp("twice", { displayName: "B" }),
    ];
    await newRun();
    const error = await failureOf(ctx.engine.up("App", "twice", { displayName: "A" }));
    expect(error.message).toBe(
      `create App twice: 2 objects already carry iac_resource_address=${ctx.engine.urn("App", "twice")} ` +
        `(${ids.join(", ")}); adopt the right one with adoptId and delete the others`,
    );
    expect(await managedObjects(ctx.emulator, ctx.engine.workspace)).toHaveLength(2);
  });
});
