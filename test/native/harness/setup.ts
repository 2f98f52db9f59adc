import { afterAll, beforeAll, beforeEach } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { clearRequests, EMULATOR_CREDENTIALS } from "../../resources/harness/emulatorApi";
import { NativePlugin, type Props, secret } from "./plugin";

/** The provider inputs that reach an emulator, as a program's explicit provider (or stack config) sets them. */
export function providerInputs(emulator: RunningEmulator): Props {
  return {
    baseUrl: emulator.url,
    clientId: EMULATOR_CREDENTIALS.clientId,
    clientSecret: secret(EMULATOR_CREDENTIALS.clientSecret),
    maxRetries: "2",
    version: "0.1.0",
  };
}

export interface NativeTestContext {
  emulator: RunningEmulator;
  plugin: NativePlugin;
}

/**
 * A fresh emulator and the built `pulumi-resource-idgov` configured for it, for one test file; the emulator's seed is
 * restored and its request log cleared before each test.
 */
export function useNativePlugin(): NativeTestContext {
  const context = {} as NativeTestContext;
  beforeAll(async () => {
    context.emulator = await startEmulator({ quiet: true });
    context.plugin = await NativePlugin.start();
    await context.plugin.configure(providerInputs(context.emulator));
  });
  beforeEach(async () => {
    await fetch(`${context.emulator.url}/__emulator/reset`, { method: "POST" });
    await clearRequests(context.emulator);
  });
  afterAll(async () => {
    await context.plugin?.stop();
    await context.emulator?.close();
  });
  return context;
}
