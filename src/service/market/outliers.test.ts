import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fence, lastTrim, trimmedMeanOfRuns, trimmedMedian } from "./outliers.ts";
import {
  mean,
  median,
  quartiles,
  removeOutliers,
  trimmedMeanOfSamples,
} from "./testing/reference-filters.ts";

/** The reference's tests compare within 1e-4. */
const expectNear = (actual: number | undefined, expected: number) =>
  expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThan(1e-4);

// Vectors from the public service's FilterMAIR_test.go and FilterMEDIR_test.go.
const TEN = [59.4896, 26.2212, 60.2843, 71.1216, 22.1747, 11.7418, 29.6676, 31.8778, 42.4167, 50.7858];
const ELEVEN = [6, 7, 39, 15, 36, 40, 41, 42, 47, 43, 49];
const FIFTEEN = [10.2, 14.1, 14.4, 14.4, 14.4, 14.5, 14.5, 14.6, 14.7, 14.7, 14.7, 14.9, 15.1, 15.9, 16.4];
const sortUp = (v: number[]) => [...v].sort((a, b) => a - b);

describe("the IQR rule as the reference writes it (testing/reference-filters.ts)", () => {
  it("computes the reference's means and medians", () => {
    expectNear(mean(TEN), 40.5781);
    expect(mean([6, 3, 2, 4, 5, 1])).toBe(3.5);
    expect(mean([])).toBe(0);
    expectNear(median(sortUp(TEN)), 37.1472);
    expectNear(median(sortUp(TEN.slice(1))), 31.8778);
    expect(median(sortUp([5, 3, 4, 2, 1]))).toBe(3);
    expect(median(sortUp([6, 3, 2, 4, 5, 1]))).toBe(3.5);
    expect(median([])).toBe(0);
  });

  it("computes the reference's quartiles", () => {
    expect(quartiles(sortUp(TEN))).toEqual([26.2212, 59.4896]);
    expect(quartiles(sortUp(ELEVEN))).toEqual([15, 43]);
    expect(quartiles(sortUp([7, 15, 36, 39, 40, 41]))).toEqual([15, 40]);
  });

  it("removes the reference's outliers", () => {
    expect(removeOutliers(FIFTEEN)).toEqual([
      14.1, 14.4, 14.4, 14.4, 14.5, 14.5, 14.6, 14.7, 14.7, 14.7, 14.9, 15.1,
    ]);
    expect(removeOutliers([])).toEqual([]);
    expect(removeOutliers([24, 25, 21, 23, 49, 29, 33])).toEqual([21, 23, 24, 25, 29, 33]);
    expect(removeOutliers([0, 0, 0])).toEqual([0, 0, 0]);
    expect(removeOutliers([0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
    expect(removeOutliers([50, 50, 50, 200, 50, 50, 50])).toEqual([50, 50, 50, 50, 50, 50]);
  });
});

describe("the IQR rule of the aggregation and provenance (outliers.ts)", () => {
  it("gives the reference's vectors", () => {
    fence(Float64Array.from(sortUp(ELEVEN)), ELEVEN.length);
    expect([lastTrim.low, lastTrim.high]).toEqual([15 - 1.5 * 28, 43 + 1.5 * 28]);
    const medians = [FIFTEEN, [24, 25, 21, 23, 49, 29, 33], [50, 50, 50, 200, 50, 50, 50]].map((vs) => [
      trimmedMedian(vs, vs.length),
      lastTrim.leftOut,
    ]);
    expect(medians).toEqual([
      [14.55, 3],
      [24.5, 1],
      [50, 1],
    ]);
    expectNear(trimmedMeanOfRuns(TEN, new Array(10).fill(1), 10), 40.5781);
  });

  it("sets the fences of the reference's quartiles", () => {
    const values = fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 2, maxLength: 130 });
    fc.assert(
      fc.property(values, (vs) => {
        const [q1, q3] = quartiles(sortUp(vs));
        fence(Float64Array.from(vs).sort(), vs.length);
        expect([lastTrim.low, lastTrim.high]).toEqual([q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)]);
      }),
    );
  });

  it("sums a busy series' runs in the same stable order of prices, to the bit, from a ring", () => {
    // Up to 120 runs, their prices from a few levels (equal prices in runs apart) or anywhere (outliers):
    // sorted by merging beyond 16 runs. Neighbouring runs differ in price, as the filters' runs do.
    const price = fc.oneof(
      fc.integer({ min: 0, max: 9 }).map((level) => 100 + level * 0.123456789),
      fc.double({ min: 1, max: 1000, noNaN: true }),
    );
    // (size "max": fast-check otherwise keeps arrays to about ten, below the merging.)
    const runs = fc
      .array(fc.tuple(price, fc.integer({ min: 1, max: 120 })), { minLength: 2, maxLength: 120, size: "max" })
      .map((rs) => rs.filter(([p], i) => i === 0 || p !== rs[i - 1]?.[0]));
    fc.assert(
      fc.property(runs, fc.integer({ min: 0, max: 127 }), (rs, head) => {
        const expanded = rs.flatMap(([p, c]) => Array.from({ length: c }, () => p));
        // The same runs in a ring of 128 from `head`.
        const ringPrices = new Float64Array(128);
        const ringCounts = new Float64Array(128);
        rs.forEach(([p, c], i) => {
          ringPrices[(head + i) % 128] = p;
          ringCounts[(head + i) % 128] = c;
        });
        expect(trimmedMeanOfRuns(ringPrices, ringCounts, rs.length, head)).toBe(
          trimmedMeanOfSamples(expanded),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("gives the same trimmed median without allocating as the plain rule", () => {
    // Every path: the shortcuts up to 3 values, insertion up to 24, the typed array's sort beyond, and
    // beyond 256 a larger scratch (size "max": fast-check otherwise keeps arrays to about ten).
    const values = fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { maxLength: 300, size: "max" });
    fc.assert(
      fc.property(values, (vs) => {
        expect(trimmedMedian(vs, vs.length)).toBe(median(removeOutliers(vs)));
        expect(lastTrim.leftOut).toBe(vs.length - removeOutliers(vs).length);
      }),
      // Shrinking hundreds of doubles against a wrong sort can take minutes: report what it has by then.
      { interruptAfterTimeLimit: 10_000 },
    );
  });
});
