import { afterAll, beforeAll, beforeEach } from "vitest";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../../emulator";
import { DynamicProviderHost } from "../../../testkit/dynamicHost";
import { clearRequests, resetEmulator, stackConfig } from "../../../testkit/emulatorApi";
import { EngineSimulator } from "../../../testkit/engineSimulator";

export interface ProviderTestContext {
  emulator: RunningEmulator;
  host: DynamicProviderHost;
  engine: EngineSimulator;
}

/** How {@link useProviderHost} sets things up. */
export interface ProviderHostOptions {
  /** Stack config added to (or replacing) the emulator's, e.g. `idgov:requestTimeoutMs`. @default {} */
  config?: Record<string, string>;
  /** Options of the emulator. @default { quiet: true } */
  emulator?: EmulatorOptions;
}

/**
 * A fresh emulator and a real dynamic-provider host configured for it, for one test file; the emulator's seed is
 * restored and its request log cleared before each test.
 */
export function useProviderHost(options: ProviderHostOptions = {}): ProviderTestContext {
  const context = {} as ProviderTestContext;
  beforeAll(async () => {
    context.emulator = await startEmulator({ quiet: true, ...options.emulator });
    context.host = await DynamicProviderHost.start();
    await context.host.configure({ ...stackConfig(context.emulator), ...options.config });
  });
  beforeEach(async () => {
    await resetEmulator(context.emulator);
    await clearRequests(context.emulator);
    context.engine = new EngineSimulator(context.host);
  });
  afterAll(async () => {
    await context.host?.stop();
    await context.emulator?.close();
  });
  return context;
}
