// The live market's leading edge on a fake wall clock: a change after a quiet moment goes out at once, the
// changes within the interval after it go out merged at its end, a key never more often, and nothing newer
// is lost; and what a block's close does to the forming state.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent, LiveEventName } from "../../interface/live-events.ts";
import { ManualClock } from "../clock.ts";
import { BlockAggregator } from "../market/aggregator.ts";
import type { BlockStoredListener } from "../market/feed.ts";
import type { SourceTrade } from "../market/trade-source.ts";
import { roundPrice } from "../store/block-rounding.ts";
import { compareEventIds, type MadeEvent } from "./live-event.ts";
import { LIVE_INTERVAL_MS, LiveMarket } from "./live-market.ts";

const BLOCK = 14_729_000;
const START_MS = BLOCK * 120_000;
const PAIRS = [
  { symbol: "BTC", exchange: "Binance", ignore: false },
  { symbol: "BTC", exchange: "Kraken", ignore: false },
  { symbol: "ETH", exchange: "Binance", ignore: false },
];
const KEYS = ["BTC|", "BTC|Binance", "BTC|Kraken", "ETH|", "ETH|Binance"];
const ids = {
  seriesId: (symbol: string, exchange: string | null) => KEYS.indexOf(`${symbol}|${exchange ?? ""}`) + 1,
};

/** Each event with the wall-clock time it was published at. */
interface Told {
  atMs: number;
  event: MadeEvent;
}

let aggregator: BlockAggregator;
let clock: ManualClock;
let told: Told[];
let blockStored: BlockStoredListener | null;
let live: LiveMarket;
let sequence = 0;

function trade(offsetMs: number, price: number, exchange = "Binance", symbol = "BTC"): SourceTrade {
  sequence += 1;
  return {
    symbol,
    exchange,
    pair: `${symbol}USDT`,
    timeMs: START_MS + offsetMs,
    price,
    volume: sequence % 3 === 0 ? -0.125 : 0.25,
    estimatedUSDPrice: price,
    foreignTradeID: String(sequence),
  };
}

const eventsOf = <N extends LiveEventName>(name: N, mergeKey?: string | null) =>
  told
    .filter((t) => t.event.name === name && (mergeKey === undefined || t.event.mergeKey === mergeKey))
    .map((t) => ({ atMs: t.atMs, data: t.event.data as LiveEvent<N> }));

/** The price a preview gives now of BTC's trades so far in the block. */
function previewPrice(trades: readonly SourceTrade[]): number {
  let price = Number.NaN;
  aggregator.preview("BTC", BLOCK, () => trades, clock.now(), {
    visit: (_block, exchange, figures) => {
      if (exchange === null) price = figures.ma120;
    },
  });
  return price;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: Date.UTC(2030, 0, 1) });
  sequence = 0;
  // Warm: BTC and ETH traded in the block before.
  aggregator = new BlockAggregator(ids, PAIRS, START_MS - 120_000);
  aggregator.aggregate(BLOCK - 1, [trade(-60_000, 100), trade(-50_000, 50, "Binance", "ETH")], false);
  clock = new ManualClock(START_MS);
  told = [];
  blockStored = null;
  const feed = {
    aggregation: () => aggregator,
    warmUpAggregation: async () => {},
    onBlockStored: (listener: BlockStoredListener) => {
      blockStored = listener;
      return () => {
        blockStored = null;
      };
    },
  };
  live = new LiveMarket({ feed, clock, publish: (event) => told.push({ atMs: Date.now(), event }) });
});

afterEach(() => {
  live.stop();
  vi.useRealTimers();
});

describe("the live market's leading edge", () => {
  it("sends a change after a quiet moment at once, and merges the next ones into one at the interval's end", () => {
    const first = trade(1000, 101);
    clock.set(START_MS + 1000);
    live.take([first]);
    expect(told.map((t) => `${t.event.name} ${t.event.mergeKey}`).sort()).toEqual([
      "candle candle:BTC:*:block",
      "candle candle:BTC:Binance:block",
      "price price:BTC",
      "trades null",
    ]);
    const later = [trade(2000, 103), trade(3000, 99), trade(4000, 104)];
    for (const t of later) {
      vi.advanceTimersByTime(60);
      clock.set(t.timeMs);
      live.take([t]);
    }
    vi.advanceTimersByTime(LIVE_INTERVAL_MS - 181);
    expect(told).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(told).toHaveLength(8);
    const price = eventsOf("price").at(-1)?.data;
    expect(price?.price).toBe(previewPrice([first, ...later]));
    expect(price?.time).toBe(new Date(START_MS + 4000).toISOString());
    expect(eventsOf("candle", "candle:BTC:Binance:block").at(-1)?.data.candle).toMatchObject({
      open: 101,
      high: 104,
      low: 99,
      close: 104,
      trades: 4,
      buyVolume: 0.5,
      sellVolume: 0.25,
      volume: 0.75,
    });
    expect(
      eventsOf("trades")
        .at(-1)
        ?.data.trades.map((t) => t.price),
    ).toEqual([103, 99, 104]);
    // Quiet for a while, then a change: out at once again.
    vi.advanceTimersByTime(5000);
    clock.set(START_MS + 10_000);
    live.take([trade(10_000, 105)]);
    expect(told).toHaveLength(12);
  });

  it("sends a key at most once an interval while it keeps changing, and loses nothing newer", () => {
    const taken: SourceTrade[] = [];
    // 3 s of wall time, a trade every 20 ms, half a second apart in the market (one block).
    for (let k = 0; k < 150; k++) {
      const t = trade(500 * k, 100 + ((k * 7) % 11), k % 4 === 0 ? "Kraken" : "Binance");
      taken.push(t);
      clock.set(t.timeMs);
      live.take([t]);
      vi.advanceTimersByTime(20);
    }
    vi.advanceTimersByTime(LIVE_INTERVAL_MS);
    const keys = new Set(told.map((t) => `${t.event.name} ${t.event.mergeKey}`));
    expect(keys.size).toBe(5);
    for (const key of [
      "price:BTC",
      "candle:BTC:*:block",
      "candle:BTC:Binance:block",
      "candle:BTC:Kraken:block",
    ]) {
      const times = told.filter((t) => t.event.mergeKey === key).map((t) => t.atMs);
      for (let k = 1; k < times.length; k++)
        expect((times[k] as number) - (times[k - 1] as number)).toBeGreaterThanOrEqual(LIVE_INTERVAL_MS);
      expect(times.length).toBeLessThanOrEqual(3000 / LIVE_INTERVAL_MS + 1);
      expect(times.length).toBeGreaterThanOrEqual(3000 / LIVE_INTERVAL_MS - 1);
    }
    for (const exchange of ["Binance", "Kraken"]) {
      const batches = eventsOf("trades").filter((e) => e.data.exchange === exchange);
      for (let k = 1; k < batches.length; k++)
        expect((batches[k]?.atMs as number) - (batches[k - 1]?.atMs as number)).toBeGreaterThanOrEqual(
          LIVE_INTERVAL_MS,
        );
      expect(batches.flatMap((e) => e.data.trades.map((t) => t.time))).toEqual(
        taken.filter((t) => t.exchange === exchange).map((t) => new Date(t.timeMs).toISOString()),
      );
    }
    // The last of each is the newest: every trade in the candles, the price of all of them.
    expect(eventsOf("candle", "candle:BTC:*:block").at(-1)?.data.candle.trades).toBe(150);
    expect(eventsOf("candle", "candle:BTC:*:block").at(-1)?.data.candle.close).toBe(
      roundPrice(taken.at(-1)?.price as number),
    );
    expect(eventsOf("price").at(-1)?.data.price).toBe(previewPrice(taken));
  });

  it("keeps its ids strictly increasing while the wall clock stands still", () => {
    live.take([trade(1000, 101), trade(1000, 51, "Binance", "ETH"), trade(1500, 102, "Kraken")]);
    expect(told.length).toBeGreaterThanOrEqual(9);
    for (let k = 1; k < told.length; k++)
      expect(
        compareEventIds(told[k - 1]?.event.data.id as string, told[k]?.event.data.id as string),
      ).toBeLessThan(0);
  });
});

describe("the live market's forming block", () => {
  it("ignores a trade of a block already closed", () => {
    aggregator.aggregate(BLOCK, [trade(1000, 101)], false);
    clock.set(START_MS + 125_000);
    live.take([trade(119_000, 150)]);
    expect(told).toEqual([]);
  });

  it("resets at the block's close: a change merged but not sent is the block event's, the next block starts afresh", () => {
    const trades = [trade(1000, 101), trade(2000, 102)];
    clock.set(START_MS + 1000);
    live.take([trades[0] as SourceTrade]);
    vi.advanceTimersByTime(100);
    clock.set(START_MS + 2000);
    live.take([trades[1] as SourceTrade]);
    // The feed closes and stores the block before the interval ends.
    const { rows, newestTradeMs } = aggregator.aggregate(BLOCK, trades, false);
    const series = rows.map((row) => ({
      key: aggregator.seriesKeyOf(row.series) ?? { symbol: "", exchange: null },
      row,
    }));
    blockStored?.({ block: BLOCK, series, newestTradeMs });
    vi.advanceTimersByTime(LIVE_INTERVAL_MS);
    const names = told.map((t) => t.event.name);
    // Once at the leading edge; then the block, and the merged trades (trades are never dropped).
    expect(names.filter((n) => n === "price")).toHaveLength(1);
    expect(names.filter((n) => n === "candle")).toHaveLength(2);
    expect(names.filter((n) => n === "block")).toHaveLength(1);
    expect(eventsOf("trades").map((e) => e.data.trades.length)).toEqual([1, 1]);
    const block = eventsOf("block")[0]?.data;
    expect(block?.time).toBe(new Date(START_MS + 2000).toISOString());
    expect(block?.series.find((s) => s.symbol === "BTC" && s.exchange === null)?.candle?.trades).toBe(2);
    // ETH traded in the block before only: its series carry on, without a candle.
    expect(block?.series.find((s) => s.symbol === "ETH" && s.exchange === null)?.candle).toBeNull();
    vi.advanceTimersByTime(1000);
    clock.set(START_MS + 121_000);
    live.take([trade(121_000, 103)]);
    expect(eventsOf("candle", "candle:BTC:Binance:block").at(-1)?.data.candle).toMatchObject({
      start: new Date(START_MS + 120_000).toISOString(),
      open: 103,
      trades: 1,
    });
  });

  it("keeps a block's trades in time order when they come out of it (a fill over REST after the stream's)", () => {
    const early = [trade(1000, 101), trade(1500, 100, "Kraken")];
    const stream = trade(3000, 104, "Kraken");
    const filled = trade(2000, 99, "Kraken");
    const next = trade(2500, 102);
    clock.set(START_MS + 5000);
    live.take(early);
    vi.advanceTimersByTime(50);
    live.take([stream]);
    vi.advanceTimersByTime(50);
    live.take([filled, next]);
    vi.advanceTimersByTime(LIVE_INTERVAL_MS);
    const sorted = [...early, filled, next, stream];
    expect(eventsOf("price").at(-1)?.data.price).toBe(previewPrice(sorted));
    expect(eventsOf("candle", "candle:BTC:*:block").at(-1)?.data.candle).toMatchObject({
      open: 101,
      close: 104,
      trades: 5,
    });
    // A batch is oldest first, whatever order its trades came in.
    const kraken = eventsOf("trades").filter((e) => e.data.exchange === "Kraken");
    expect(kraken.map((e) => e.data.trades.map((t) => t.price))).toEqual([[100], [99, 104]]);
  });

  it("tells nothing after it stops", () => {
    live.stop();
    live.take([trade(1000, 101)]);
    blockStored?.({ block: BLOCK, series: [], newestTradeMs: null });
    vi.advanceTimersByTime(1000);
    expect(told).toEqual([]);
    expect(blockStored).toBeNull();
  });
});
