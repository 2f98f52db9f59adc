import { afterAll, beforeAll, beforeEach } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { KINDS } from "../../../provider/kinds";
import { NativeDoor, providerInputsOf } from "../../native/harness/door";
import { NativePlugin, withSecretsEncrypted } from "../../../testkit/nativePlugin";
import { DynamicProviderHost } from "../../../testkit/dynamicHost";
import { clearRequests, resetEmulator, stackConfig } from "../../../testkit/emulatorApi";
import { EngineSimulator, type ProviderDoor } from "../../../testkit/engineSimulator";
import type { ProviderHostOptions } from "../../resources/harness/setup";

type Props = Record<string, unknown>;

/** Every secret output of every kind: the dynamic classes have the engine encrypt them. */
const DYNAMIC_SECRET_OUTPUTS = new Set(KINDS.flatMap((kind) => kind.secretOutputs));

/** A provider started behind one door and configured, with what it logged. */
export interface OpenDoor {
  readonly provider: ProviderDoor;
  /** Everything the provider logged where a user could read it: its stderr, and for the plugin the engine's log. */
  logs(): string;
  /** Outputs as the engine writes them to state in plain text: without the ones it encrypts. */
  plaintext(outputs: Props): Props;
  /** The closure each resource of these kinds carries in its state (`__provider`): none behind the native door. */
  closures(kinds: readonly string[]): string[];
  stop(): Promise<void>;
}

/** One of the two front doors of the same engine, which every reliability guarantee must hold through. */
export interface Door {
  readonly name: "dynamic" | "native";
  /** Starts the provider behind this door, configured with stack config (`idgov:baseUrl`, …). */
  open(config: Readonly<Record<string, string>>): Promise<OpenDoor>;
  /**
   * What a user is told for each of these provider settings: the plugin's `CheckConfig` failures (`property: reason`,
   * one a line); the dynamic provider has no such check, so the error of the first create. Empty when they pass.
   */
  refusals(configs: readonly Readonly<Record<string, string>>[]): Promise<string[]>;
}

/** The dynamic provider (Pulumi's dynamic-provider host, `__provider` in every call) and the native plugin. */
export const DOORS: readonly Door[] = [
  {
    name: "dynamic",
    open: async (config) => {
      const host = await DynamicProviderHost.start();
      await host.configure({ ...config });
      return {
        provider: host,
        logs: () => host.stderr.join(""),
        // The classes mark their kind's secret outputs as additional secret outputs.
        plaintext: (outputs) =>
          Object.fromEntries(Object.entries(outputs).filter(([name]) => !DYNAMIC_SECRET_OUTPUTS.has(name))),
        closures: (kinds) => kinds.map((kind) => host.provider(kind)),
        stop: () => host.stop(),
      };
    },
    // The dynamic provider resolves its settings once per process, as the engine configures it once: a host each.
    refusals: (configs) =>
      Promise.all(
        configs.map(async (config) => {
          const host = await DynamicProviderHost.start();
          try {
            await host.configure({ ...config });
            return await firstCreateError(host);
          } finally {
            await host.stop();
          }
        }),
      ),
  },
  {
    name: "native",
    open: async (config) => {
      const door = await NativeDoor.start(config);
      return {
        provider: door,
        logs: () => door.logs,
        plaintext: (outputs) => withSecretsEncrypted(outputs) as Props,
        closures: () => [],
        stop: () => door.stop(),
      };
    },
    refusals: async (configs) => {
      const plugin = await NativePlugin.start();
      const answers: string[] = [];
      try {
        for (const config of configs) {
          const { failures } = await plugin.checkConfig(providerInputsOf(config));
          answers.push(failures.map(({ property, reason }) => `${property}: ${reason}`).join("\n"));
        }
      } finally {
        await plugin.stop();
      }
      return answers;
    },
  },
];

/** The error of a first create through a configured provider; empty when it succeeds. */
async function firstCreateError(provider: ProviderDoor): Promise<string> {
  try {
    await new EngineSimulator(provider).up("App", "first", { displayName: "First" });
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

export interface DoorTestContext {
  /** The door's name, for figures printed in the test output. */
  readonly name: Door["name"];
  emulator: RunningEmulator;
  door: OpenDoor;
  engine: EngineSimulator;
}

/**
 * A fresh emulator and the provider behind `door` configured for it, for one `describe` block; the emulator's seed is
 * restored, its request log cleared and the engine's state emptied before each test.
 */
export function useDoor(door: Door, options: ProviderHostOptions = {}): DoorTestContext {
  const context = { name: door.name } as DoorTestContext;
  beforeAll(async () => {
    context.emulator = await startEmulator({ quiet: true, ...options.emulator });
    context.door = await door.open({ ...stackConfig(context.emulator), ...options.config });
  });
  beforeEach(async () => {
    await resetEmulator(context.emulator);
    await clearRequests(context.emulator);
    context.engine = new EngineSimulator(context.door.provider);
  });
  afterAll(async () => {
    await context.door?.stop();
    await context.emulator?.close();
  });
  return context;
}
