import { describe, expect, it } from "vitest";
import {
  changePercent,
  formatAge,
  formatAmountCompact,
  formatCountdown,
  formatMoneyCompact,
  formatPercent,
  formatPrice,
  trendOf,
} from "./numbers.ts";

describe("numbers for a market table", () => {
  it("keeps a big price to cents and a tiny one to its significant digits", () => {
    expect(formatPrice(95123.456, "USD", "en-US")).toBe("$95,123.46");
    expect(formatPrice(0.000012345, "USD", "en-US")).toBe("$0.00001235");
    expect(formatPrice(1234.5, "EUR", "de-DE").replace(/\s/gu, " ")).toBe("1.234,50 €");
  });

  it("writes a price just under 1 as its cents once its four digits round to 1, never $1.0", () => {
    expect(formatPrice(0.9995, "USD", "en-US")).toBe("$0.9995");
    expect(formatPrice(0.99994, "USD", "en-US")).toBe("$0.9999");
    expect(formatPrice(0.99996, "USD", "en-US")).toBe("$1.00");
    expect(formatPrice(-0.99996, "USD", "en-US")).toBe("-$1.00");
  });

  it("writes missing values as a dash, not as 0 or NaN", () => {
    expect(formatPrice(null)).toBe("—");
    expect(formatMoneyCompact(Number.NaN)).toBe("—");
    expect(formatPercent(null)).toBe("—");
  });

  it("makes volumes and supplies compact", () => {
    expect(formatMoneyCompact(1_234_000_000, "USD", "en-US")).toBe("$1.23B");
    expect(formatAmountCompact(19_912_345, "en-US")).toBe("19.91M");
  });

  it("signs changes and colours them by direction", () => {
    expect(changePercent(110, 100)).toBeCloseTo(10);
    expect(changePercent(110, null)).toBeNull();
    expect(changePercent(110, 0)).toBeNull();
    expect(formatPercent(1.234, "en-US")).toBe("+1.23%");
    expect(formatPercent(-0.5, "en-US")).toBe("-0.50%");
    expect(formatPercent(0, "en-US")).toBe("0.00%");
    expect([trendOf(2), trendOf(-1), trendOf(0), trendOf(null)]).toEqual(["up", "down", "flat", "flat"]);
  });

  it("counts down in minutes and seconds, rounding up so 0:00 means now", () => {
    expect(formatCountdown(34_200)).toBe("0:35");
    expect(formatCountdown(61_000)).toBe("1:01");
    expect(formatCountdown(-5)).toBe("0:00");
    expect(formatAge(5_000)).toBe("5 s ago");
    expect(formatAge(180_000)).toBe("3 min ago");
  });
});
