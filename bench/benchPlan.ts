/** What one bench run times: the full set, or the reduced one of `--quick` for development. */
export interface BenchPlan {
  quick: boolean;
  /** The resource counts of the latency runs (wall time against the ideal). */
  resourceCounts: readonly number[];
  /** Runs of every timed configuration; the figures are their medians. */
  repeats: number;
  /** The resource counts run against the floor, alternating: the growth curve. */
  curveCounts: readonly number[];
}

/** `npm run bench`: the figures (ratios to the floor at N = 200 and 1,000, and the curve). */
export const FULL_PLAN: BenchPlan = {
  quick: false,
  resourceCounts: [50, 200],
  repeats: 3,
  curveCounts: [100, 200, 500, 1000],
};

/** `npm run bench -- --quick`: N = 50 and 200 only, one run of each (no figure at N = 1,000). */
export const QUICK_PLAN: BenchPlan = {
  quick: true,
  resourceCounts: [50, 200],
  repeats: 1,
  curveCounts: [50, 200],
};
