import * as os from "node:os";
import { PULUMI_VERSION } from "../testkit/pulumiCli";

/** The machine the figures come from. */
export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  /** 1, 5 and 15 minute load averages when the bench started. */
  loadAverageAtStart: [number, number, number];
  platform: string;
  node: string;
  pulumi: string;
}

/** Describes this machine now (call it first, so the load average is the one the bench started under). */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  const [one, five, fifteen] = os.loadavg().map((load) => Math.round(load * 100) / 100) as [
    number,
    number,
    number,
  ];
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverageAtStart: [one, five, fifteen],
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    pulumi: PULUMI_VERSION,
  };
}
