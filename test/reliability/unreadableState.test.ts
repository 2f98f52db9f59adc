import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { readState } from "../../provider/engine/stateCodec";
import { packageVersion } from "../../provider/version";
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

/** The bookkeeping text with `key` set to `value`. */
const bookkeepingWith = (outputs: Props, key: string, value: unknown) =>
  JSON.stringify({ ...(JSON.parse(String(outputs.__idgov)) as Props), [key]: value });

/** States whose bookkeeping cannot be read, each with the key the refusal names. */
const UNREADABLE: readonly { what: string; names: string; edit: (outputs: Props) => Props }[] = [
  {
    what: "a recorded writer that is no version",
    names: "writtenBy",
    edit: (outputs) => ({ ...outputs, __idgov: bookkeepingWith(outputs, "writtenBy", "next-tuesday") }),
  },
  {
    what: "a recorded writer that is a number",
    names: "writtenBy",
    edit: (outputs) => ({ ...outputs, __idgov: bookkeepingWith(outputs, "writtenBy", 3) }),
  },
  {
    what: "bookkeeping that is not JSON",
    names: "__idgov",
    edit: (outputs) => ({ ...outputs, __idgov: '{"writtenBy": "9' }),
  },
  {
    what: "bookkeeping that is a JSON list",
    names: "__idgov",
    edit: (outputs) => ({ ...outputs, __idgov: "[]" }),
  },
  {
    what: "a managed-field list of the wrong shape",
    names: "managedFields",
    edit: (outputs) => ({ ...outputs, __idgov: bookkeepingWith(outputs, "managedFields", "displayName") }),
  },
  {
    what: "an adoption id of the wrong shape",
    names: "adoptId",
    edit: (outputs) => ({ ...outputs, adoptId: { id: "app-1" } }),
  },
];

describe.each(DOORS)("$name door: a state whose bookkeeping cannot be read", (door) => {
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

  it.each(UNREADABLE)(
    "($what) is refused by preview, refresh, update and destroy, naming the object and the way out, sending nothing",
    async ({ names, edit }) => {
      engine.state.set(urn(), { ...state(), outputs: edit(state().outputs) });
      const { id, inputs, outputs } = state();
      const failures = [
        await failureOf(() => engine.preview("App", "wiki", { displayName: "Renamed" })),
        await failureOf(() => engine.refresh("App", "wiki")),
        await failureOf(() => open.provider.update("App", urn(), id, outputs, inputs, inputs)),
        await failureOf(() => engine.destroy("App", "wiki")),
      ];
      // Bookkeeping that cannot be read holds no ownership either: the object is named by its id.
      const label = names === "__idgov" ? id : "wiki";
      ["plan", "read", "update", "delete"].forEach((operation, index) => {
        expect(failures[index]).toContain(
          `${operation} App ${label}: its state holds bookkeeping this version of pulumi-idgov cannot read (${names}), ` +
            "so nothing was sent",
        );
        expect(failures[index]).toContain("run the version that wrote it");
        expect(failures[index]).toContain('"Rolling back" in docs/guides/upgrading.md');
      });
      expect(await apiRequests(tenant)).toEqual([]);
      expect(state()).toMatchObject({ id, outputs });
    },
  );

  it("with every key readable, and without bookkeeping at all (0.1.0), is read and rewritten as this version's", async () => {
    const refreshed = await engine.refresh("App", "wiki");
    expect(readState(refreshed?.outputs).writtenBy).toBe(packageVersion());
    const { __idgov: _dropped, ...older } = state().outputs;
    engine.state.set(urn(), { ...state(), outputs: { ...older, managedFields: ["displayName"] } });
    const rewritten = await engine.refresh("App", "wiki");
    expect(readState(rewritten?.outputs)).toMatchObject({
      writtenBy: packageVersion(),
      managedFields: ["displayName"],
    });
  });
});
