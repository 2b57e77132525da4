import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BlockRow } from "../store/store.ts";
import { BlockAggregator, rowOf } from "./aggregator.ts";
import { ReferenceAggregator } from "./testing/reference-filters.ts";
import type { TradeColumns } from "./trade-columns.ts";
import type { SourceTrade } from "./trade-source.ts";

const START_BLOCK = 12_000_000;
// Two coins on two exchanges, and a pair followed only from a later block on.
const PAIRS = [
  { symbol: "BTC", exchange: "Binance", ignore: false },
  { symbol: "BTC", exchange: "Kraken", ignore: false },
  { symbol: "ETH", exchange: "Binance", ignore: false },
  { symbol: "ETH", exchange: "Kraken", ignore: true },
];
const LATER = [{ symbol: "ETH", exchange: "Kraken", ignore: false }];
const ids = {
  seriesId: (symbol: string, exchange: string | null) =>
    ["BTC|", "BTC|Binance", "BTC|Kraken", "ETH|", "ETH|Binance", "ETH|Kraken"].indexOf(
      `${symbol}|${exchange ?? ""}`,
    ) + 1,
};

/** A trade: its pair, offset in ms within its block, a price level and a signed amount. */
const trade = fc.tuple(
  fc.integer({ min: 0, max: PAIRS.length - 1 }),
  fc.integer({ min: 0, max: 119_999 }),
  fc.integer({ min: 0, max: 6 }),
  fc.integer({ min: -5000, max: 5000 }).filter((v) => v !== 0),
);
// Blocks of trades: few levels and a few seconds apart make runs of equal prices, replaced samples (trades
// in one second) and the previous price recurring; some blocks are empty, and one pair's may be more than the
// 120 prices MEDIR120 weighs. Blocks may be skipped (the history's hourly and daily candles skip them).
const blocks = fc.array(
  fc.tuple(
    fc.oneof(
      fc.array(trade, { maxLength: 30, size: "max" }),
      fc.array(
        trade.map(([, o, l, v]) => [0, o, l, v] as const),
        { minLength: 121, maxLength: 160 },
      ),
      fc.array(
        trade.map(([p, o, l, v]) => [p, o % 4000, l, v] as const),
        { maxLength: 12 },
      ),
    ),
    fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 40 })),
  ),
  { minLength: 1, maxLength: 8 },
);

function columnsOf(trades: readonly SourceTrade[]): TradeColumns {
  const n = trades.length;
  const columns: TradeColumns = {
    count: n,
    // Made in reverse, listed in time order through `order`, as the simulator does.
    order: Int32Array.from(trades, (_, k) => n - 1 - k),
    pair: new Int32Array(n),
    timeMs: new Float64Array(n),
    usdPrice: new Float64Array(n),
    volume: new Float64Array(n),
  };
  trades.forEach((t, k) => {
    const i = n - 1 - k;
    columns.pair[i] = PAIRS.findIndex((p) => p.symbol === t.symbol && p.exchange === t.exchange);
    columns.timeMs[i] = t.timeMs;
    columns.usdPrice[i] = t.estimatedUSDPrice;
    columns.volume[i] = t.volume;
  });
  return columns;
}

const bySeries = (rows: BlockRow[]) => [...rows].sort((x, y) => x.series - y.series);

describe("BlockAggregator", () => {
  it("makes every series' block as the reference's filters do, to the last bit, from objects or columns", () => {
    fc.assert(
      fc.property(blocks, fc.integer({ min: 0, max: 8 }), (bs, addedAt) => {
        const startMs = START_BLOCK * 120_000;
        const reference = new ReferenceAggregator(ids, PAIRS, startMs);
        const objects = new BlockAggregator(ids, PAIRS, startMs);
        const pairList = { symbol: PAIRS.map((p) => p.symbol), exchange: PAIRS.map((p) => p.exchange) };
        const columnar = new BlockAggregator(ids, PAIRS, startMs, pairList);
        let block = START_BLOCK;
        bs.forEach(([drawn, step], b) => {
          block += step;
          if (b === addedAt) {
            // A pair learned after the start: its series start now, in the middle of the block.
            for (const aggregator of [reference, objects, columnar])
              aggregator.addPairs(LATER, block * 120_000 + 7_500);
          }
          const trades: SourceTrade[] = drawn
            .map(([p, offset, level, amount]) => {
              const pair = PAIRS[p] as (typeof PAIRS)[number];
              return {
                symbol: pair.symbol,
                exchange: pair.exchange,
                pair: `${pair.symbol}USD`,
                timeMs: block * 120_000 + offset,
                price: 0,
                volume: amount / 1000,
                estimatedUSDPrice: (pair.symbol === "BTC" ? 60_000 : 3000) + level * 0.37,
                foreignTradeID: "",
              };
            })
            .sort((x, y) => x.timeMs - y.timeMs);
          const expected = bySeries(reference.aggregate(block, trades));
          // toEqual tells 0 from −0 and NaN from null; the values are compared as numbers to the bit.
          expect(bySeries(objects.aggregate(block, trades, false).rows)).toEqual(expected);
          const made: BlockRow[] = [];
          columnar.aggregateInto(block, columnsOf(trades), {
            visit: (series, figures) => made.push(rowOf(series, (block + 1) * 120, figures)),
          });
          expect(bySeries(made)).toEqual(expected);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the trades of the pairs it follows, each with its place in the block's list", () => {
    const startMs = START_BLOCK * 120_000;
    const aggregator = new BlockAggregator(ids, PAIRS, startMs);
    const trade = (exchange: string, symbol: string, offset: number): SourceTrade => ({
      symbol,
      exchange,
      pair: `${symbol}USD`,
      timeMs: startMs + offset,
      price: 100,
      volume: 1,
      estimatedUSDPrice: 100,
      foreignTradeID: `${exchange}-${offset}`,
    });
    const { trades } = aggregator.aggregate(
      START_BLOCK,
      [trade("Binance", "BTC", 1000), trade("Kraken", "ETH", 2000), trade("Kraken", "BTC", 3000)],
      true,
    );
    expect(trades.map((t) => [t.series, t.seq, t.foreignTradeID])).toEqual([
      [2, 0, "Binance-1000"],
      [3, 2, "Kraken-3000"],
    ]);
  });

  it("refuses a trade older than the time its series is filled to", () => {
    const startMs = START_BLOCK * 120_000;
    const pairList = { symbol: ["BTC"], exchange: ["Binance"] };
    const columnar = new BlockAggregator(ids, PAIRS, startMs, pairList);
    const trades: TradeColumns = {
      count: 2,
      order: Int32Array.of(0, 1),
      pair: Int32Array.of(0, 0),
      timeMs: Float64Array.of(startMs + 5000, startMs + 6000),
      usdPrice: Float64Array.of(100, 101),
      volume: Float64Array.of(1, 1),
    };
    columnar.aggregateInto(START_BLOCK, trades, null);
    trades.timeMs.set([startMs + 9000, startMs + 4000]);
    expect(() => columnar.aggregateInto(START_BLOCK, trades, null)).toThrow(/out of time order/);
  });
});
