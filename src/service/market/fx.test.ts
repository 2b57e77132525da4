import { describe, expect, it } from "vitest";
import { FX_CURRENCIES, type FxCurrency } from "../../interface/vocabulary.ts";
import { fxRates, usdPerEur } from "./fx.ts";

const DAY0 = 20_089; // 2025-01-01

const BANDS: Record<FxCurrency, [number, number]> = {
  EUR: [0.86, 0.95],
  JPY: [145, 158],
  GBP: [0.74, 0.8],
  SEK: [9.3, 10.6],
  CHF: [0.78, 0.9],
  NOK: [9.9, 11.3],
  AUD: [1.48, 1.62],
  CAD: [1.35, 1.44],
  CNY: [7.1, 7.3],
  KRW: [1350, 1450],
};

describe("fxRates", () => {
  it("gives every FX currency, inside its band, for years of days", () => {
    for (const seed of [1, 42]) {
      for (let d = DAY0 - 800; d < DAY0 + 800; d++) {
        const rates = fxRates(seed, d);
        expect(Object.keys(rates).sort()).toEqual([...FX_CURRENCIES].sort());
        for (const c of FX_CURRENCIES) {
          const [low, high] = BANDS[c];
          if (!(rates[c] >= low && rates[c] <= high)) expect.fail(`${c} on day ${d}: ${rates[c]}`);
        }
      }
    }
  });

  it("is smooth from day to day, but does move", () => {
    for (const seed of [1, 42]) {
      let prev = fxRates(seed, DAY0);
      const moved = new Set<FxCurrency>();
      for (let d = DAY0 + 1; d < DAY0 + 730; d++) {
        const next = fxRates(seed, d);
        for (const c of FX_CURRENCIES) {
          const change = Math.abs(Math.log(next[c] / prev[c]));
          if (!(change < 0.015)) expect.fail(`${c} jumps ${change} on day ${d}`);
          if (change > 0) moved.add(c);
        }
        prev = next;
      }
      expect(moved.size).toBe(FX_CURRENCIES.length);
    }
  });

  it("wanders across a good part of its band over two years", () => {
    const values = Array.from({ length: 730 }, (_, i) => fxRates(3, DAY0 + i).EUR);
    const spread = Math.max(...values) / Math.min(...values);
    expect(spread).toBeGreaterThan(1.02);
  });

  it("is deterministic and depends on the seed", () => {
    expect(fxRates(7, DAY0)).toEqual(fxRates(7, DAY0));
    expect(fxRates(7, DAY0).EUR).not.toBe(fxRates(8, DAY0).EUR);
  });
});

describe("usdPerEur", () => {
  it("is the inverse of the day's EUR rate, constant within the UTC day", () => {
    const t = DAY0 * 86_400;
    const expected = 1 / fxRates(5, DAY0).EUR;
    expect(usdPerEur(5, t)).toBeCloseTo(expected, 12);
    expect(usdPerEur(5, t + 86_399.5)).toBeCloseTo(expected, 12);
    expect(usdPerEur(5, t + 86_400)).toBeCloseTo(1 / fxRates(5, DAY0 + 1).EUR, 12);
    expect(usdPerEur(5, t)).toBeGreaterThan(1.05);
    expect(usdPerEur(5, t)).toBeLessThan(1.17);
  });
});
