import { describe, expect, it } from "vitest";
import type { InterestRate } from "../../interface/resources.ts";
import { newestFirst, summarise } from "./rate-stats.ts";

function fixing(day: string, value: number): InterestRate {
  return {
    symbol: "SOFR",
    value,
    publicationTime: `${day}T12:00:00Z`,
    effectiveDate: `${day}T00:00:00Z`,
    source: "FED",
  };
}

const ascending = [fixing("2024-03-04", 5.31), fixing("2024-03-05", 5.33), fixing("2024-03-06", 5.29)];

describe("newestFirst", () => {
  it("orders by effective date, newest first, without touching the input", () => {
    const copy = [...ascending];
    expect(newestFirst(ascending).map((f) => f.effectiveDate.slice(0, 10))).toEqual([
      "2024-03-06",
      "2024-03-05",
      "2024-03-04",
    ]);
    expect(ascending).toEqual(copy);
  });
});

describe("summarise", () => {
  it("counts, finds the extremes with their days, the mean and the change", () => {
    const summary = summarise([...ascending].reverse());
    expect(summary).toMatchObject({
      count: 3,
      min: { value: 5.29, day: "2024-03-06" },
      max: { value: 5.33, day: "2024-03-05" },
    });
    expect(summary?.mean).toBeCloseTo(5.31, 10);
    expect(summary?.change).toBeCloseTo(-0.02, 10);
  });

  it("keeps the earliest day of a tie", () => {
    const summary = summarise([fixing("2024-03-05", 5.3), fixing("2024-03-04", 5.3)]);
    expect(summary?.min.day).toBe("2024-03-04");
    expect(summary?.max.day).toBe("2024-03-04");
    expect(summary?.change).toBe(0);
  });

  it("is null for no fixings", () => {
    expect(summarise([])).toBeNull();
  });
});
