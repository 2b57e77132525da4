import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COINS } from "../../catalog/catalog.ts";
import { midPrice } from "./price-path.ts";

const DAY = 86_400;
const T0 = 1_735_689_600; // 2025-01-01T00:00:00Z
const SYMBOLS = COINS.map((c) => c.symbol);

function dailyLogReturns(seed: number, symbol: string, days: number): number[] {
  const out: number[] = [];
  let prev = midPrice(seed, symbol, T0);
  for (let d = 1; d <= days; d++) {
    const next = midPrice(seed, symbol, T0 + d * DAY);
    out.push(Math.log(next / prev));
    prev = next;
  }
  return out;
}

function std(xs: number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
}

function correlation(xs: number[], ys: number[]): number {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    const y = ys[i] ?? 0;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe("midPrice", () => {
  it("is a pure function of (seed, symbol, t): no call changes another's result", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(...SYMBOLS),
        fc.double({ min: 1.5e9, max: 1.9e9, noNaN: true }),
        fc.array(
          fc.tuple(fc.integer(), fc.constantFrom(...SYMBOLS), fc.integer({ min: 1.5e9, max: 1.9e9 })),
          {
            maxLength: 5,
          },
        ),
        (seed, symbol, t, others) => {
          const first = midPrice(seed, symbol, t);
          for (const [s, sym, u] of others) midPrice(s, sym, u);
          // Same time, other coins first (the shared market factor is cached per time).
          midPrice(seed, "ETH", t);
          expect(midPrice(seed, symbol, t)).toBe(first);
          expect(first).toBeGreaterThan(0);
          expect(Number.isFinite(first)).toBe(true);
        },
      ),
    );
  });

  it("depends on the seed and the symbol", () => {
    const t = T0 + 12_345;
    expect(midPrice(1, "BTC", t)).not.toBe(midPrice(2, "BTC", t));
    expect(midPrice(1, "BTC", t) / 95_000).not.toBeCloseTo(midPrice(1, "ETH", t) / 3_400, 6);
    // Seeds beyond 32 bits keep their high bits.
    expect(midPrice(2 ** 40, "BTC", t)).not.toBe(midPrice(0, "BTC", t));
  });

  it("rejects an unknown symbol", () => {
    expect(() => midPrice(1, "NOPE", T0)).toThrow(RangeError);
  });

  it("moves BTC by less than 1 % between consecutive 120 s blocks", () => {
    for (const seed of [1, 7]) {
      let prev = midPrice(seed, "BTC", T0);
      let maxMove = 0;
      for (let b = 1; b <= 20_000; b++) {
        const next = midPrice(seed, "BTC", T0 + b * 120);
        maxMove = Math.max(maxMove, Math.abs(next / prev - 1));
        prev = next;
      }
      expect(maxMove).toBeLessThan(0.01);
      expect(maxMove).toBeGreaterThan(0); // it does move
    }
  });

  it("stays within ×0.3 … ×3 of the base price over a year, for every coin", () => {
    for (const seed of [1, 2, 3]) {
      for (const c of COINS) {
        for (let h = 0; h < 365 * 24; h += 7) {
          const ratio = midPrice(seed, c.symbol, T0 + h * 3600) / c.basePriceUSD;
          if (!(ratio > 0.3 && ratio < 3)) expect.fail(`${c.symbol} at hour ${h}: ×${ratio}`);
        }
      }
    }
  });

  it("keeps stablecoins within ±0.3 % of 1", () => {
    for (const seed of [1, 99]) {
      for (const symbol of ["USDT", "USDC"]) {
        for (let m = 0; m < 365 * 24 * 6; m += 5) {
          const p = midPrice(seed, symbol, T0 + m * 600);
          if (!(Math.abs(p - 1) <= 0.003)) expect.fail(`${symbol} at ${m}: ${p}`);
        }
      }
    }
  });

  it("has daily log returns whose standard deviation roughly matches the coin's volatility", () => {
    for (const symbol of ["BTC", "ETH", "SOL", "DOGE", "EOS"]) {
      const target = COINS.find((c) => c.symbol === symbol)?.dailyVolatility ?? 0;
      const sd = std(dailyLogReturns(5, symbol, 3 * 365));
      expect(sd, symbol).toBeGreaterThan(0.7 * target);
      expect(sd, symbol).toBeLessThan(1.4 * target);
    }
    expect(std(dailyLogReturns(5, "BTC", 730))).toBeLessThan(std(dailyLogReturns(5, "DOGE", 730)));
  });

  it("moves coins together through the shared market factor", () => {
    const btc = dailyLogReturns(11, "BTC", 730);
    expect(correlation(btc, dailyLogReturns(11, "ETH", 730))).toBeGreaterThan(0.4);
    expect(correlation(btc, dailyLogReturns(11, "SOL", 730))).toBeGreaterThan(0.3);
    expect(Math.abs(correlation(btc, dailyLogReturns(11, "USDT", 730)))).toBeLessThan(0.2);
  });
});
