import { describe, expect, it } from "vitest";
import { growthExponent } from "../growth";

const curve = (exponent: number, scale = 7) =>
  [100, 200, 500, 1000].map((resources) => ({ resources, ms: scale * resources ** exponent }));

describe("the growth exponent of a curve (log-log least squares)", () => {
  it.each([
    ["linear", 1],
    ["quadratic", 2],
    ["between", 1.37],
    ["flat", 0],
  ])("finds the exponent of an exact %s curve", (_label, exponent) => {
    expect(growthExponent(curve(exponent))).toBe(exponent);
  });

  it("fits the line through noisy points, not the end points alone", () => {
    const points = [
      { resources: 100, ms: 1000 },
      { resources: 200, ms: 2400 },
      { resources: 500, ms: 5000 },
      { resources: 1000, ms: 10000 },
    ];
    // The end points alone give 1.00; the least-squares slope, computed independently, is 0.9728.
    expect(growthExponent(points)).toBe(0.97);
  });

  it("does not depend on the time's unit", () => {
    expect(growthExponent(curve(1.5, 0.001))).toBe(growthExponent(curve(1.5, 1000)));
  });

  it.each([
    [
      "one count",
      [
        { resources: 200, ms: 10 },
        { resources: 200, ms: 12 },
      ],
      /two different/,
    ],
    [
      "a zero time",
      [
        { resources: 100, ms: 0 },
        { resources: 200, ms: 12 },
      ],
      /positive/,
    ],
    ["no points", [], /two different/],
  ])("refuses %s", (_label, points, message) => {
    expect(() => growthExponent(points)).toThrow(message);
  });
});
