import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { outOfBand } from "../../testkit/emulatorApi";
import { EngineLog } from "../../testkit/engineLog";
import { NativePlugin, urnOf } from "../../testkit/nativePlugin";
import { providerInputs, settled } from "./harness/setup";

const APP = "idgov:index:App";
let emulator: RunningEmulator;
let engine: EngineLog;
let plugin: NativePlugin;

beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
  engine = await EngineLog.start();
  plugin = await NativePlugin.start({}, engine.address);
  await plugin.configure(providerInputs(emulator));
});
afterAll(async () => {
  await plugin?.stop();
  engine?.stop();
  await emulator?.close();
});

describe("pulumi-resource-idgov: warnings to the engine's log", () => {
  it("warns, beside the resource, that a plan takes over an object another workspace claimed", async () => {
    const checked = await plugin.check(APP, "contested", { displayName: "Contested" });
    const created = await plugin.create(APP, "contested", checked.inputs);
    await outOfBand(emulator, "POST", `/api/v1/apps/${created.id}`, {
      app: { annotations: { iac_workspace: "acme/other/prod" } },
      updateMask: "annotations",
    });
    const refreshed = await plugin.read(APP, "contested", created.id, created.outputs, checked.inputs);
    const news = { ...checked.inputs, allowTakeover: true };
    const diff = await plugin.diff(APP, "contested", created.id, refreshed.outputs, news, checked.inputs);
    expect(diff.changes).toBe("some");
    await settled({ engine, plugin });
    expect(engine.messages).toEqual([
      {
        severity: LogSeverity.WARNING,
        urn: urnOf(APP, "contested"),
        message: expect.stringMatching(
          /^App ".*" is claimed by workspace "acme\/other\/prod", tool "pulumi"; allowTakeover is set/,
        ),
      },
    ]);
    expect(plugin.stdout.join("")).toMatch(/^\d+\n$/);
  });
});
