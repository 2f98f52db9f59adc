import { describe, expect, it } from "vitest";
import { apiRequests, clearRequests, outOfBand, setFaults } from "../../testkit/emulatorApi";
import { EngineSimulator } from "../../testkit/engineSimulator";
import { useProviderHost } from "./harness/setup";
import { OWNERSHIP_INPUT } from "../../resources/dynamic/ownershipInput";

const ctx = useProviderHost();
const APP = "app-aws";
const appPath = `/api/v1/apps/${APP}`;
const WORKSPACE_B = "organization/idgov-test/other";

/** Stack A adopts the app; stack B, another workspace on the same tenant, takes it over. */
async function adoptedThenTakenOver(): Promise<{ a: EngineSimulator; b: EngineSimulator; urn: string }> {
  const a = ctx.engine;
  const b = new EngineSimulator(ctx.host, WORKSPACE_B);
  expect((await a.up("App", "aws", { adoptId: APP, description: "A's" })).action).toBe("create");
  await expect(b.up("App", "aws", { adoptId: APP, description: "B's" })).rejects.toThrow(
    `cannot adopt App "${APP}": it is managed elsewhere (workspace "organization/idgov-test/dev", tool "pulumi"); ` +
      "set allowTakeover: true to take it over",
  );
  expect((await b.up("App", "aws", { adoptId: APP, allowTakeover: true, description: "B's" })).action).toBe(
    "create",
  );
  await clearRequests(ctx.emulator);
  return { a, b, urn: a.urn("App", "aws") };
}

const owner = `its annotations say it is managed by workspace "${WORKSPACE_B}", tool "pulumi", not by this stack (workspace "organization/idgov-test/dev")`;

describe("ownership is checked on every write", () => {
  it("refuses an update of an object another workspace took over, without a refresh, and writes nothing", async () => {
    const { a, urn } = await adoptedThenTakenOver();
    await expect(a.up("App", "aws", { adoptId: APP, description: "A's again" })).rejects.toThrow(
      `update refused: App "${APP}" (aws): ${owner}; nothing was written. To let go of it, run ` +
        `\`pulumi state delete '${urn}'\` and remove it from the program; to take it back, set allowTakeover: true`,
    );
    expect((await apiRequests(ctx.emulator)).map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${appPath}`]);
    const live = await outOfBand(ctx.emulator, "GET", appPath);
    expect(live.app).toMatchObject({ description: "B's", annotations: { iac_workspace: WORKSPACE_B } });
  });

  it("shows the new owner on refresh as drift of ownership, and the drift run fails naming it", async () => {
    const { a } = await adoptedThenTakenOver();
    const refreshed = await a.refresh("App", "aws");
    expect(refreshed?.inputs[OWNERSHIP_INPUT]).toEqual({
      workspace: WORKSPACE_B,
      resourceAddress: a.urn("App", "aws"),
    });
    expect(refreshed?.outputs.annotations).toMatchObject({ iac_workspace: WORKSPACE_B });
    await expect(a.preview("App", "aws", { adoptId: APP, description: "A's" })).rejects.toThrow(
      `App "${APP}" (aws): ${owner}; this stack will not update or delete it.`,
    );
    expect((await apiRequests(ctx.emulator)).map((r) => r.method)).toEqual(["GET"]);
  });

  it("refuses to delete an object another workspace took over: it survives, and the message says how to let go", async () => {
    const { a, urn } = await adoptedThenTakenOver();
    await expect(a.destroy("App", "aws")).rejects.toThrow(
      `delete refused: App "${APP}" (aws): ${owner}; nothing was deleted. To let go of it, run ` +
        `\`pulumi state delete '${urn}'\` and remove it from the program (the object stays with its owner); ` +
        "to delete it anyway, set allowTakeover: true and run pulumi up before pulumi destroy",
    );
    expect((await apiRequests(ctx.emulator)).map((r) => r.method)).toEqual(["GET"]);
    expect((await outOfBand(ctx.emulator, "GET", appPath)).app).toMatchObject({ id: APP });
  });

  it("takes the object back only when the program says so, and then B is refused in turn", async () => {
    const { a, b } = await adoptedThenTakenOver();
    await a.refresh("App", "aws");
    const back = await a.up("App", "aws", { adoptId: APP, allowTakeover: true, description: "A's again" });
    expect(back.action).toBe("update");
    expect((await outOfBand(ctx.emulator, "GET", appPath)).app).toMatchObject({
      description: "A's again",
      annotations: { iac_workspace: "organization/idgov-test/dev" },
    });
    await expect(
      b.up("App", "aws", { adoptId: APP, allowTakeover: true, description: "B's" }),
    ).resolves.toMatchObject({ action: "same" });
    await expect(b.up("App", "aws", { adoptId: APP, description: "B's v2" })).rejects.toThrow(
      'managed by workspace "organization/idgov-test/dev", tool "pulumi"',
    );
  });

  it("refuses an update of an object another tool marked as its own, naming the tool", async () => {
    const created = await ctx.engine.up("App", "mine", { displayName: "Mine", description: "v1" });
    if (created.action !== "create") throw new Error(created.action);
    const path = `/api/v1/apps/${created.state.id}`;
    await outOfBand(ctx.emulator, "POST", path, {
      app: { annotations: { managed_by: "terraform", iac_workspace: "" } },
      updateMask: "annotations",
    });
    await expect(ctx.engine.up("App", "mine", { displayName: "Mine", description: "v2" })).rejects.toThrow(
      `update refused: App "${created.state.id}" (mine): its annotations say it is managed by workspace (none), ` +
        'tool "terraform"',
    );
    expect((await apiRequests(ctx.emulator)).map((r) => r.method)).toEqual(["GET"]);
  });

  it("detects two stacks adopting at the same moment: the one whose claim was overwritten fails, naming the winner", async () => {
    const a = ctx.engine;
    const b = new EngineSimulator(ctx.host, WORKSPACE_B);
    await a.up("App", "warm-up", { displayName: "Warm-up" });
    // A's claim and B's claim are slow, so B reads the app before A's claim lands and claims it after; A's
    // confirming read is slower still, so it sees B's claim.
    const slow = (method: string, latencyMs: number, times: number) => ({
      method,
      pathPrefix: appPath,
      latencyMs,
      times,
    });
    await setFaults(ctx.emulator, {
      script: [slow("POST", 1500, 2), slow("GET", 0, 2), slow("GET", 3000, 1)],
    });
    try {
      const adoptingA = a.up("App", "aws", { adoptId: APP, description: "A's" });
      const failedA = expect(adoptingA).rejects.toThrow(
        `App "${APP}" (aws): the write went through, but its annotations say it is managed by workspace ` +
          `"${WORKSPACE_B}", tool "pulumi", not by this stack (workspace "organization/idgov-test/dev"): another ` +
          "stack or tool claimed it at the same time.",
      );
      await until(async () =>
        (await apiRequests(ctx.emulator)).some((r) => r.method === "POST" && r.path === appPath),
      );
      expect((await b.up("App", "aws", { adoptId: APP, description: "B's" })).action).toBe("create");
      await failedA;
    } finally {
      await setFaults(ctx.emulator, {});
    }
    expect((await outOfBand(ctx.emulator, "GET", appPath)).app).toMatchObject({
      annotations: { iac_workspace: WORKSPACE_B },
    });
    // A's state holds what it wrote; from now on A is refused rather than taking the app back.
    expect(a.state.has(a.urn("App", "aws"))).toBe(true);
    await expect(a.up("App", "aws", { adoptId: APP, description: "A's v2" })).rejects.toThrow(
      "update refused",
    );
  });
});

/** Polls `condition` every 20 ms for up to 10 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("timed out waiting for the condition");
}

describe("the ownership the dynamic host decodes", () => {
  it("refuses inputs made without a resource class's ownership, naming it, before any request", async () => {
    const urn = ctx.engine.urn("App", "bare");
    await expect(ctx.host.check("App", urn, {}, { displayName: "Bare" })).rejects.toThrow(
      `${OWNERSHIP_INPUT}: must be the resource's workspace and URN`,
    );
    await expect(ctx.host.create("App", urn, { displayName: "Bare" })).rejects.toThrow(OWNERSHIP_INPUT);
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });

  it("gives check's inputs back with the ownership as the class sent it, which the state then records", async () => {
    const ownership = ctx.engine.ownership("App", "kept");
    const urn = ctx.engine.urn("App", "kept");
    const checked = await ctx.host.check("App", urn, {}, { displayName: "Kept", ...ownership });
    expect(checked).toEqual({ inputs: { displayName: "Kept", ...ownership }, failures: [] });
    const { outputs } = await ctx.host.create("App", urn, checked.inputs);
    expect(outputs.annotations).toMatchObject({
      iac_workspace: "organization/idgov-test/dev",
      iac_resource_address: urn,
    });
  });
});
