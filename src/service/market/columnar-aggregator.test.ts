import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BlockAggregator } from "./aggregator.ts";
import { ColumnarAggregator } from "./columnar-aggregator.ts";
import { rowOf } from "./series-state.ts";
import type { ClosedBlockSink, TradeColumns } from "./trade-columns.ts";
import type { SourceTrade } from "./trade-source.ts";

const START_BLOCK = 12_000_000;
// Two coins on two exchanges, and a pair the aggregation does not follow.
const PAIRS = [
  { symbol: "BTC", exchange: "Binance", ignore: false },
  { symbol: "BTC", exchange: "Kraken", ignore: false },
  { symbol: "ETH", exchange: "Binance", ignore: false },
  { symbol: "ETH", exchange: "Kraken", ignore: true },
];
const ids = {
  seriesId: (symbol: string, exchange: string | null) =>
    ["BTC|", "BTC|Binance", "BTC|Kraken", "ETH|", "ETH|Binance"].indexOf(`${symbol}|${exchange ?? ""}`) + 1,
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
// 120 prices MEDIR120 weighs.
const blocks = fc.array(
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

describe("ColumnarAggregator", () => {
  it("makes every series' block as BlockAggregator does from trade objects, to the last bit", () => {
    fc.assert(
      fc.property(blocks, (bs) => {
        const startMs = START_BLOCK * 120_000;
        const objects = new BlockAggregator(ids, PAIRS, startMs);
        const pairList = { symbol: PAIRS.map((p) => p.symbol), exchange: PAIRS.map((p) => p.exchange) };
        const columnar = new ColumnarAggregator(ids, PAIRS, pairList, startMs);
        bs.forEach((drawn, b) => {
          const block = START_BLOCK + b;
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
          const expected = objects.aggregate(block, trades, false).rows;
          const made: unknown[] = [];
          const sink: ClosedBlockSink = {
            visit: (series, figures) => made.push(rowOf(series, (block + 1) * 120, figures)),
          };
          columnar.aggregateInto(block, columnsOf(trades), sink);
          const bySeries = (rows: unknown[]) =>
            [...rows].sort((x, y) => (x as { series: number }).series - (y as { series: number }).series);
          // toEqual tells 0 from −0 and NaN from null; the values are compared as numbers to the bit.
          expect(bySeries(made)).toEqual(bySeries(expected));
        });
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a trade older than the time its series is filled to", () => {
    const startMs = START_BLOCK * 120_000;
    const pairList = { symbol: ["BTC"], exchange: ["Binance"] };
    const columnar = new ColumnarAggregator(ids, PAIRS, pairList, startMs);
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
