import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { readState, writeState } from "../../provider/engine/stateCodec";
import { installOfRelease } from "../../provider/service/writerGuard";
import { isNewer, packageVersion } from "../../provider/version";
import { apiRequests, clearRequests, resetEmulator, stackConfig } from "../../testkit/emulatorApi";
import { EngineSimulator } from "../../testkit/engineSimulator";
import { DOORS, type OpenDoor } from "./support/doors";

type Props = Record<string, unknown>;

async function failureOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the call to fail");
}

describe("version precedence", () => {
  it.each([
    ["0.2.0", "0.1.0", true],
    ["0.1.1", "0.1.0", true],
    ["1.0.0", "0.9.9", true],
    ["0.10.0", "0.9.0", true],
    ["0.1.0", "0.1.0", false],
    ["0.1.0", "0.2.0", false],
    ["0.2.0", "0.2.0-alpha.1", true],
    ["0.2.0-alpha.2", "0.2.0-alpha.10", false],
    ["0.2.0-beta.1", "0.2.0-alpha.3", true],
    ["v0.2.0", "0.1.0", true],
    ["0.2.0-dev.5+abc1234", "0.1.0", true],
    ["0.2.0-dev.5+abc1234", "0.2.0", false],
    ["0.2.0", "0.2.0-dev.5+abc1234", true],
    ["0.2.0-dev.10+abc1234", "0.2.0-dev.9+def5678", true],
    ["0.2.0-dev.5+abc1234", "0.2.0-dev.5+def5678", false],
    ["0.2.0-dev.5+def5678", "0.2.0-dev.5+abc1234", false],
    ["0.2.0-dev.5", "0.2.0-dev", true],
    ["0.2.0-alpha.beta", "0.2.0-alpha.1", true],
    ["next", "0.1.0", false],
    ["0.1.0", "next", false],
  ])("%s after %s: %s", (a, b, newer) => {
    expect(isNewer(a, b)).toBe(newer);
  });
});

describe.each(DOORS)("$name door: a state a newer pulumi-idgov wrote", (door) => {
  let tenant: RunningEmulator;
  let open: OpenDoor;
  let engine: EngineSimulator;

  beforeAll(async () => {
    tenant = await startEmulator({ quiet: true });
    open = await door.open(stackConfig(tenant));
  });
  afterAll(async () => {
    await open?.stop();
    await tenant?.close();
  });
  beforeEach(async () => {
    await resetEmulator(tenant);
    engine = new EngineSimulator(open.provider);
    await engine.up("App", "wiki", { displayName: "Team Wiki" });
    await clearRequests(tenant);
  });

  const urn = () => engine.urn("App", "wiki");
  const state = () => engine.state.get(urn()) as { id: string; inputs: Props; outputs: Props };
  const writtenBy = (version: string) =>
    engine.state.set(urn(), {
      ...state(),
      outputs: writeState({ ...state().outputs }, { writtenBy: version }),
    });

  it("records the version that wrote it", () => {
    expect(readState(state().outputs).writtenBy).toBe(packageVersion());
  });

  it("is refused by preview, refresh, update and destroy, naming both versions and the way back, sending nothing", async () => {
    writtenBy("99.1.0");
    const { id, inputs, outputs } = state();
    const failures = [
      await failureOf(() => engine.preview("App", "wiki", { displayName: "Renamed" })),
      await failureOf(() => engine.refresh("App", "wiki")),
      await failureOf(() => open.provider.update("App", urn(), id, outputs, inputs, inputs)),
      await failureOf(() => engine.destroy("App", "wiki")),
    ];
    ["plan", "read", "update", "delete"].forEach((operation, index) => {
      expect(failures[index]).toContain(
        `${operation} App wiki: its state was written by pulumi-idgov 99.1.0, and this is ${packageVersion()}, older`,
      );
      expect(failures[index]).toContain(
        `installed from its release as this one was (${installOfRelease("99.1.0")})`,
      );
      expect(failures[index]).not.toContain("pulumi-idgov@");
    });
    expect(await apiRequests(tenant)).toEqual([]);
    expect(engine.state.get(urn())?.id).toBe(id);
  });

  it("of an older or the same version, or none (0.1.0), is read and rewritten as this version's", async () => {
    for (const version of ["0.0.9", packageVersion(), undefined]) {
      if (version === undefined) {
        const { writtenBy: _dropped, ...older } = JSON.parse(String(state().outputs.__idgov)) as Props;
        engine.state.set(urn(), {
          ...state(),
          outputs: { ...state().outputs, __idgov: JSON.stringify(older) },
        });
      } else writtenBy(version);
      const refreshed = await engine.refresh("App", "wiki");
      expect(readState(refreshed?.outputs).writtenBy, String(version)).toBe(packageVersion());
      expect(await engine.preview("App", "wiki", { displayName: "Team Wiki" })).toBe("same");
    }
  });
});
