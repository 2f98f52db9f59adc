import { cpuMsOf } from "./childCpu";
import { type PluginCommand, pluginProcesses } from "./providerMemory";
import { processTree } from "../testkit/procTree";

/**
 * Where one command's CPU went besides the CLI: the provider plugin's processes, and the emulator, which shares the
 * machine's cores but is no child of the command (its CPU is never in the command's own).
 */
export interface CpuSplit {
  /** CPU of the plugin's processes, as last sampled before each ended (a lower bound, by up to one interval each). */
  pluginMs: number;
  /** CPU the emulator used while the command ran. */
  emulatorMs: number;
}

/** Reads `pid`'s CPU so far, or undefined once it is gone. */
function cpuOrGone(pid: number): number | undefined {
  try {
    return cpuMsOf(pid);
  } catch {
    return undefined;
  }
}

/**
 * Samples, every `intervalMs`, the CPU of `plugin`'s processes among the descendants of this process, and the
 * emulator's (`emulatorPid`, when it runs in a process of its own; 0 otherwise). `stop` answers the split.
 */
export function sampleCpuSplit(
  plugin: PluginCommand,
  emulatorPid: number | undefined,
  intervalMs = 100,
): { stop(): CpuSplit } {
  const seen = new Map<number, number>();
  const emulatorBefore = emulatorPid ? (cpuOrGone(emulatorPid) ?? 0) : 0;
  const sample = () => {
    for (const { pid } of pluginProcesses(processTree(process.pid), plugin)) {
      const cpu = cpuOrGone(pid);
      if (cpu !== undefined) seen.set(pid, Math.max(cpu, seen.get(pid) ?? 0));
    }
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const emulatorMs = emulatorPid ? (cpuOrGone(emulatorPid) ?? emulatorBefore) - emulatorBefore : 0;
      return { pluginMs: [...seen.values()].reduce((total, cpu) => total + cpu, 0), emulatorMs };
    },
  };
}
