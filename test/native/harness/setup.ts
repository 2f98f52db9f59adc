import { afterAll, beforeAll, beforeEach } from "vitest";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { clearRequests, EMULATOR_CREDENTIALS, resetEmulator } from "../../../testkit/emulatorApi";
import { EngineLog } from "../../../testkit/engineLog";
import { NativePlugin, type Props, secret, urnOf } from "../../../testkit/nativePlugin";

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
    await resetEmulator(context.emulator);
    await clearRequests(context.emulator);
  });
  afterAll(async () => {
    await context.plugin?.stop();
    await context.emulator?.close();
  });
  return context;
}

export interface ImpactTestContext extends NativeTestContext {
  /** The engine's log service both plugins send their warnings to; emptied before each test. */
  engine: EngineLog;
  /** Configured with `impactLimit: 10`: a change past it fails. (`plugin` has no limit: previews warn.) */
  guarded: NativePlugin;
}

/**
 * A fresh emulator and two plugins configured for it that log to one stand-in of the engine's log service, for one
 * test file; the seed is restored and the log emptied before each test.
 */
export function useImpactPlugins(): ImpactTestContext {
  const context = {} as ImpactTestContext;
  beforeAll(async () => {
    context.emulator = await startEmulator({ quiet: true });
    context.engine = await EngineLog.start();
    context.plugin = await NativePlugin.start({}, context.engine.address);
    await context.plugin.configure(providerInputs(context.emulator));
    context.guarded = await NativePlugin.start({}, context.engine.address);
    await context.guarded.configure({ ...providerInputs(context.emulator), impactLimit: "10" });
  });
  beforeEach(async () => {
    await resetEmulator(context.emulator);
    context.engine.messages.length = 0;
  });
  afterAll(async () => {
    await context.plugin?.stop();
    await context.guarded?.stop();
    context.engine?.stop();
    await context.emulator?.close();
  });
  return context;
}

const SESSION = "idgov:index:SessionSettings";

/** The sentinel's warning: the preview of a tenant-wide change, which reads nothing and passes any impact limit. */
async function sendSentinel(through: NativePlugin, name: string): Promise<string> {
  // Not checked: a check would claim the tenant's one SessionSettings for the sentinel (a test's own is the one).
  await through.create(SESSION, name, { maxSessionLength: "4h" }, true);
  return urnOf(SESSION, name);
}

/**
 * Waits until every warning the plugins sent before now has reached the engine's log: each plugin warns once more,
 * through the same channel, of a known change (a sentinel), and the wait ends when every sentinel has arrived.
 * A warning sent before a sentinel arrives before it, so a late warning is caught, not missed as a fixed wait
 * would miss it. The sentinels are taken out of the log; the plugins' own requests for them send nothing.
 */
export async function settled(context: {
  engine: EngineLog;
  plugin: NativePlugin;
  guarded?: NativePlugin;
}): Promise<void> {
  const sentinels = [await sendSentinel(context.plugin, "settled-sentinel")];
  if (context.guarded) sentinels.push(await sendSentinel(context.guarded, "settled-sentinel-guarded"));
  const arrived = () => sentinels.every((urn) => context.engine.messages.some((m) => m.urn === urn));
  for (let waited = 0; !arrived(); waited += 10) {
    if (waited >= 10_000) throw new Error(`the sentinel warnings never reached the engine's log`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const kept = context.engine.messages.filter((message) => !sentinels.includes(message.urn));
  context.engine.messages.splice(0, context.engine.messages.length, ...kept);
}
