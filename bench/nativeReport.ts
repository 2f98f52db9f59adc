import type { FloorComparison } from "./floorRuns";
import type { NativeStartup } from "./nativeStartup";

/** The native provider's figures under the keys: its wall time ÷ the floor's, its state, its start-up and memory. */
export interface NativeHeadline {
  /** Native wall time ÷ the floor's (N no-op dynamic resources), rotating runs; null when N was not run. */
  nativeUpRatioToFloor200: number;
  nativeNoopUpRatioToFloor200: number;
  nativePreviewRatioToFloor200: number;
  nativeRefreshRatioToFloor200: number;
  nativeDestroyRatioToFloor200: number;
  nativeUpRatioToFloor1000: number | null;
  nativeNoopUpRatioToFloor1000: number | null;
  nativePreviewRatioToFloor1000: number | null;
  nativeRefreshRatioToFloor1000: number | null;
  nativeDestroyRatioToFloor1000: number | null;
  /** API requests of a native refresh of N Apps at `--parallel 10` (goal: ≤ N ÷ 10 + 5: one search a wave). */
  nativeRefreshRequests200: number;
  nativeRefreshRequests1000: number | null;
  /** Of those, the pages of the sweep of the tenant's Apps (at most what the Apps read justify). */
  nativeRefreshSweepPages200: number;
  nativeRefreshSweepPages1000: number | null;
  /** Bytes of the N = 200 native Apps export per App. */
  nativeStateBytesPerResource: number;
  /** Median time from the release executable's spawn to its port on stdout (the goal: ≤ 100 ms on a quiet machine). */
  nativeStartupMs: number;
  /** The same of the npm package's bin on the `node` of PATH. */
  nativeStartupNpmMs: number;
  /** Peak RSS of the plugin's Node process during the ups of the largest N (`peakRssResources`). */
  nativePluginPeakRssMb: number;
}

/** What the native headline reads of one count's floor comparison. */
export type NativeComparison = Pick<
  FloorComparison,
  | "resources"
  | "nativeRatios"
  | "nativeStateBytesPerResource"
  | "nativeMemory"
  | "nativeRefreshRequests"
  | "nativeRefreshSweepPages"
>;

/** The native figures of the floor runs (those of N = 1,000 null when it was not run) and of the start-up runs. */
export function nativeHeadline(
  floor: { readonly comparisons: readonly NativeComparison[] },
  startup: NativeStartup,
): NativeHeadline {
  const at = (resources: number): NativeComparison | undefined =>
    floor.comparisons.find((candidate) => candidate.resources === resources);
  const at200 = at(200);
  if (!at200) throw new Error("no floor comparison of 200 resources");
  const at1000 = at(1000)?.nativeRatios;
  const largest = floor.comparisons.reduce((most, next) => (next.resources > most.resources ? next : most));
  return {
    nativeUpRatioToFloor200: at200.nativeRatios.up,
    nativeNoopUpRatioToFloor200: at200.nativeRatios.noopUp,
    nativePreviewRatioToFloor200: at200.nativeRatios.preview,
    nativeRefreshRatioToFloor200: at200.nativeRatios.refresh,
    nativeDestroyRatioToFloor200: at200.nativeRatios.destroy,
    nativeUpRatioToFloor1000: at1000?.up ?? null,
    nativeNoopUpRatioToFloor1000: at1000?.noopUp ?? null,
    nativePreviewRatioToFloor1000: at1000?.preview ?? null,
    nativeRefreshRatioToFloor1000: at1000?.refresh ?? null,
    nativeDestroyRatioToFloor1000: at1000?.destroy ?? null,
    nativeRefreshRequests200: at200.nativeRefreshRequests,
    nativeRefreshRequests1000: at(1000)?.nativeRefreshRequests ?? null,
    nativeRefreshSweepPages200: at200.nativeRefreshSweepPages,
    nativeRefreshSweepPages1000: at(1000)?.nativeRefreshSweepPages ?? null,
    nativeStateBytesPerResource: at200.nativeStateBytesPerResource,
    nativeStartupMs: startup.startupMs,
    nativeStartupNpmMs: startup.npmStartupMs,
    nativePluginPeakRssMb: largest.nativeMemory.peakRssMb,
  };
}
