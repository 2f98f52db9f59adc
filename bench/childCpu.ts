import { readFileSync } from "node:fs";

/** `USER_HZ`, the unit of the times in `/proc/<pid>/stat` (100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/** Fields of `/proc/<pid>/stat` after the command name (which may hold spaces): index 0 is the state. */
function statFields(pid: number | "self"): string[] {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}

const ticksToMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;

/** CPU time (user + system) a process has used so far, in milliseconds (Linux only). */
export function cpuMsOf(pid: number): number {
  const fields = statFields(pid);
  return ticksToMs(Number(fields[11]) + Number(fields[12]));
}

/**
 * CPU time (user + system) of this process's children that ended and were waited for, and of all their descendants
 * they waited for, in milliseconds (Linux only). Its growth over a `pulumi` command is the CPU of the CLI, its plugins
 * and the program together, however loaded the machine: what the command costs, where wall time also counts the
 * waits for other work.
 */
export function reapedChildrenCpuMs(): number {
  const fields = statFields("self");
  return ticksToMs(Number(fields[13]) + Number(fields[14]));
}
