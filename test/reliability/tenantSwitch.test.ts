import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { clearRequests, outOfBand, resetEmulator, setFaults, stackConfig } from "../../testkit/emulatorApi";
import { readState } from "../../provider/engine/stateCodec";
import { earlierStateFormat } from "../support/stateKeys";
import { EngineSimulator } from "../../testkit/engineSimulator";
import { DOORS, type OpenDoor } from "./support/doors";

type Props = Record<string, unknown>;

/** Every request the emulator received, token requests included. */
async function everyRequest(emulator: RunningEmulator): Promise<string[]> {
  const answer = (await (await fetch(`${emulator.url}/__emulator/requests`)).json()) as {
    requests: { method: string; path: string }[];
  };
  return answer.requests.map((request) => `${request.method} ${request.path}`);
}

/** The error a call ends with; fails the test when it succeeds. */
async function failureOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the call to fail");
}

describe.each(DOORS)("$name door: a provider pointed at another tenant under a stack", (door) => {
  let tenantA: RunningEmulator;
  let tenantB: RunningEmulator;
  let inA: OpenDoor;
  let inB: OpenDoor;
  let engineA: EngineSimulator;
  let engineB: EngineSimulator;
  let appId: string;

  beforeAll(async () => {
    tenantA = await startEmulator({ quiet: true });
    tenantB = await startEmulator({ quiet: true });
    inA = await door.open(stackConfig(tenantA));
    inB = await door.open(stackConfig(tenantB));
  });
  afterAll(async () => {
    await inA?.stop();
    await inB?.stop();
    await tenantA?.close();
    await tenantB?.close();
  });
  beforeEach(async () => {
    for (const tenant of [tenantA, tenantB]) await resetEmulator(tenant);
    engineA = new EngineSimulator(inA.provider);
    const created = await engineA.up("App", "wiki", { displayName: "Team Wiki" });
    if (created.action !== "create") throw new Error(`expected a create, got ${created.action}`);
    appId = created.state.id;
    // The next run: the same state, the provider now pointing at tenant B.
    engineB = new EngineSimulator(inB.provider);
    for (const [urn, resource] of engineA.state) engineB.state.set(urn, resource);
    for (const tenant of [tenantA, tenantB]) await clearRequests(tenant);
  });

  const state = () => [...engineB.state.values()][0] as { id: string; inputs: Props; outputs: Props };

  it("records the tenant the object lives in, as an origin, in its state", () => {
    expect(readState(state().outputs).__tenant).toBe(new URL(tenantA.url).origin);
  });

  it("preview, refresh, update and destroy each fail naming both tenants, sending nothing to either", async () => {
    const a = new URL(tenantA.url).origin;
    const b = new URL(tenantB.url).origin;
    const urn = engineB.urn("App", "wiki");
    const { id, inputs, outputs } = state();
    const failures = [
      await failureOf(() => engineB.preview("App", "wiki", { displayName: "Renamed" })),
      await failureOf(() => engineB.refresh("App", "wiki")),
      await failureOf(() => inB.provider.update("App", urn, id, outputs, inputs, inputs)),
      await failureOf(() => engineB.destroy("App", "wiki")),
    ];
    const operations = ["plan", "read", "update", "delete"];
    failures.forEach((message, index) => {
      expect(message).toContain(`${operations[index]} App wiki: "${id}" lives in tenant ${a}`);
      expect(message).toContain(`the idgov provider now points at ${b}`);
      expect(message).toContain("nothing was sent to either tenant");
    });
    expect(await everyRequest(tenantA)).toEqual([]);
    expect(await everyRequest(tenantB)).toEqual([]);
    // Tenant A's object is untouched, still stamped as the stack's, and still in the state.
    expect((await outOfBand(tenantA, "GET", `/api/v1/apps/${appId}`)).app).toMatchObject({
      displayName: "Team Wiki",
      annotations: { managed_by: "pulumi", iac_resource_address: urn },
    });
    expect(engineB.state.get(urn)?.id).toBe(appId);
  });

  it("a write that stops half way records the tenant its object lives in with the state it reached", async () => {
    await setFaults(tenantA, {
      script: [{ fault: "500", method: "POST", pathPrefix: "/api/v1/apps/", times: 10 }],
    });
    try {
      const program = { displayName: "Half way", iconUrl: "https://icons.example.com/h.png" };
      await expect(engineA.up("App", "halfway", program)).rejects.toThrow(/was not finished/);
    } finally {
      await setFaults(tenantA, {});
    }
    const recorded = engineA.state.get(engineA.urn("App", "halfway"));
    expect(recorded?.id).toMatch(/\S/);
    expect(readState(recorded?.outputs).__tenant).toBe(new URL(tenantA.url).origin);
  });

  it("the same tenant spelled differently is the same tenant: refresh reads it there", async () => {
    const spelled = `${tenantA.url.replace("http://", "HTTP://")}/`;
    const again = await door.open({ ...stackConfig(tenantA), "idgov:baseUrl": spelled });
    try {
      const engine = new EngineSimulator(again.provider);
      for (const [urn, resource] of engineA.state) engine.state.set(urn, resource);
      expect((await engine.refresh("App", "wiki"))?.id).toBe(appId);
      expect(await engine.preview("App", "wiki", { displayName: "Team Wiki" })).toBe("same");
    } finally {
      await again.stop();
    }
  });

  it("a state written before tenants were recorded is not blocked (unknown), and gains its tenant on refresh", async () => {
    const older = earlierStateFormat(state().outputs, ["__tenant"]);
    const urn = engineA.urn("App", "wiki");
    engineA.state.set(urn, { ...state(), outputs: older });
    const refreshed = await engineA.refresh("App", "wiki");
    expect(readState(refreshed?.outputs).__tenant).toBe(new URL(tenantA.url).origin);
  });
});
