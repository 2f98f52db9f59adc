import { describe, expect, it } from "vitest";
import { descendantsOf, parentPidOf, type ProcessInfo, statusKb } from "../../testkit/procTree";
import { pluginProcesses } from "../providerMemory";

describe("reading /proc for the provider's memory", () => {
  it.each([
    ["4242 (node) S 17 4242 17 0 -1", 17],
    ["99 (pulumi-resource-pulumi-nodejs) S 1234 99 1", 1234],
    ["77 (a (strange) name) R 5 77 5", 5],
  ])("reads the parent pid from %s", (stat, parent) => {
    expect(parentPidOf(stat)).toBe(parent);
  });

  it("reads VmRSS and VmHWM in KiB, and 0 when a zombie has none", () => {
    const status = "Name:\tnode\nVmHWM:\t  186784 kB\nVmRSS:\t  170112 kB\nThreads:\t11\n";
    expect(statusKb(status, "VmRSS")).toBe(170112);
    expect(statusKb(status, "VmHWM")).toBe(186784);
    expect(statusKb("Name:\tnode\nState:\tZ (zombie)\n", "VmRSS")).toBe(0);
  });

  it("finds every descendant of a process, and nothing outside its tree", () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 11],
      [13, 10],
      [20, 1],
      [21, 20],
    ]);
    expect(descendantsOf(10, parents).sort()).toEqual([11, 12, 13]);
    expect(descendantsOf(12, parents)).toEqual([]);
  });

  it("takes the plugin's wrapper and what runs under it, not the program or another plugin's siblings", () => {
    const processes: ProcessInfo[] = [
      { pid: 2, ppid: 1, command: "pulumi up --yes", rssKb: 90_000, peakRssKb: 90_000 },
      {
        pid: 3,
        ppid: 2,
        command: "node .../@pulumi/pulumi/cmd/run index.js",
        rssKb: 150_000,
        peakRssKb: 160_000,
      },
      {
        pid: 4,
        ppid: 2,
        command: "/bin/sh /bin/pulumi-resource-pulumi-nodejs 127.0.0.1:1",
        rssKb: 900,
        peakRssKb: 900,
      },
      {
        pid: 5,
        ppid: 4,
        command: "node .../@pulumi/pulumi/cmd/dynamic-provider 127.0.0.1:1",
        rssKb: 170_000,
        peakRssKb: 180_000,
      },
    ];
    expect(pluginProcesses(processes).map((info) => info.pid)).toEqual([4, 5]);
  });
});
