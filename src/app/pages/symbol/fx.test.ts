import { describe, expect, it } from "vitest";
import type { Change } from "../../../interface/resources.ts";
import { changeIn, convert, fxFor, USD } from "./fx.ts";

const change: Change = {
  usd: [
    { symbol: "EUR", rate: 0.9, rateYesterday: 0.8 },
    { symbol: "JPY", rate: 150, rateYesterday: 0 },
  ],
};

describe("figures in the reader's currency", () => {
  it("uses the answer's rate for the currency, and USD as is", () => {
    expect(fxFor(change, "USD")).toBe(USD);
    expect(fxFor(change, "EUR")).toEqual({ currency: "EUR", rate: 0.9, rateYesterday: 0.8, missing: null });
    expect(convert(100, fxFor(change, "EUR"))).toBeCloseTo(90);
    expect(convert(null, fxFor(change, "EUR"))).toBeNull();
  });

  it("stays in USD and says which currency was missing", () => {
    expect(fxFor(change, "GBP")).toEqual({ ...USD, missing: "GBP" });
    expect(fxFor(null, "EUR")).toEqual({ ...USD, missing: "EUR" });
  });

  it("takes today's rate for yesterday when yesterday's is unusable", () => {
    expect(fxFor(change, "JPY").rateYesterday).toBe(150);
  });

  it("measures the change as a holder of the currency sees it", () => {
    expect(changeIn(110, 100, USD)).toBeCloseTo(10);
    // 110 × 0.9 = 99 today against 100 × 0.8 = 80 yesterday.
    expect(changeIn(110, 100, fxFor(change, "EUR"))).toBeCloseTo(23.75);
    expect(changeIn(110, null, USD)).toBeNull();
  });
});
