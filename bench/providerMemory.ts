import { DynamicProviderHost } from "../testkit/dynamicHost";
import { descendantsOf, processTree, type ProcessInfo } from "../testkit/procTree";

/** A provider plugin as its processes show: the command Pulumi starts, and the one of its Node process. */
export interface PluginCommand {
  readonly wrapper: string;
  readonly script: string;
}

/** The dynamic-provider plugin Pulumi starts: a shell wrapper that runs `@pulumi/pulumi/cmd/dynamic-provider` in Node. */
export const DYNAMIC_PLUGIN: PluginCommand = {
  wrapper: "pulumi-resource-pulumi-nodejs",
  script: "cmd/dynamic-provider",
};
/** The native plugin as released: one executable with its Node.js inside, one process. */
export const NATIVE_PLUGIN: PluginCommand = {
  wrapper: "pulumi-resource-idgov",
  script: "pulumi-resource-idgov",
};
const PROVIDER_SCRIPT = DYNAMIC_PLUGIN.script;
/** The program's Node process: the Node language host runs `@pulumi/pulumi/cmd/run` (not `run-plugin`). */
const PROGRAM_SCRIPT = /@pulumi\/pulumi\/cmd\/run(\/|\s|$)/;

/** Memory of the dynamic-provider plugin seen while it ran. */
export interface ProviderMemory {
  /** The kernel's high-water mark of resident memory (VmHWM) of the provider's Node process, in MiB. */
  peakRssMb: number;
  /** The largest resident memory of the plugin's whole process tree (wrapper and Node) in one sample, in MiB. */
  sampledTreePeakRssMb: number;
  /** The high-water mark of resident memory (VmHWM) of the program's Node process, in MiB (0 when not seen). */
  programPeakRssMb: number;
  samples: number;
}

/** The plugin's processes among `processes`: each wrapper and everything under it. */
export function pluginProcesses(
  processes: readonly ProcessInfo[],
  plugin: PluginCommand = DYNAMIC_PLUGIN,
): ProcessInfo[] {
  const parents = new Map(processes.map((info) => [info.pid, info.ppid]));
  const wrappers = processes.filter((info) => info.command.includes(plugin.wrapper));
  const pids = new Set(wrappers.flatMap((wrapper) => [wrapper.pid, ...descendantsOf(wrapper.pid, parents)]));
  return processes.filter((info) => pids.has(info.pid));
}

const mib = (kb: number) => Math.round((kb / 1024) * 10) / 10;

/**
 * Samples /proc every `intervalMs` for the dynamic-provider plugin among the descendants of `root` (the Pulumi CLI
 * runs under this process; other users' Pulumi runs on the machine are not descendants), and the program's Node
 * process beside it. `stop` answers the peaks.
 */
export function sampleProviderMemory(
  plugin: PluginCommand = DYNAMIC_PLUGIN,
  root = process.pid,
  intervalMs = 100,
): { stop(): ProviderMemory } {
  let peakKb = 0;
  let treePeakKb = 0;
  let programPeakKb = 0;
  let samples = 0;
  const sample = () => {
    const tree = processTree(root);
    for (const info of tree)
      if (PROGRAM_SCRIPT.test(info.command)) programPeakKb = Math.max(programPeakKb, info.peakRssKb);
    const processes = pluginProcesses(tree, plugin);
    if (processes.length === 0) return;
    samples += 1;
    treePeakKb = Math.max(
      treePeakKb,
      processes.reduce((total, info) => total + info.rssKb, 0),
    );
    for (const info of processes)
      if (info.command.includes(plugin.script)) peakKb = Math.max(peakKb, info.peakRssKb);
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      if (samples === 0) throw new Error(`no ${plugin.wrapper} plugin process was seen`);
      return {
        peakRssMb: mib(peakKb),
        sampledTreePeakRssMb: mib(treePeakKb),
        programPeakRssMb: mib(programPeakKb),
        samples,
      };
    },
  };
}

/**
 * The resident memory of Pulumi's dynamic-provider host alone, started but not yet called, so before it loads this
 * package: the part of the provider's memory that is Pulumi's, in MiB.
 */
export async function hostBaselineRssMb(): Promise<number> {
  const host = await DynamicProviderHost.start();
  try {
    const [provider] = processTree(process.pid).filter((info) => info.command.includes(PROVIDER_SCRIPT));
    if (!provider) throw new Error("the dynamic-provider host process was not found");
    return mib(provider.rssKb);
  } finally {
    await host.stop();
  }
}
