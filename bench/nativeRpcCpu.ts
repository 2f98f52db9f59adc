import type { RunningEmulator } from "../emulator";
import { cpuMsOf } from "./childCpu";
import { NativePlugin, type Props, secret } from "../testkit/nativePlugin";
import { EMULATOR_CREDENTIALS } from "../testkit/emulatorApi";

const APP = "idgov:index:App";

/** The plugin's CPU per resource of each step of a stack's life, in microseconds. */
export interface NativeRpcCpu {
  method: string;
  resources: number;
  /** Check + Create of each App (an `up`). */
  upMicros: number;
  /** Check + Diff of each App, no change (a no-op `up`). */
  noopUpMicros: number;
  /** Check + Create in preview. */
  previewMicros: number;
  /**
   * Read of each App (a `refresh`), by a second plugin process as `pulumi refresh` starts one: the reads go through
   * the coalesced search, where the process that created the Apps reads them by GET.
   */
  refreshMicros: number;
  /** Delete of each App (a `destroy`). */
  destroyMicros: number;
  /** The emulator's CPU over the same steps, per resource, in microseconds. */
  emulatorMicros: number;
}

/** Runs `work` over `items`, `parallel` at a time, as the engine's `--parallel` does. */
async function inParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/**
 * Drives the built plugin over gRPC as the engine does for N Apps (the RPCs of preview, up, no-op up, refresh,
 * destroy, `parallel` at a time) and measures the plugin's CPU time per resource of each step: a figure that holds
 * on a loaded machine, where wall times do not.
 */
export async function measureNativeRpcCpu(
  emulator: RunningEmulator & { pid: number },
  resources: number,
  parallel = 10,
): Promise<NativeRpcCpu> {
  const startPlugin = async () => {
    const started = await NativePlugin.start({ ...process.env });
    await started.configure({
      baseUrl: emulator.url,
      clientId: EMULATOR_CREDENTIALS.clientId,
      clientSecret: secret(EMULATOR_CREDENTIALS.clientSecret),
    });
    return started;
  };
  const plugin = await startPlugin();
  try {
    const names = Array.from({ length: resources }, (_, index) => `app-${index}`);
    const inputsOf = (name: string): Props => ({ displayName: `Bench ${name}`, description: "bench" });
    const state = new Map<string, { id: string; outputs: Props; inputs: Props }>();
    const step = async (work: (name: string) => Promise<void>, pid = plugin.pid) => {
      const started = cpuMsOf(pid);
      await inParallel(names, parallel, work);
      return Math.round(((cpuMsOf(pid) - started) * 1000) / resources);
    };
    const emulatorStart = cpuMsOf(emulator.pid);
    const previewMicros = await step(async (name) => {
      const { inputs } = await plugin.check(APP, name, inputsOf(name));
      await plugin.create(APP, name, inputs, true);
    });
    const upMicros = await step(async (name) => {
      const { inputs } = await plugin.check(APP, name, inputsOf(name));
      const { id, outputs } = await plugin.create(APP, name, inputs);
      state.set(name, { id, outputs, inputs });
    });
    const noopUpMicros = await step(async (name) => {
      const known = state.get(name)!;
      const { inputs } = await plugin.check(APP, name, inputsOf(name), known.inputs);
      await plugin.diff(APP, name, known.id, known.outputs, inputs, known.inputs);
    });
    const refreshing = await startPlugin();
    const refreshMicros = await step(async (name) => {
      const known = state.get(name)!;
      await refreshing.read(APP, name, known.id, known.outputs, known.inputs);
    }, refreshing.pid).finally(() => refreshing.stop());
    const destroyMicros = await step(async (name) => {
      const known = state.get(name)!;
      await plugin.delete(APP, name, known.id, known.outputs);
    });
    const emulatorMicros = Math.round(((cpuMsOf(emulator.pid) - emulatorStart) * 1000) / resources);
    return {
      method:
        `the built plugin driven over gRPC for ${resources} Apps, ${parallel} calls at a time; its CPU time (/proc) ` +
        "per App; refresh in a second plugin process, as `pulumi refresh` starts one (coalesced reads)",
      resources,
      upMicros,
      noopUpMicros,
      previewMicros,
      refreshMicros,
      destroyMicros,
      emulatorMicros,
    };
  } finally {
    await plugin.stop();
  }
}
