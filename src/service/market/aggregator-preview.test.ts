// A preview (the live stream's forming block) is the one aggregation run ahead on a coin's series and put
// back: at a block's end it gives exactly the rows aggregate then gives, and it changes nothing aggregate
// gives after it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BlockRow } from "../store/store.ts";
import { BlockAggregator, rowOf } from "./aggregator.ts";
import type { SourceTrade } from "./trade-source.ts";

const START_BLOCK = 12_000_000;
const PAIRS = [
  { symbol: "BTC", exchange: "Binance", ignore: false },
  { symbol: "BTC", exchange: "Kraken", ignore: false },
  { symbol: "ETH", exchange: "Binance", ignore: false },
  { symbol: "ETH", exchange: "Kraken", ignore: true },
];
const KEYS = ["BTC|", "BTC|Binance", "BTC|Kraken", "ETH|", "ETH|Binance", "ETH|Kraken"];
const ids = {
  seriesId: (symbol: string, exchange: string | null) => KEYS.indexOf(`${symbol}|${exchange ?? ""}`) + 1,
};

/** A trade: its pair, offset in ms within its block, a price level and a signed amount. */
const trade = fc.tuple(
  fc.integer({ min: 0, max: PAIRS.length - 1 }),
  fc.integer({ min: 0, max: 119_999 }),
  fc.integer({ min: 0, max: 6 }),
  fc.integer({ min: -5000, max: 5000 }).filter((v) => v !== 0),
);
/** Consecutive blocks (as the feed aggregates them), some empty, some of a few seconds' trades. */
const blocks = fc.array(
  fc.oneof(
    fc.array(trade, { maxLength: 30, size: "max" }),
    fc.array(
      trade.map(([p, o, l, v]) => [p, o % 4000, l, v] as const),
      { maxLength: 12 },
    ),
  ),
  { minLength: 2, maxLength: 8 },
);

function tradesOf(block: number, drawn: readonly (readonly [number, number, number, number])[]) {
  return drawn
    .map(([p, offset, level, amount]): SourceTrade => {
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
}

/** A preview's figures of `symbol`'s series in block `block`, as the rows aggregate would make. */
function previewRows(
  aggregator: BlockAggregator,
  symbol: string,
  last: number,
  trades: (block: number) => readonly SourceTrade[],
  nowMs: number,
): BlockRow[] {
  const rows: BlockRow[] = [];
  aggregator.preview(symbol, last, trades, nowMs, {
    visit: (block, exchange, figures) => {
      if (block === last) rows.push(rowOf(ids.seriesId(symbol, exchange), (block + 1) * 120, figures));
    },
  });
  return rows.sort((x, y) => x.series - y.series);
}

const rowsOfSymbol = (rows: readonly BlockRow[], symbol: string) =>
  rows
    .filter((row) => (KEYS[row.series - 1] as string).startsWith(`${symbol}|`))
    .sort((x, y) => x.series - y.series);

describe("BlockAggregator.preview", () => {
  it("gives at a block's end the rows aggregate gives, one block or two ahead, and changes none", () => {
    fc.assert(
      fc.property(blocks, fc.integer({ min: 0, max: 119_999 }), (drawn, cut) => {
        const startMs = START_BLOCK * 120_000;
        const plain = new BlockAggregator(ids, PAIRS, startMs);
        const previewed = new BlockAggregator(ids, PAIRS, startMs);
        const lists = drawn.map((d, b) => tradesOf(START_BLOCK + b, d));
        const listOf = (block: number) => lists[block - START_BLOCK] ?? [];
        const expected = lists.map((trades, b) => plain.aggregate(START_BLOCK + b, trades, false).rows);
        for (let b = 0; b < lists.length; b++) {
          const block = START_BLOCK + b;
          const endMs = (block + 1) * 120_000;
          for (const symbol of ["BTC", "ETH"]) {
            // Mid-block, of the trades so far: some price, whatever it is, and nothing changed by it.
            const soFar = (at: number) =>
              listOf(at).filter((t) => at < block || t.timeMs < block * 120_000 + cut);
            for (const row of previewRows(previewed, symbol, block, soFar, block * 120_000 + cut))
              expect(Number.isFinite(row.ma120)).toBe(true);
            expect(previewRows(previewed, symbol, block, listOf, endMs)).toEqual(
              rowsOfSymbol(expected[b] as BlockRow[], symbol),
            );
            // Two blocks ahead: the one before closed in the preview as aggregate will close it.
            if (b + 1 < lists.length)
              expect(previewRows(previewed, symbol, block + 1, listOf, endMs + 120_000)).toEqual(
                rowsOfSymbol(expected[b + 1] as BlockRow[], symbol),
              );
          }
          expect(previewed.aggregate(block, listOf(block), false).rows).toEqual(expected[b]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("goes on from the newest block aggregated, and previews nothing of a coin it does not follow", () => {
    const startMs = START_BLOCK * 120_000;
    const aggregator = new BlockAggregator(ids, PAIRS, startMs);
    expect(aggregator.lastClosedBlock()).toBe(START_BLOCK - 1);
    aggregator.aggregate(START_BLOCK, tradesOf(START_BLOCK, [[0, 1000, 1, 5]]), false);
    expect(aggregator.lastClosedBlock()).toBe(START_BLOCK);
    const seen: number[] = [];
    aggregator.preview("BTC", START_BLOCK + 2, () => [], startMs + 300_000, {
      visit: (block) => seen.push(block),
    });
    // The blocks after the newest aggregated, each of the coin's series that has a price (Kraken has none).
    expect(seen).toEqual([START_BLOCK + 1, START_BLOCK + 1, START_BLOCK + 2, START_BLOCK + 2]);
    aggregator.preview("DOGE", START_BLOCK + 1, () => [], startMs + 200_000, {
      visit: () => {
        throw new Error("DOGE is not followed");
      },
    });
    expect(aggregator.follows("ETH", "Kraken")).toBe(false);
    expect(aggregator.follows("ETH", "Binance")).toBe(true);
    expect(aggregator.seriesKeyOf(ids.seriesId("BTC", null))).toEqual({ symbol: "BTC", exchange: null });
  });

  it("fills the MA120 to its moment, never back before the last trade", () => {
    const startMs = START_BLOCK * 120_000;
    const aggregator = new BlockAggregator(ids, PAIRS, startMs);
    aggregator.aggregate(START_BLOCK, tradesOf(START_BLOCK, [[0, 0, 0, 5]]), false);
    const block = START_BLOCK + 1;
    const trades = tradesOf(block, [[0, 60_000, 6, 5]]);
    const at = (nowMs: number) =>
      previewRows(aggregator, "BTC", block, () => trades, nowMs).find((r) => r.series === 1)?.ma120;
    // The new price weighs more the longer it has stood; before its trade's time it stands one second.
    const early = at(block * 120_000 + 30_000);
    expect(early).toBe(at(block * 120_000 + 60_000));
    expect(at(block * 120_000 + 90_000)).toBeGreaterThan(early as number);
    expect(at(block * 120_000 + 119_999)).toBeLessThan(at((block + 1) * 120_000) as number);
    expect(at((block + 5) * 120_000)).toBe(at((block + 1) * 120_000));
  });
});
