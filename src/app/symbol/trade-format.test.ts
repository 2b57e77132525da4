import { describe, expect, it } from "vitest";
import { formatClock, formatCoinAmount, formatFullTime, formatQuotePrice, sideOf } from "./trade-format.ts";

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

  it("shows only the clock for today in the zone and the date too for older times", () => {
    // 12:00 UTC on 22 Nov 2026 is 21:00 in Tokyo; 23:45 UTC on the 21st is already the 22nd there.
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const lateYesterdayUtc = new Date(Date.UTC(2026, 10, 21, 23, 45, 37)).toISOString();
    expect(formatClock(lateYesterdayUtc, "Asia/Tokyo", now, "en-GB")).toBe("08:45:37");
    expect(formatClock(lateYesterdayUtc, "UTC", now, "en-GB")).toBe("21 Nov 2026, 23:45:37");
    expect(formatClock(null, "UTC", now)).toBe("—");
  });

  it("writes a time in full with its zone named", () => {
    const time = new Date(Date.UTC(2026, 10, 21, 23, 45, 37)).toISOString();
    expect(formatFullTime(time, "Asia/Tokyo", "en-GB")).toBe("22 Nov 2026, 08:45:37 UTC+09:00 Asia/Tokyo");
    expect(formatFullTime(time, "UTC", "en-GB")).toBe("21 Nov 2026, 23:45:37 UTC");
  });
});
