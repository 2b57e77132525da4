import { describe, expect, it } from "vitest";
import { decimalsOf, formatPublished, formatRateChange, formatRateValue, unitOf } from "./rate-format.ts";

const percent = unitOf("SOFR");
const index = unitOf("SAFR");

describe("unitOf", () => {
  it("is percent for rates and an index level for SAFR", () => {
    expect(percent).toEqual({ index: false, label: "%" });
    expect(index).toEqual({ index: true, label: "index" });
    expect(unitOf("ESTER").index).toBe(false);
  });
});

describe("decimalsOf", () => {
  it("takes the service's decimals first", () => {
    expect(decimalsOf("SOFR", [{ symbol: "SOFR", decimals: 4 }])).toBe(4);
  });

  it("falls back on the vocabulary, then on 8", () => {
    expect(decimalsOf("ESTER")).toBe(3);
    expect(decimalsOf("SONIA", [{ symbol: "SOFR", decimals: 4 }])).toBe(4);
    expect(decimalsOf("SAFR", [{ symbol: "SAFR", decimals: -1 }])).toBe(8);
    expect(decimalsOf("XYZ")).toBe(8);
  });
});

describe("formatRateValue", () => {
  it("keeps the type's decimals, trailing zeros included", () => {
    expect(formatRateValue(5.3, 2, percent, "en-US")).toBe("5.30%");
    expect(formatRateValue(-0.542, 3, percent, "en-US")).toBe("-0.542%");
    expect(formatRateValue(3.91234, 5, percent, "en-US")).toBe("3.91234%");
  });

  it("writes an index level without a unit", () => {
    expect(formatRateValue(1.04567891, 8, index, "en-US")).toBe("1.04567891");
  });

  it("rounds to the decimals and shows a dash for nothing", () => {
    expect(formatRateValue(5.305, 1, percent, "en-US")).toBe("5.3%");
    expect(formatRateValue(Number.NaN, 2, percent, "en-US")).toBe("—");
  });
});

describe("formatRateChange", () => {
  it("gives rates in basis points", () => {
    expect(formatRateChange(0.25, 2, percent, "en-US")).toBe("+25 bp");
    expect(formatRateChange(-0.012, 3, percent, "en-US")).toBe("-1.2 bp");
    expect(formatRateChange(0, 2, percent, "en-US")).toBe("0 bp");
  });

  it("gives an index in index points", () => {
    expect(formatRateChange(0.00012345, 8, index, "en-US")).toBe("+0.00012345");
  });
});

describe("formatPublished", () => {
  it("formats a time and passes an unreadable one through", () => {
    expect(formatPublished("2024-03-11T12:00:00Z", "UTC", { locale: "en-US" })).toMatch(
      /^Mar 11, 2024, 12:00\sPM UTC$/,
    );
    // 20:00 UTC is already the next day in Tokyo.
    expect(formatPublished("2024-03-11T20:00:00Z", "Asia/Tokyo", { locale: "en-US" })).toMatch(
      /^Mar 12, 2024, 5:00\sAM UTC\+09:00$/,
    );
    expect(formatPublished("2024-03-11T12:00:00Z", "UTC", { locale: "en-US", short: true })).not.toContain(
      "2024",
    );
    expect(formatPublished("soon", "UTC", { locale: "en-US" })).toBe("soon");
  });
});
