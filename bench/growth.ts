/** One point of a growth curve: a resource count and the time it took. */
export interface CurvePoint {
  resources: number;
  ms: number;
}

/**
 * The growth exponent k of `time ≈ c × N^k`: the slope of the least-squares line through (log N, log time). 1 is
 * linear, 2 quadratic. Needs at least two distinct counts and positive times.
 */
export function growthExponent(points: readonly CurvePoint[]): number {
  if (points.some(({ resources, ms }) => !(resources > 0) || !(ms > 0))) {
    throw new Error("a growth curve needs positive counts and times");
  }
  const xs = points.map(({ resources }) => Math.log(resources));
  const ys = points.map(({ ms }) => Math.log(ms));
  const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length;
  const meanX = mean(xs);
  const meanY = mean(ys);
  let covariance = 0;
  let variance = 0;
  xs.forEach((x, index) => {
    covariance += (x - meanX) * ((ys[index] as number) - meanY);
    variance += (x - meanX) ** 2;
  });
  if (variance === 0) throw new Error("a growth curve needs at least two different resource counts");
  return Math.round((covariance / variance) * 100) / 100;
}
