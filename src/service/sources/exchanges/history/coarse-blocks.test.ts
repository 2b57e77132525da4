// Hourly and daily candles as blocks, through the real aggregation into a real SQLite store: one block per
// candle, at the slot that ends with its hour or day, with the candle's figures exactly, read back as the
// chart reads them (1h and 1d candles, the block's filter values).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Pair } from "../../../catalog/catalog.ts";
import { seriesOfPairs } from "../../../market/aggregator.ts";
import { MairFilter, MedirFilter, MovingAverageFilter } from "../../../market/testing/reference-filters.ts";
import { CANDLE_HISTORY_META } from "../../../market/trade-source.ts";
import { roundPrice } from "../../../store/block-rounding.ts";
import { SqliteStore } from "../../../store/sqlite-store.ts";
import type { Store } from "../../../store/store.ts";
import { candleRecords } from "../../../testing/candle-records.ts";
import type { Candle, PairCandles } from "./candle-history.ts";
import { coarseTrades, storeCoarseChunk } from "./coarse-blocks.ts";

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The fine history (1-minute candles, trades) starts at 10:00 on this day; coarse blocks lie before it. */
const FINE_DAY = Date.UTC(2026, 10, 20) / DAY;
const FINE_START = FINE_DAY * DAY + 10 * HOUR;

const pairs: Pair[] = [
  { symbol: "BTC", exchange: "Binance", foreignName: "BTCUSD", quote: "USD", ignore: false },
  { symbol: "BTC", exchange: "Kraken", foreignName: "BTC/USD", quote: "USD", ignore: false },
];
const ofPair = (exchange: string, candles: Candle[]): PairCandles => ({
  exchange,
  pair: {
    ccxtSymbol: "BTC/USD",
    symbol: "BTC",
    quote: "USD",
    pair: exchange === "Binance" ? "BTCUSD" : "BTC/USD",
  },
  candles,
});

let dir: string;
let store: Store;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "coarse-blocks-"));
  store = SqliteStore.open(dir);
  await store.setMeta("first_block_end", String(FINE_START / 1000 + 120));
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function store1(resolution: "1h" | "1d", candles: PairCandles[], fromMs: number, toMs: number) {
  return storeCoarseChunk({
    store,
    ids: await seriesOfPairs(store, pairs),
    pairs,
    resolution,
    chunk: { fromMs, toMs },
    candles,
    eurPerUsd: () => null,
    packingHeld: true,
    meta: {},
    marked: { firstEnd: fromMs / 1000 + 120, lastEnd: toMs / 1000 },
  });
}

/** The three filters over one block's trades, from a cold start at the block's start (as the chunk's). */
function filtersOf(trades: { timeMs: number; price: number }[], blockStartMs: number) {
  const ma = new MovingAverageFilter(blockStartMs);
  const mair = new MairFilter(blockStartMs);
  const medir = new MedirFilter();
  for (const t of trades) {
    const trade = { timeMs: t.timeMs, estimatedUSDPrice: t.price };
    ma.compute(trade);
    mair.compute(trade);
    medir.compute(trade);
  }
  return {
    ma120: roundPrice(ma.finalCompute(blockStartMs + 120_000)?.value ?? Number.NaN),
    mair120: roundPrice(mair.finalCompute()?.value ?? Number.NaN),
    medir120: roundPrice(medir.finalCompute()?.value ?? Number.NaN),
  };
}

describe("hourly and daily candles as blocks", () => {
  const hour = FINE_DAY * DAY - 5 * HOUR;
  const rising: Candle = [hour, 100, 110, 95, 105, 8];
  const falling: Candle = [hour, 104, 108, 96, 99, 3];

  it("puts a candle's four trades in the block that ends with its hour: open, low, high, close 40 s apart", () => {
    const blockStart = hour + HOUR - 120_000;
    const byBlock = coarseTrades([ofPair("Binance", [rising])], "1h", () => null);
    expect([...byBlock.keys()]).toEqual([blockStart / 120_000]);
    expect(byBlock.get(blockStart / 120_000)?.map((t) => [t.timeMs - blockStart, t.price, t.volume])).toEqual(
      [
        [0, 100, 2],
        [40_000, 95, 2],
        [80_000, 110, 2],
        [119_000, 105, 2],
      ],
    );
  });

  it("stores one block per hourly candle, packed, with the candle's figures and the filters over its path", async () => {
    const next: Candle = [hour + HOUR, 105, 107, 101, 102, 1.5];
    const stored = await store1(
      "1h",
      [ofPair("Binance", [rising, next]), ofPair("Kraken", [falling])],
      hour,
      hour + 2 * HOUR,
    );
    // Three series (BTC on each exchange, BTC across them) packed into the day before the fine history.
    expect(stored).toEqual({ rows: 0, days: 3 });
    expect(await store.packedUntil()).toBe(FINE_DAY);
    const binance = store.seriesId("BTC", "Binance") as number;
    const all = store.seriesId("BTC", null) as number;
    const read = (series: number, scale: "1h" | "1d") =>
      store
        .candles({ series, from: hour / 1000 - 86_400, to: hour / 1000 + 7200, scale, limit: 100 })
        .then(candleRecords);
    expect(await read(binance, "1h")).toEqual([
      {
        time: hour / 1000,
        open: 100,
        high: 110,
        low: 95,
        close: 105,
        buy: 800000000n,
        sell: 0n,
        volume: 800000000n,
        trades: 4,
      },
      {
        time: hour / 1000 + 3600,
        open: 105,
        high: 107,
        low: 101,
        close: 102,
        buy: 0n,
        sell: 150000000n,
        volume: 150000000n,
        trades: 4,
      },
    ]);
    // Across exchanges: both exchanges' trades of the hour in one block, Kraken's falling hour as sells.
    expect((await read(all, "1h"))[0]).toEqual({
      time: hour / 1000,
      open: 100,
      high: 110,
      low: 95,
      close: 99,
      buy: 800000000n,
      sell: 300000000n,
      volume: 1100000000n,
      trades: 8,
    });
    const blockStart = hour + HOUR - 120_000;
    const block = await store.blockAt(binance, (hour + HOUR) / 1000);
    const path = [0, 40_000, 80_000, 119_000].map((dt, i) => ({
      timeMs: blockStart + dt,
      price: [100, 95, 110, 105][i] as number,
    }));
    expect(block).toMatchObject(filtersOf(path, blockStart));
    // The MA120 of the path, as the per-second fill samples it: 39 s at 100, 39 at 95, 38 at 110, 2 at 105.
    expect(block?.ma120).toBe(roundPrice((39 * 100 + 39 * 95 + 38 * 110 + 2 * 105) / 118));
    // The blocks before it in the hour hold nothing.
    expect(await store.blockAt(binance, (hour + HOUR) / 1000 - 120)).toBeNull();
  });

  it("stores a daily candle as the last block of its day, one 1d candle per day", async () => {
    const day = FINE_DAY * DAY - 3 * DAY;
    const candles: Candle[] = [
      [day, 100, 120, 90, 110, 50],
      [day + DAY, 110, 115, 100, 101, 40],
    ];
    await store1("1d", [ofPair("Binance", candles)], day, day + 2 * DAY);
    const binance = store.seriesId("BTC", "Binance") as number;
    const daily = candleRecords(
      await store.candles({
        series: binance,
        from: day / 1000,
        to: day / 1000 + 86_400,
        scale: "1d",
        limit: 10,
      }),
    );
    expect(daily.map((c) => [c.time, c.open, c.high, c.low, c.close, c.volume])).toEqual([
      [day / 1000, 100, 120, 90, 110, 5_000_000_000n],
      [day / 1000 + 86_400, 110, 115, 100, 101, 4_000_000_000n],
    ]);
    expect(await store.blockAt(binance, (day + DAY) / 1000)).toMatchObject({
      open: 100,
      close: 110,
      trades: 4,
    });
    expect(JSON.parse((await store.getMeta(CANDLE_HISTORY_META)) ?? "[]")).toEqual([
      [day / 1000 + 120, (day + 2 * DAY) / 1000, "1d"],
    ]);
  });

  it("keeps the fine history's first day as rows (the feed packs it), and leaves it out once that day is packed", async () => {
    const early = FINE_DAY * DAY + 2 * HOUR;
    const candle: Candle = [early, 100, 110, 95, 105, 8];
    // Binance's BTC and BTC across exchanges (Kraken's series has never traded: no row).
    expect(await store1("1h", [ofPair("Binance", [candle])], early, early + HOUR)).toEqual({
      rows: 2,
      days: 0,
    });
    const binance = store.seriesId("BTC", "Binance") as number;
    expect(await store.blockAt(binance, (early + HOUR) / 1000)).toMatchObject({ open: 100, trades: 4 });

    await store.setPackedUntil(FINE_DAY + 1);
    const later: Candle = [early + HOUR, 100, 110, 95, 105, 8];
    expect(await store1("1h", [ofPair("Binance", [later])], early + HOUR, early + 2 * HOUR)).toEqual({
      rows: 0,
      days: 0,
    });
  });
});
