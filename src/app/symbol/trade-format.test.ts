import { describe, expect, it } from "vitest";
import { formatClock, formatCoinAmount, formatQuotePrice, sideOf } from "./trade-format.ts";

describe("the last trades' figures", () => {
  it("writes prices in the pair's quote currency without a currency sign", () => {
    expect(formatQuotePrice(80729.671, "en-US")).toBe("80,729.67");
    expect(formatQuotePrice(0.000012345, "en-US")).toBe("0.00001235");
    expect(formatQuotePrice(Number.NaN, "en-US")).toBe("—");
  });

  it("keeps a coin amount's meaningful decimals", () => {
    expect(formatCoinAmount(4.15010658, "en-US")).toBe("4.1501");
    expect(formatCoinAmount(0.00679805, "en-US")).toBe("0.00679805");
    expect(formatCoinAmount(1234567.5, "en-US")).toBe("1,234,567.5");
  });

  it("reads a negative volume as a sell", () => {
    expect(sideOf(-0.48)).toBe("sell");
    expect(sideOf(2.3)).toBe("buy");
  });

  it("shows only the clock for today and the date too for older times", () => {
    const now = new Date(2026, 10, 22, 12, 0, 0).getTime();
    const today = new Date(2026, 10, 22, 11, 45, 37).toISOString();
    const earlier = new Date(2026, 10, 20, 11, 45, 37).toISOString();
    expect(formatClock(today, now, "en-GB")).toBe("11:45:37");
    expect(formatClock(earlier, now, "en-GB")).toContain("2026");
    expect(formatClock(null, now)).toBe("—");
  });
});
