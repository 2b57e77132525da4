import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BlockRow } from "../store/store.ts";
import { BlockAggregator } from "./aggregator.ts";
import { MairFilter, MovingAverageFilter, mean, removeOutliers } from "./testing/reference-filters.ts";

/** The reference's tests compare within 1e-4. */
const expectNear = (actual: number | null | undefined, expected: number) =>
  expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThan(1e-4);

const T0 = Date.UTC(2016, 7, 15);
const trade = (timeMs: number, estimatedUSDPrice: number) => ({ timeMs, estimatedUSDPrice });

const PAIRS = [{ symbol: "BTC", exchange: "Binance", ignore: false }];
const ids = { seriesId: (_symbol: string, exchange: string | null) => (exchange === null ? 1 : 2) };

/** The aggregation's blocks of one exchange's series from T0 on, of trades at [ms after T0, price]. */
function blocksOf(trades: [number, number][], blocks = 1): (BlockRow | null)[] {
  const aggregator = new BlockAggregator(ids, PAIRS, T0);
  return Array.from({ length: blocks }, (_, b) => {
    const ofBlock = trades
      .filter(([ms]) => Math.floor(ms / 120_000) === b)
      .map(([ms, price]) => ({
        symbol: "BTC",
        exchange: "Binance",
        pair: "BTCUSD",
        timeMs: T0 + ms,
        price,
        volume: 1,
        estimatedUSDPrice: price,
        foreignTradeID: "",
      }));
    return aggregator.aggregate(T0 / 120_000 + b, ofBlock, false).rows.find((r) => r.series === 2) ?? null;
  });
}

/** One block of a trade a second from the block's start. */
const block = (prices: number[]) => blocksOf(prices.map((p, i) => [i * 1000, p]))[0] ?? null;
const FIFTEEN = [10.2, 14.1, 14.4, 14.4, 14.4, 14.5, 14.5, 14.6, 14.7, 14.7, 14.7, 14.9, 15.1, 15.9, 16.4];

describe("MA120 through the aggregation", () => {
  it("is time-weighted: a price held for longer weighs more", () => {
    const ma = blocksOf([
      [1000, 100],
      [100_000, 200],
    ])[0]?.ma120;
    // 100 holds ~99 s, 200 holds ~20 s of the block.
    expect(ma).toBeGreaterThan(110);
    expect(ma).toBeLessThan(125);
  });

  it("carries on through a block without trades and is null before the first trade", () => {
    expect(blocksOf([[130_000, 42]], 3).map((row) => row?.ma120 ?? null)).toEqual([null, 42, 42]);
  });
});

describe("MAIR120 through the aggregation (the reference's FilterMAIR_test vectors)", () => {
  it("averages the samples with the last trade added once more, outliers removed", () => {
    expect(block([50, 50, 50, 200, 50, 50, 50])?.mair120).toBe(50);
    expectNear(block([6, 3, 2, 4, 5, 1])?.mair120, 3.1428);
    expect(block([1])?.mair120).toBe(1);
    expect(block([])).toBeNull();
    expect(block(FIFTEEN)?.mair120).toBeCloseTo(14.5833, 4);
    expectNear(block([24, 25, 21, 23, 49, 29, 33])?.mair120, 26.8571);
    expect(block([0, 0, 0])?.mair120).toBe(0);
  });

  it("averages a rising series with the last price counted twice", () => {
    const prices = Array.from({ length: 15 }, (_, i) => 50 + i);
    expect(block(prices)?.mair120).toBe((prices.reduce((a, b) => a + b, 0) + 64) / 16);
  });

  it("is stamped at the last trade and starts the next block from the last price", () => {
    const [first, quiet, next] = blocksOf(
      [
        [5_500, 10],
        [65_250, 12],
        [245_000, 12],
      ],
      3,
    );
    expect(first?.lastTradeOffset).toBe(65);
    expect(quiet?.mair120).toBeNull();
    expect(next?.mair120).toBe(12);
  });
});

describe("MEDIR120 through the aggregation (the reference's FilterMEDIR_test vectors)", () => {
  it("takes the median of the block's trades after removing outliers", () => {
    expect(
      [FIFTEEN, [24, 25, 21, 23, 49, 29, 33], [0, 0, 0], [0, 0, 0, 0], [50, 50, 50, 200, 50, 50, 50]].map(
        (prices) => {
          const row = block(prices);
          return [row?.medir120, row?.tradesLeftOut];
        },
      ),
    ).toEqual([
      [14.55, 3],
      [24.5, 1],
      [0, 0],
      [0, 0],
      [50, 1],
    ]);
  });

  it("keeps the newest 120 trades and starts empty each block", () => {
    const [busy, quiet] = blocksOf(
      Array.from({ length: 200 }, (_, i) => [i * 100, i < 80 ? 1 : 5]),
      2,
    );
    expect(busy?.medir120).toBe(5);
    expect(quiet?.medir120).toBeNull();
  });
});

describe("the reference's filters with the memories of its tests (testing/reference-filters.ts)", () => {
  it("MA120 is stable on a constant price and then follows the reference's fill arithmetic (53.25)", () => {
    const f = new MovingAverageFilter(T0, 4);
    let d = T0;
    let p = 50;
    for (let i = 0; i <= 4; i++, d += 1000) f.compute(trade(d, p));
    expect(f.finalCompute(d)?.value).toBe(50);
    for (let i = 0; i <= 4; i++, d += 1000, p += 1) f.compute(trade(d, p));
    expect(f.finalCompute(d)?.value).toBe(53.25);
  });

  it("MA120 forward-fills two-second gaps as the reference does (56.4)", () => {
    const f = new MovingAverageFilter(T0, 10);
    let d = T0;
    let p = 50;
    for (let i = 0; i <= 10; i++, d += 2000) f.compute(trade(d, p));
    expect(f.finalCompute(d)?.value).toBe(50);
    for (let i = 0; i <= 10; i++, d += 2000, p += 1) f.compute(trade(d, p));
    expect(f.finalCompute(d)?.value).toBe(56.4);
  });

  it("MA120 and MAIR120 ignore trades that go back in time", () => {
    const ma = new MovingAverageFilter(T0, 10);
    const mair = new MairFilter(T0, 10);
    for (let i = 0; i <= 10; i++) {
      ma.compute(trade(T0 - i * 1000, 50 + i));
      mair.compute(trade(T0 - i * 1000, 50 + i));
    }
    expect(ma.finalCompute(T0)?.value).toBe(50);
    expect(mair.finalCompute()?.value).toBe(50);
  });

  it("MAIR120 keeps only the newest samples of its memory (62.8)", () => {
    const f = new MairFilter(T0, 5);
    for (let i = 0; i < 15; i++) f.compute(trade(T0 + i * 1000, 50 + i));
    expect(f.finalCompute()?.value).toBe(62.8);
  });

  it("MAIR120 equals the IQR-trimmed mean of the expanded per-second samples", () => {
    // Independent model: one sample per second, forward-filled, memory 120, then the extra last sample.
    const tradesArb = fc
      .uniqueArray(fc.integer({ min: 1, max: 119 }), { minLength: 2, maxLength: 20, size: "max" })
      .chain((secs) =>
        fc.tuple(
          fc.constant(secs.sort((a, b) => a - b)),
          fc.array(fc.double({ min: 90, max: 110, noNaN: true }), {
            minLength: secs.length,
            maxLength: secs.length,
          }),
        ),
      );
    fc.assert(
      fc.property(tradesArb, ([secs, prices]) => {
        const f = new MairFilter(T0);
        for (const [i, s] of secs.entries()) f.compute(trade(T0 + s * 1000, prices[i] as number));
        // Model of the reference fill: the first trade fills its own price back to the start; a gap of
        // d seconds adds max(d − 1, 1) samples, the last being the new price.
        const samples: number[] = [];
        const first = secs[0] as number;
        for (let k = 0; k < Math.max(first - 1, 1); k++) samples.push(prices[0] as number);
        for (let i = 1; i < secs.length; i++) {
          const d = (secs[i] as number) - (secs[i - 1] as number);
          for (let k = 0; k < Math.max(d - 1, 1) - 1; k++) samples.push(prices[i - 1] as number);
          samples.push(prices[i] as number);
        }
        samples.push(prices[prices.length - 1] as number);
        const expected = mean(removeOutliers(samples.slice(-120)));
        expect(f.finalCompute()?.value).toBeCloseTo(expected, 8);
      }),
    );
  });
});
