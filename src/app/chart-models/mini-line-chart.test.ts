import { describe, expect, it } from "vitest";
import { describe as describeChart, sortedPoints } from "./mini-line-chart.tsx";

const usd = (value: number) => `$${value.toFixed(2)}`;

describe("the mini chart's words", () => {
  it("names first, last, lowest and highest value", () => {
    expect(describeChart("MA120 of BTC over the last 24 hours", [3, 1, 5, 2], usd)).toBe(
      "MA120 of BTC over the last 24 hours: from $3.00 to $2.00, low $1.00, high $5.00",
    );
  });

  it("says when there is nothing to draw, keeping an acronym's capitals", () => {
    expect(describeChart("Fixings", [], usd)).toBe("Fixings: no points yet");
    expect(describeChart("MA120", new Float64Array(0), usd, "No MA120 points yet.")).toBe(
      "MA120: no MA120 points yet",
    );
  });
});

describe("the mini chart's points", () => {
  it("sorts ascending, keeps the last value of a repeated time and drops non-finite ones", () => {
    const points = sortedPoints([30, 10, 20, 10, 40], [3, 1, 2, 1.5, Number.NaN]);
    expect(Array.from(points.times)).toEqual([10, 20, 30]);
    expect(Array.from(points.values)).toEqual([1.5, 2, 3]);
  });

  it("gives the same object for the same arrays, so a render with unchanged data redraws nothing", () => {
    const times = new Float64Array([1, 2]);
    const values = new Float64Array([5, 6]);
    expect(sortedPoints(times, values)).toBe(sortedPoints(times, values));
    expect(sortedPoints(times, new Float64Array([5, 7]))).not.toBe(sortedPoints(times, values));
  });
});
