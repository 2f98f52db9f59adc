import { describe, expect, it } from "vitest";
import type { NativeFloorComparison } from "../nativeFloor";
import { largeStackFigures } from "../nativeLarge";

const times = (ms: number) => ({ preview: ms, up: 2 * ms, noopUp: ms, refresh: ms, destroy: ms });
const memory = (peakRssMb: number) => ({
  peakRssMb,
  sampledTreePeakRssMb: 0,
  programPeakRssMb: 0,
  samples: 3,
});

/** A comparison whose native times grow as N^1.2 and whose floor's grow as N. */
function at(resources: number): NativeFloorComparison {
  const native = times(resources ** 1.2);
  const floor = times(resources);
  return {
    resources,
    cells: [],
    native,
    floor,
    nativeRatios: times(1),
    nativeCpu: native,
    floorCpu: floor,
    nativeCpuRatios: times(1),
    nativeStateBytesPerResource: 1500,
    floorStateBytesPerResource: 1400,
    nativeMemory: memory(resources / 20),
    floorMemory: memory(100),
    nativeRefreshRequests: resources / 10 + 2,
    nativeRefreshSweepPages: resources / 100 + 1,
    nativeSplit: {
      refresh: { pluginMs: resources / 4, emulatorMs: resources / 5 },
      destroy: { pluginMs: resources / 2, emulatorMs: resources / 3 },
    },
    floorSplit: {
      refresh: { pluginMs: resources / 8, emulatorMs: 0 },
      destroy: { pluginMs: resources / 8, emulatorMs: 0 },
    },
  };
}

describe("the figures of a large stack", () => {
  const figures = largeStackFigures([at(200), at(5000), at(1000)]);

  it("reports the times of the largest N, native beside the floor, without the preview", () => {
    expect(figures.resources).toBe(5000);
    expect(figures.native.up).toBeCloseTo(2 * 5000 ** 1.2);
    expect(figures.floor).toEqual({ up: 10_000, noopUp: 5000, refresh: 5000, destroy: 5000 });
  });

  it("fits each command's growth exponent over every count, native and floor", () => {
    expect(figures.nativeExponents).toEqual({ up: 1.2, noopUp: 1.2, refresh: 1.2, destroy: 1.2 });
    expect(figures.floorExponents).toEqual({ up: 1, noopUp: 1, refresh: 1, destroy: 1 });
  });

  it("reports the plugin's peak RSS and the refresh's requests at the largest N", () => {
    expect(figures.pluginPeakRssMb).toBe(250);
    expect(figures.refreshRequests).toBe(502);
    expect(figures.refreshSweepPages).toBe(51);
  });

  it("splits the largest N's refresh and destroy CPU: the command's, the plugin's in it, the emulator's beside it", () => {
    expect(figures.cpu.native.destroy).toEqual({
      commandMs: 5000 ** 1.2,
      pluginMs: 2500,
      emulatorMs: 5000 / 3,
    });
    expect(figures.cpu.floor.refresh).toEqual({ commandMs: 5000, pluginMs: 625, emulatorMs: 0 });
  });
});
