/** The operations whose API calls the bench counts, in the order the tables show them. */
export const OPERATIONS = ["create", "noopUp", "update", "refresh", "delete"] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The fewest API calls each operation can take: one write, nothing for a no-op, one read for a refresh. */
export const IDEAL_CALLS: Readonly<Record<Operation, number>> = {
  create: 1,
  noopUp: 0,
  update: 1,
  refresh: 1,
  delete: 1,
};

/** What bounds a run of N resources from below: each batch of `parallel` waits for the API's latency per call. */
export interface IdealRun {
  resources: number;
  parallel: number;
  latencyMs: number;
  callsPerResource: number;
}

/** The ideal wall time of a run: `ceil(N / parallel) × latency × calls per resource`, in milliseconds. */
export function idealWallMs(run: IdealRun): number {
  if (run.parallel < 1) throw new Error(`parallel must be at least 1, not ${run.parallel}`);
  return Math.ceil(run.resources / run.parallel) * run.latencyMs * run.callsPerResource;
}

/** How many times the ideal a measured figure is, to two decimals (1 is ideal; larger is slower). */
export function ratioTo(measured: number, ideal: number): number {
  if (!(ideal > 0)) throw new Error(`the ideal must be positive, not ${ideal}`);
  return round(measured / ideal, 2);
}

/** A number rounded to `digits` decimals. */
export function round(value: number, digits = 0): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("the median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One operation's measured calls beside its contract minimum. */
export interface CountedCalls {
  calls: number;
  minimum: number;
}

/** The calls sent beyond the contract minima, summed: 0 when every operation is as small as it can be. */
export function callsOverMinimum(counts: readonly CountedCalls[]): number {
  return counts.reduce((total, { calls, minimum }) => total + Math.max(0, calls - minimum), 0);
}
