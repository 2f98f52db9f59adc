import { readdirSync, readFileSync } from "node:fs";

/** One process as /proc shows it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line, arguments joined by spaces. */
  command: string;
  /** Resident memory now, and its high-water mark, in KiB. */
  rssKb: number;
  peakRssKb: number;
}

/** The parent pid in the text of `/proc/<pid>/stat` (the command name in parentheses may hold spaces). */
export function parentPidOf(statText: string): number {
  const fields = statText.slice(statText.lastIndexOf(")") + 2).split(" ");
  return Number(fields[1]);
}

/** A `VmRSS:`-style line of `/proc/<pid>/status`, in KiB; 0 when absent (a zombie). */
export function statusKb(statusText: string, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(statusText);
  return match?.[1] === undefined ? 0 : Number(match[1]);
}

/** The pids that descend from `root` (not `root` itself), given each pid's parent. */
export function descendantsOf(root: number, parents: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const pending = [...(children.get(root) ?? [])];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    found.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return found;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    const ppid = parentPidOf(readFileSync(`/proc/${pid}/stat`, "utf8"));
    return { pid, ppid, command, rssKb: statusKb(status, "VmRSS"), peakRssKb: statusKb(status, "VmHWM") };
  } catch {
    return undefined; // it ended while being read
  }
}

/** Every process descending from `root` now, as /proc shows it (Linux only). */
export function processTree(root: number): ProcessInfo[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      parents.set(Number(name), parentPidOf(readFileSync(`/proc/${name}/stat`, "utf8")));
    } catch {
      // it ended while being listed
    }
  }
  return descendantsOf(root, parents).flatMap((pid) => readProcess(pid) ?? []);
}
