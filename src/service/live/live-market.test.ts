// The ingest's live events against what the market stores: a seeded market (its aggregation left cold by
// the seeding run, as on a first start), then blocks of the simulator's trades taken in slices as they
// would happen, each block stored by the feed a moment after it ends (some while the next one is forming).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type LiveCandle,
  type LiveEvent,
  type LiveEventName,
  LiveEventSchemas,
} from "../../interface/live-events.ts";
import { marketCoins } from "../catalog/market-coins.ts";
import { ManualClock } from "../clock.ts";
import { MarketFeed } from "../market/feed.ts";
import { MarketView } from "../market/market-view.ts";
import type { SourceTrade } from "../market/trade-source.ts";
import { MarketSimulator } from "../sources/simulator/simulator.ts";
import { SimulatorSource } from "../sources/simulator/simulator-source.ts";
import { SqliteStore } from "../store/sqlite-store.ts";
import type { BlockRow, SeriesKey } from "../store/store.ts";
import { compareEventIds, type MadeEvent } from "./live-event.ts";
import { LIVE_INTERVAL_MS, LiveMarket } from "./live-market.ts";

const SEED = 5;
/** Busy coins and thin ones (EOS, HBAR: blocks where a series has no trade). */
const SYMBOLS = ["BTC", "ETH", "SOL", "DOGE", "LINK", "USDT", "EOS", "HBAR"];
const NOW = Date.UTC(2026, 10, 20, 12, 0, 30);
/** The block NOW is in: the seeded history ends just before it. */
const FIRST = Math.floor(NOW / 120_000);
const BLOCKS = 12;
/** After the live blocks, this many are stored in one catch-up with no trade taken live. */
const CAUGHT_UP = 3;
/** A block's trades are taken in slices ending at these seconds into it; the last is its final 20 s. */
const SLICES = [10, 25, 40, 55, 70, 85, 100, 120];
const MARKET = marketCoins(SYMBOLS);
const SERIES: SeriesKey[] = [
  ...SYMBOLS.map((symbol) => ({ symbol, exchange: null })),
  ...MARKET.pairs.filter((p) => !p.ignore).map((p) => ({ symbol: p.symbol, exchange: p.exchange })),
];

const startIso = (block: number) => new Date(block * 120_000).toISOString();
const ofName = <N extends LiveEventName>(events: readonly MadeEvent[], name: N) =>
  events.filter((e) => e.name === name).map((e) => e.data as LiveEvent<N>);

interface Run {
  events: MadeEvent[];
  /** Each block's trades, as the simulator makes them. */
  trades: Map<number, SourceTrade[]>;
  /** Per block, each coin's last price event as of the block's close, of the coins that traded in its last slice. */
  closePrices: Map<number, Map<string, number>>;
  /** Per block, each coin's quotation price read right after the block was stored (MarketView). */
  quotations: Map<number, Map<string, number>>;
  /** Events before the aggregation was warm, and after. */
  beforeWarm: number;
  /** Each stored block's row of every series that has one, by "<symbol>|<exchange>". */
  rows: Map<number, Map<string, BlockRow>>;
  /** What the candle endpoints answer for each series' block with trades, by "<symbol>|<exchange>". */
  candles: Map<number, Map<string, LiveCandle>>;
}

const keyOf = (symbol: string, exchange: string | null) => `${symbol}|${exchange ?? "*"}`;
let dir = "";
let run: Run;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "live-market-"));
  const store = SqliteStore.open(dir);
  // Two workers and no threshold: the history is a seeded run, which leaves the feed no aggregation.
  const feed = new MarketFeed(store, new SimulatorSource(SEED, SYMBOLS, 2), {
    historyDays: 1,
    pairs: MARKET.pairs,
    parallelMinBlocks: 0,
  });
  await feed.catchUpInParallel(NOW);
  expect(feed.aggregation()).toBeNull();
  const view = new MarketView(store, SEED, MARKET);
  const simulator = new MarketSimulator(SEED, { symbols: SYMBOLS });
  const clock = new ManualClock(NOW);
  const events: MadeEvent[] = [];
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: Date.UTC(2030, 0, 1) });
  const live = new LiveMarket({ feed, clock, publish: (event) => events.push(event) });
  run = {
    events,
    trades: new Map(),
    closePrices: new Map(),
    quotations: new Map(),
    beforeWarm: 0,
    rows: new Map(),
    candles: new Map(),
  };
  const storeThrough = async (block: number) => {
    const before = await store.lastBlockTime();
    await feed.catchUp((block + 1) * 120_000);
    if ((await store.lastBlockTime()) === before) return;
    view.invalidate();
    const prices = new Map<string, number>();
    for (const symbol of SYMBOLS) {
      const quotation = await view.quotation(symbol);
      if (quotation) prices.set(symbol, quotation.price);
    }
    run.quotations.set(block, prices);
  };
  try {
    for (let block = FIRST; block < FIRST + BLOCKS; block++) {
      const trades = simulator.tradesOfBlock(block);
      run.trades.set(block, trades);
      let from = 0;
      let lastSlice: SourceTrade[] = [];
      for (const [k, seconds] of SLICES.entries()) {
        const endMs = block * 120_000 + seconds * 1000;
        let to = from;
        while (to < trades.length && (trades[to] as SourceTrade).timeMs < endMs) to++;
        lastSlice = trades.slice(from, to);
        from = to;
        // The market's clock at the slice's end (the last: the block's end); the wall 100 ms later, so that
        // some slices come within the interval of the one before.
        clock.set(endMs);
        vi.advanceTimersByTime(100);
        live.take(lastSlice);
        if (block === FIRST && k === 0) {
          run.beforeWarm = events.length;
          // The feed warms its aggregation up at the live market's request; this waits behind it.
          await feed.warmUpAggregation();
        }
        // Every other block, the one before is stored while this one forms; the others after it closes.
        if (k === 1 && block % 2 === 0) await storeThrough(block - 1);
      }
      vi.advanceTimersByTime(LIVE_INTERVAL_MS);
      const closes = new Map<string, number>();
      for (const symbol of new Set(lastSlice.map((t) => t.symbol))) {
        const last = ofName(events, "price").findLast((e) => e.symbol === symbol);
        if (last) closes.set(symbol, last.price);
      }
      run.closePrices.set(block, closes);
      if (block % 2 === 1) await storeThrough(block - 1);
    }
    await storeThrough(FIRST + BLOCKS - 1);
    // A catch-up of several blocks at once, none of whose trades were taken live.
    for (let block = FIRST + BLOCKS; block < FIRST + BLOCKS + CAUGHT_UP; block++)
      run.trades.set(block, simulator.tradesOfBlock(block));
    await feed.catchUp((FIRST + BLOCKS + CAUGHT_UP) * 120_000);
    for (let block = FIRST; block < FIRST + BLOCKS + CAUGHT_UP; block++) {
      const end = (block + 1) * 120;
      const rows = new Map<string, BlockRow>();
      const candles = new Map<string, LiveCandle>();
      for (const { symbol, exchange } of SERIES) {
        const series = store.seriesId(symbol, exchange) as number;
        const row = await store.blockAt(series, end);
        if (row) rows.set(keyOf(symbol, exchange), row);
        const answered = await store.candles({
          series,
          from: end - 120,
          to: end - 120,
          scale: "raw",
          limit: 2,
        });
        const at = (column: number[]) => column[0] as number;
        if (answered.times.length === 1)
          candles.set(keyOf(symbol, exchange), {
            start: startIso(block),
            open: at(answered.open),
            high: at(answered.high),
            low: at(answered.low),
            close: at(answered.close),
            volume: at(answered.volume),
            buyVolume: at(answered.buyVolume),
            sellVolume: at(answered.sellVolume),
            trades: at(answered.trades),
          });
      }
      run.rows.set(block, rows);
      run.candles.set(block, candles);
    }
  } finally {
    live.stop();
    vi.useRealTimers();
    await store.close();
  }
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the live market's price", () => {
  it("waits for the aggregation a seeded run left cold, then prices the trades it held", () => {
    expect(run.beforeWarm).toBe(0);
    const first = ofName(run.events, "price")[0];
    expect(first && Date.parse(first.time)).toBeLessThan(FIRST * 120_000 + (SLICES[0] as number) * 1000);
  });

  it("equals at each block's close the stored quotation price, to the bit", () => {
    let compared = 0;
    const coins = new Set<string>();
    for (let block = FIRST; block < FIRST + BLOCKS; block++) {
      const quotations = run.quotations.get(block);
      const rows = run.rows.get(block);
      for (const [symbol, price] of run.closePrices.get(block) ?? []) {
        expect(price, `${symbol} at the close of block ${block}`).toBe(quotations?.get(symbol));
        expect(price).toBe(rows?.get(keyOf(symbol, null))?.ma120);
        compared += 1;
        coins.add(symbol);
      }
    }
    // Each coin that traded in a block's last slice, the thin ones in some blocks.
    expect(coins).toEqual(new Set(SYMBOLS));
    expect(compared).toBeGreaterThan(BLOCKS * 5);
  });

  it("is finite and moves within a block, as the trades come", () => {
    const prices = ofName(run.events, "price");
    expect(prices.every((e) => Number.isFinite(e.price) && e.price > 0)).toBe(true);
    for (let block = FIRST + 1; block < FIRST + BLOCKS; block++) {
      const inBlock = prices.filter(
        (e) => e.symbol === "BTC" && Math.floor(Date.parse(e.time) / 120_000) === block,
      );
      // Eight slices 100 ms apart on the wall clock: a price every 250 ms at most, the newest at the end.
      expect(new Set(inBlock.map((e) => e.price)).size).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("the live market's forming candles", () => {
  it("equal at each block's close the stored block candle of every series that traded", () => {
    let compared = 0;
    const candles = ofName(run.events, "candle");
    for (let block = FIRST; block < FIRST + BLOCKS; block++) {
      for (const [key, row] of run.rows.get(block) ?? []) {
        const last = candles.findLast(
          (e) => keyOf(e.symbol, e.exchange) === key && e.candle.start === startIso(block),
        );
        if (row.trades === 0) {
          expect(last, `${key} has no trade in block ${block}`).toBeUndefined();
          continue;
        }
        expect(last?.candle, `${key} in block ${block}`).toEqual(run.candles.get(block)?.get(key));
        expect(last?.candle).toMatchObject({
          open: row.open,
          high: row.high,
          low: row.low,
          close: row.close,
          buyVolume: row.buyVolume,
          sellVolume: row.sellVolume,
          trades: row.trades,
        });
        expect(last?.scale).toBe("block");
        expect(last?.final).toBe(false);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(BLOCKS * SYMBOLS.length);
  });
});

describe("the live market's block events", () => {
  it("come once per stored block, in order, each with every series as stored", () => {
    const blocks = ofName(run.events, "block");
    const stored = Array.from({ length: BLOCKS + CAUGHT_UP }, (_, k) => FIRST + k);
    expect(blocks.map((e) => e.end)).toEqual(stored.map((block) => startIso(block + 1)));
    for (const [k, event] of blocks.entries()) {
      const block = FIRST + k;
      const rows = run.rows.get(block) as Map<string, BlockRow>;
      expect(event.series.map((s) => keyOf(s.symbol, s.exchange)).sort()).toEqual([...rows.keys()].sort());
      for (const series of event.series) {
        const key = keyOf(series.symbol, series.exchange);
        const row = rows.get(key) as BlockRow;
        expect(series, key).toEqual({
          symbol: series.symbol,
          exchange: series.exchange,
          ma120: row.ma120,
          mair120: row.mair120,
          medir120: row.medir120,
          candle: row.trades === 0 ? null : run.candles.get(block)?.get(key),
        });
      }
      // Stamped at the block's newest trade.
      expect(event.time).toBe(new Date(run.trades.get(block)?.at(-1)?.timeMs ?? 0).toISOString());
    }
  });
});

describe("the live market's trades", () => {
  it("go out in batches that together are every trade taken, oldest first", () => {
    const batches = ofName(run.events, "trades");
    for (const { symbol, exchange } of SERIES) {
      if (exchange === null) continue;
      const told = batches
        .filter((e) => e.symbol === symbol && e.exchange === exchange)
        .flatMap((e) => e.trades.map((t) => `${t.time} ${t.pair} ${t.price} ${t.usdPrice} ${t.volume}`));
      const taken = [...run.trades.entries()]
        .filter(([block]) => block < FIRST + BLOCKS)
        .flatMap(([, trades]) => trades.filter((t) => t.symbol === symbol && t.exchange === exchange))
        .map(
          (t) =>
            `${new Date(t.timeMs).toISOString()} ${t.pair} ${t.price} ${t.estimatedUSDPrice} ${t.volume}`,
        );
      expect(told, `${symbol} on ${exchange}`).toEqual(taken);
    }
    expect(batches.every((e) => e.time === e.trades.at(-1)?.time)).toBe(true);
    // Batched: fewer events than trades.
    expect(batches.length).toBeLessThan(batches.reduce((n, e) => n + e.trades.length, 0) / 2);
  });
});

describe("the live market's events", () => {
  it("have strictly increasing ids and the stream's schemas, times in RFC 3339 UTC with ms", () => {
    const { events } = run;
    expect(events.length).toBeGreaterThan(1000);
    for (let k = 1; k < events.length; k++)
      expect(
        compareEventIds((events[k - 1] as MadeEvent).data.id, (events[k] as MadeEvent).data.id),
      ).toBeLessThan(0);
    for (const event of events) {
      expect(LiveEventSchemas[event.name].parse(event.data)).toEqual(event.data);
      expect(event.data.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const mergeKeys = new Set(events.map((e) => `${e.name} ${e.mergeKey}`));
    expect(mergeKeys).toContain("price price:BTC");
    expect(mergeKeys).toContain("candle candle:BTC:*:block");
    expect(mergeKeys).toContain("candle candle:BTC:Binance:block");
    expect(mergeKeys).toContain("trades null");
    expect(mergeKeys).toContain("block null");
  });
});
