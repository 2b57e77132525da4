import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { COINS } from "../../catalog/catalog.ts";
import { PAIRS } from "../../catalog/catalog-pairs.ts";
import { usdPerEur } from "../../market/fx.ts";
import type { SourceTrade } from "../../market/trade-source.ts";
import { midPrice } from "./price-path.ts";
import { MarketSimulator, seasonality } from "./simulator.ts";

const SEED = 20_251_122;
/** Block of 2025-11-03T00:00:00Z (a Monday). */
const B0 = 1_762_128_000 / BLOCK_SECONDS;
const BLOCKS_PER_DAY = 86_400 / BLOCK_SECONDS;
/** Beyond this a trade counts as a fat finger: ordinary trades stay within ~0.6 % of the mid. */
const OUTLIER_CUT = 0.0125;

function deviation(seed: number, t: SourceTrade): number {
  return t.estimatedUSDPrice / midPrice(seed, t.symbol, t.timeMs / 1000) - 1;
}

describe("MarketSimulator determinism", () => {
  it("gives identical trades for the same seed and block, across instances", () => {
    const a = new MarketSimulator(SEED).tradesOfBlock(B0 + 17);
    const b = new MarketSimulator(SEED).tradesOfBlock(B0 + 17);
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it("gives different trades for a different seed or block", () => {
    const a = new MarketSimulator(SEED).tradesOfBlock(B0);
    const b = new MarketSimulator(SEED + 1).tradesOfBlock(B0);
    const c = new MarketSimulator(SEED).tradesOfBlock(B0 + 1);
    expect(b).not.toEqual(a);
    expect(b.map((t) => t.timeMs)).not.toEqual(a.map((t) => t.timeMs));
    expect(c.map((t) => t.timeMs - BLOCK_SECONDS * 1000)).not.toEqual(a.map((t) => t.timeMs));
  });

  it("computes a block alone exactly as after others, in any order", () => {
    const alone = new MarketSimulator(SEED).tradesOfBlock(B0 + 100);
    const sequential = new MarketSimulator(SEED);
    for (let b = B0 + 90; b < B0 + 100; b++) sequential.tradesOfBlock(b);
    expect(sequential.tradesOfBlock(B0 + 100)).toEqual(alone);
    const backwards = new MarketSimulator(SEED);
    backwards.tradesOfBlock(B0 + 101);
    backwards.tradesOfBlock(B0 + 5_000);
    expect(backwards.tradesOfBlock(B0 + 100)).toEqual(alone);
    expect(backwards.tradesOfBlock(B0 + 100)).toEqual(alone);
  });

  it("is a pure function of (seed, block) for arbitrary call histories", () => {
    const reference = new Map<string, SourceTrade[]>();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.integer({ min: B0 - 50, max: B0 + 50 }), { minLength: 1, maxLength: 6 }),
        (seedOffset, blocks) => {
          const sim = new MarketSimulator(SEED + seedOffset);
          for (const block of blocks) {
            const key = `${seedOffset}/${block}`;
            const trades = sim.tradesOfBlock(block);
            const expected =
              reference.get(key) ?? new MarketSimulator(SEED + seedOffset).tradesOfBlock(block);
            reference.set(key, expected);
            expect(trades).toEqual(expected);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("rejects a block that is not a non-negative integer", () => {
    const sim = new MarketSimulator(SEED);
    expect(() => sim.tradesOfBlock(-1)).toThrow(RangeError);
    expect(() => sim.tradesOfBlock(1.5)).toThrow(RangeError);
    expect(() => sim.tradesOfBlock(Number.NaN)).toThrow(RangeError);
  });
});

describe("MarketSimulator trades over 200 blocks", () => {
  const sim = new MarketSimulator(SEED);
  const blocks: SourceTrade[][] = [];
  const all: SourceTrade[] = [];
  beforeAll(() => {
    for (let b = B0 + 600; b < B0 + 800; b++) {
      const trades = sim.tradesOfBlock(b);
      blocks.push(trades);
      all.push(...trades);
    }
  });

  it("puts every trade inside its block, sorted by time", () => {
    blocks.forEach((trades, i) => {
      const start = (B0 + 600 + i) * BLOCK_SECONDS * 1000;
      let prev = start;
      for (const t of trades) {
        if (!Number.isInteger(t.timeMs)) expect.fail(`time ${t.timeMs} is not whole milliseconds`);
        if (t.timeMs < prev || t.timeMs >= start + BLOCK_SECONDS * 1000) {
          expect.fail(`trade at ${t.timeMs} out of order or outside [${start}, ${start + 120_000})`);
        }
        prev = t.timeMs;
      }
    });
  });

  it("trades only catalog pairs that are not ignored", () => {
    const live = new Map(PAIRS.filter((p) => !p.ignore).map((p) => [`${p.exchange}|${p.foreignName}`, p]));
    const ignored = new Set(PAIRS.filter((p) => p.ignore).map((p) => `${p.exchange}|${p.foreignName}`));
    expect(ignored.size).toBeGreaterThanOrEqual(3);
    const seen = new Set<string>();
    for (const t of all) {
      const key = `${t.exchange}|${t.pair}`;
      if (ignored.has(key)) expect.fail(`trade on ignored pair ${key}`);
      if (live.get(key)?.symbol !== t.symbol) expect.fail(`trade on unknown pair ${key} (${t.symbol})`);
      seen.add(key);
    }
    // Nearly every live pair trades at some point in 200 blocks.
    expect(seen.size).toBeGreaterThan(0.9 * live.size);
  });

  it("makes about 3 trades per pair per block, more for big pairs", () => {
    const livePairs = PAIRS.filter((p) => !p.ignore).length;
    const perPair = all.length / blocks.length / livePairs;
    expect(perPair).toBeGreaterThan(2);
    expect(perPair).toBeLessThan(4.5);
    const binanceBtc =
      all.filter((t) => t.exchange === "Binance" && t.pair === "BTCUSDT").length / blocks.length;
    expect(binanceBtc).toBeGreaterThan(8);
    expect(binanceBtc).toBeLessThan(25);
    const small = all.filter((t) => t.exchange === "Huobi" && t.symbol === "EOS").length / blocks.length;
    expect(small).toBeLessThan(1.5);
  });

  it("gives foreign trade IDs that are digits and unique per exchange", () => {
    const seen = new Set<string>();
    for (const t of all) {
      if (!/^\d+$/.test(t.foreignTradeID)) expect.fail(`trade ID ${t.foreignTradeID}`);
      const key = `${t.exchange}|${t.foreignTradeID}`;
      if (seen.has(key)) expect.fail(`duplicate trade ID ${key}`);
      seen.add(key);
    }
  });

  it("prices ordinary trades within 1 % of the mid, in USD", () => {
    for (const t of all) {
      if (!(t.price > 0) || t.volume === 0 || !Number.isFinite(t.volume)) expect.fail(JSON.stringify(t));
      const d = deviation(SEED, t);
      if (Math.abs(d) > OUTLIER_CUT) continue;
      if (!(Math.abs(d) < 0.01)) expect.fail(`${t.exchange} ${t.pair}: ${d}`);
    }
  });

  it("has fat fingers 1.5–4 % away from the mid in 0.01–0.05 % of trades", () => {
    const outliers = all.filter((t) => Math.abs(deviation(SEED, t)) > OUTLIER_CUT);
    const rate = outliers.length / all.length;
    expect(rate).toBeGreaterThan(0.0001);
    expect(rate).toBeLessThan(0.0005);
    for (const t of outliers) {
      const d = Math.abs(deviation(SEED, t));
      expect(d).toBeGreaterThan(0.0149);
      expect(d).toBeLessThan(0.041);
    }
    // Both directions occur.
    expect(outliers.some((t) => deviation(SEED, t) > 0)).toBe(true);
    expect(outliers.some((t) => deviation(SEED, t) < 0)).toBe(true);
  });

  it("converts quote-currency prices to USD with the quote's rate", () => {
    const quotes = new Map(PAIRS.map((p) => [`${p.exchange}|${p.foreignName}`, p.quote]));
    const checked = new Set<string>();
    for (const t of all) {
      const quote = quotes.get(`${t.exchange}|${t.pair}`) ?? "";
      const tSeconds = t.timeMs / 1000;
      let rate: number;
      if (quote === "USD") rate = 1;
      else if (quote === "EUR") rate = usdPerEur(SEED, tSeconds);
      else rate = midPrice(SEED, quote, tSeconds);
      // Within a block the quote's rate is interpolated between the block's ends, so allow 0.3 %.
      const ratio = t.estimatedUSDPrice / (t.price * rate);
      if (!(Math.abs(ratio - 1) < 0.003)) expect.fail(`${t.exchange} ${t.pair}: ratio ${ratio}`);
      if (quote === "USD" && t.estimatedUSDPrice !== t.price) expect.fail(`${t.pair}: USD price changed`);
      checked.add(quote);
    }
    expect([...checked].sort()).toEqual(["BTC", "EUR", "USD", "USDC", "USDT"]);
  });

  it("has buys and sells, and rounds prices to a tick", () => {
    expect(all.some((t) => t.volume > 0)).toBe(true);
    expect(all.some((t) => t.volume < 0)).toBe(true);
    const btc = all.filter((t) => t.exchange === "Coinbase" && t.pair === "BTC-USD");
    expect(btc.length).toBeGreaterThan(0);
    for (const t of btc) expect(Math.round(t.price * 100) / 100).toBe(t.price);
  });
});

describe("MarketSimulator volumes and activity", () => {
  it("gives realistic 24 h USD volumes: BTC billions, a small coin tens of millions", () => {
    const sim = new MarketSimulator(SEED);
    const volume = new Map<string, number>();
    for (let b = B0; b < B0 + BLOCKS_PER_DAY; b++) {
      for (const t of sim.tradesOfBlock(b)) {
        volume.set(t.symbol, (volume.get(t.symbol) ?? 0) + Math.abs(t.volume) * t.estimatedUSDPrice);
      }
    }
    const btc = volume.get("BTC") ?? 0;
    const eos = volume.get("EOS") ?? 0;
    expect(btc).toBeGreaterThan(5e9);
    expect(btc).toBeLessThan(1e11);
    expect(eos).toBeGreaterThan(1e7);
    expect(eos).toBeLessThan(2e8);
    expect(btc).toBeGreaterThan(eos * 100);
    expect(volume.get("ETH") ?? 0).toBeGreaterThan(volume.get("LTC") ?? 0);
    for (const c of COINS) expect(volume.get(c.symbol) ?? 0, c.symbol).toBeGreaterThan(0);
  });

  it("is busier in US/EU hours than at night, and on weekdays", () => {
    expect(seasonality(B0 * BLOCK_SECONDS + 15 * 3600)).toBeGreaterThan(
      seasonality(B0 * BLOCK_SECONDS + 3 * 3600),
    );
    const saturday = B0 * BLOCK_SECONDS - 2 * 86_400 + 12 * 3600;
    expect(seasonality(B0 * BLOCK_SECONDS + 12 * 3600)).toBeGreaterThan(seasonality(saturday));
    const sim = new MarketSimulator(SEED);
    const count = (hour: number) => {
      let n = 0;
      const first = B0 + hour * 30;
      for (let b = first; b < first + 30; b++) n += sim.tradesOfBlock(b).length;
      return n;
    };
    expect(count(15)).toBeGreaterThan(count(3) * 1.2);
  });

  it("trades a busy market: hundreds of trades per block over a day (speed is in npm run bench)", () => {
    const sim = new MarketSimulator(SEED);
    let trades = 0;
    for (let b = B0; b < B0 + BLOCKS_PER_DAY; b++) trades += sim.tradesOfBlock(b).length;
    expect(trades / BLOCKS_PER_DAY).toBeGreaterThan(500);
  });

  it("trades a share of the coins exactly as the whole market trades them", () => {
    const share = ["BTC", "DOGE", "USDT"];
    const whole = new MarketSimulator(SEED);
    const part = new MarketSimulator(SEED, { symbols: share });
    for (let b = B0; b < B0 + 20; b++) {
      expect(part.tradesOfBlock(b)).toEqual(whole.tradesOfBlock(b).filter((t) => share.includes(t.symbol)));
    }
  });
});
