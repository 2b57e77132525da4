import { describe, expect, it } from "vitest";
import { amountOfUnits, amountUnits, roundPrice } from "./block-rounding.ts";

describe("roundPrice", () => {
  it("keeps nine significant digits, as the shortest decimal, whatever the decade before", () => {
    const prices = [
      90_123.456789,
      0.000012345678912,
      3012.3456789,
      99_999.99999,
      100_000.00004,
      1.5,
      0.1 + 0.2,
    ];
    // Twice, in another order: the remembered decade of the last call never changes an answer.
    for (const x of [...prices, ...prices.reverse()]) expect(roundPrice(x)).toBe(Number(x.toPrecision(9)));
    expect(String(roundPrice(90_123.456789))).toBe("90123.4568");
    expect(roundPrice(-2.0000000049)).toBe(-2);
  });

  it("agrees with toPrecision on a wide sweep of random prices", () => {
    let seed = 7;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 16807) % 2_147_483_647;
      const x = (seed / 2_147_483_647) * 10 ** ((i % 14) - 6);
      const rounded = roundPrice(x);
      // Halfway cases may round either way between the two methods; nothing else may differ.
      expect(Math.abs(rounded - Number(x.toPrecision(9)))).toBeLessThanOrEqual(Math.abs(x) * 1e-9);
      expect(Number(rounded.toPrecision(9))).toBe(rounded);
    }
  });
});

describe("amounts", () => {
  it("sum as exact decimals while they fit, and as doubles beyond", () => {
    expect(amountOfUnits(amountUnits(0.1) + amountUnits(0.2), 0.1 + 0.2)).toBe(0.3);
    expect(amountOfUnits(2 ** 53, 123.5)).toBe(123.5);
  });
});
