import { describe, expect, it } from "vitest";
import { callsOverMinimum, IDEAL_CALLS, idealWallMs, median, ratioTo, round } from "../ideal";

describe("the bench's ideal figures", () => {
  it("counts one call for create, update, refresh and delete, and none for a no-op up", () => {
    expect(IDEAL_CALLS).toEqual({ create: 1, noopUp: 0, update: 1, refresh: 1, delete: 1 });
  });

  it.each([
    [{ resources: 200, parallel: 10, latencyMs: 50, callsPerResource: 1 }, 1000],
    [{ resources: 50, parallel: 10, latencyMs: 50, callsPerResource: 1 }, 250],
    [{ resources: 51, parallel: 10, latencyMs: 50, callsPerResource: 1 }, 300],
    [{ resources: 9, parallel: 10, latencyMs: 50, callsPerResource: 1 }, 50],
    [{ resources: 200, parallel: 10, latencyMs: 50, callsPerResource: 2 }, 2000],
    [{ resources: 0, parallel: 10, latencyMs: 50, callsPerResource: 1 }, 0],
  ])("takes ceil(N / parallel) × latency × calls per resource for %o: %d ms", (run, expected) => {
    expect(idealWallMs(run)).toBe(expected);
  });

  it("refuses a parallelism below 1", () => {
    expect(() => idealWallMs({ resources: 5, parallel: 0, latencyMs: 50, callsPerResource: 1 })).toThrow(
      "parallel must be at least 1, not 0",
    );
  });

  it.each([
    [24_480, 1000, 24.48],
    [250, 250, 1],
    [1000, 3000, 0.33],
    [-500, 1000, -0.5],
  ])("gives %d ms against an ideal of %d ms as the ratio %s", (measured, ideal, expected) => {
    expect(ratioTo(measured, ideal)).toBe(expected);
  });

  it("refuses a ratio to an ideal that is not positive", () => {
    expect(() => ratioTo(5, 0)).toThrow("the ideal must be positive, not 0");
  });

  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
    [[2, 2, 9], 2],
  ])("takes the median of %o as %s", (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it("has no median of nothing", () => {
    expect(() => median([])).toThrow("the median of no values");
  });

  it("rounds to the asked decimals", () => {
    expect([round(2.346, 2), round(2.5), round(1234.56, 1)]).toEqual([2.35, 3, 1234.6]);
  });

  it("sums only the calls above each contract minimum", () => {
    const counts = [
      { calls: 2, minimum: 2 },
      { calls: 0, minimum: 1 },
      { calls: 3, minimum: 1 },
      { calls: 1, minimum: 0 },
    ];
    expect(callsOverMinimum(counts)).toBe(3);
    expect(callsOverMinimum([{ calls: 1, minimum: 1 }])).toBe(0);
  });
});
