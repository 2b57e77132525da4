import { describe, expect, it } from "vitest";
import { describeDistance, formatDistance, formatShare, sharesOf } from "./provenance-figures.ts";

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 10) / 10;

describe("sharesOf", () => {
  it("adds up to exactly 100 % where plain rounding would not", () => {
    const shares = sharesOf([1 / 3, 1 / 3, 1 / 3]);
    expect(shares).toEqual([33.4, 33.3, 33.3]);
    expect(sum(shares)).toBe(100);
  });

  it("gives the leftover tenths to the largest remainders", () => {
    // 0.12345 → 12.345, 0.45655 → 45.655, 0.42 → 42.0: plain rounding gives 12.3 + 45.7 + 42.0 = 100.0,
    // and so must this; a case where it does not is 3 × 1/3 above.
    expect(sharesOf([0.12345, 0.45655, 0.42])).toEqual([12.3, 45.7, 42]);
    const many = sharesOf([0.0005, 0.0005, 0.0005, 0.9985]);
    expect(sum(many)).toBe(100);
  });

  it("is all zero when nothing traded, and leaves a quiet exchange at zero", () => {
    expect(sharesOf([0, 0])).toEqual([0, 0]);
    expect(sharesOf([0.6, 0, 0.4])).toEqual([60, 0, 40]);
  });
});

describe("formatDistance and describeDistance", () => {
  it("sign the distance in percent to the thousandth", () => {
    expect(formatDistance(0.0002)).toBe("+0.020 %");
    expect(formatDistance(-0.00004)).toBe("\u22120.004 %");
    expect(formatDistance(0.0000001)).toBe("0.000 %");
    expect(formatDistance(null)).toBe("—");
    expect(describeDistance(-0.00125)).toBe("0.125 % below the crowd");
    expect(describeDistance(0)).toBe("level with the crowd");
  });

  it("formatShare writes one decimal", () => {
    expect(formatShare(42)).toBe("42.0 %");
  });
});
