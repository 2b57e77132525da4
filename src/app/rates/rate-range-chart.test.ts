import { describe, expect, it } from "vitest";
import type { InterestRate } from "../../interface/resources.ts";
import { fixingSeries } from "./rate-range-chart.tsx";

const fixing = (day: string, value: number): InterestRate => ({
  symbol: "SOFR",
  value,
  publicationTime: `${day}T13:00:00Z`,
  effectiveDate: `${day}T00:00:00Z`,
  source: "FED",
});

describe("fixingSeries", () => {
  it("puts each fixing at 00:00 UTC of its effective day", () => {
    const { times, values } = fixingSeries([fixing("2024-02-29", 5.31), fixing("2024-03-01", 5.32)]);
    expect(Array.from(times)).toEqual([Date.UTC(2024, 1, 29) / 1000, Date.UTC(2024, 2, 1) / 1000]);
    expect(Array.from(values)).toEqual([5.31, 5.32]);
  });
});
