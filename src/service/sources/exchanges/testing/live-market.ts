// The harness of the exchanges source's end-to-end tests: the ten fake exchanges (fake-venues.ts) on
// loopback, the real service reading them (MARKET_SOURCE=exchanges, EXCHANGE_HOSTS), scripted trades, a
// follower of the source's live trades, and the filters' reference to compare the service's block values
// with. Each test file that imports it gets its own market (vitest runs each file in its own module scope).
import { expect, vi } from "vitest";
import { decodeCandles } from "../../../../interface/candles.ts";
import { decodeDataPoints } from "../../../../interface/data-points.ts";
import { BLOCK_SECONDS } from "../../../../interface/vocabulary.ts";
import { MairFilter, MedirFilter, MovingAverageFilter } from "../../../market/testing/reference-filters.ts";
import type { SourceTrade } from "../../../market/trade-source.ts";
import { roundPrice } from "../../../store/block-rounding.ts";
import { candleRecords, units } from "../../../testing/candle-records.ts";
import { startTestService, TEST_NOW, type TestService } from "../../../testing/test-service.ts";
import { ExchangesSource } from "../exchanges-source.ts";
import { FakeExchange } from "./fake-exchange.ts";
import type { FakeCandle, FakeTrade } from "./fake-protocol.ts";
import { LIVE_VENUES } from "./fake-venues.ts";

export const BLOCK_MS = BLOCK_SECONDS * 1000;
/** The block the service starts in: the streams fill it and the ones after; earlier ones are history. */
export const B = Math.floor(TEST_NOW / BLOCK_MS);
export const startOf = (block: number) => block * BLOCK_MS;
export const endOf = (block: number) => (block + 1) * BLOCK_MS;

export interface Scripted extends FakeTrade {
  exchange: string;
  symbol: string;
  usd: number;
}

/**
 * Each venue's trades are 1.1 s after the previous venue's: two exchanges' trades in the same second would
 * meet the MA120's same-second rule in whatever order they arrived, which the reference cannot know.
 */
export const shift = (v: number) => v * 1100;
/** Each venue's BTC price level differs a little, so the all-exchanges values mix them visibly. */
export const level = (v: number) => 60_000 + v * 10;
export const fakes = new Map<string, FakeExchange>();
export let service: TestService;
let nextId = 1;

export function candlesOf(pair: string, v: number): FakeCandle[] {
  // Ten minutes of candles before the live block: five history blocks.
  return Array.from({ length: 10 }, (_, i) => ({
    pair,
    openMs: startOf(B) - (10 - i) * 60_000,
    open: level(v) + i,
    high: level(v) + i + 8,
    low: level(v) + i - 6,
    close: level(v) + i + (i % 2 === 0 ? 3 : -2),
    volume: 0.5 + i / 10,
  }));
}

/** Starts the fakes and the service reading them, and waits until every exchange is subscribed. */
export async function startLiveMarket(): Promise<void> {
  for (const [v, live] of LIVE_VENUES.entries()) {
    fakes.set(
      live.venue.name,
      await FakeExchange.start(live.protocol, {
        markets: live.markets,
        candles: candlesOf(live.btc, v),
        // The exchanges' clocks are the market's (some histories reach back from "now" only: Bitstamp).
        nowMs: () => service?.marketClock.now() ?? TEST_NOW,
      }),
    );
  }
  const hosts = LIVE_VENUES.map((l) => `${l.venue.name}=${fakes.get(l.venue.name)?.origin}`).join(",");
  service = await startTestService(
    [
      "--market",
      "exchanges",
      "--exchanges",
      LIVE_VENUES.map((l) => l.venue.name).join(","),
      "--exchange-hosts",
      hosts,
      "--market-coins",
      "BTC,ETH",
      "--history-days",
      "1",
    ],
    { exchangeTuning: { backoffMs: { first: 50, max: 200 } } },
  );
  followSource();
  for (const live of LIVE_VENUES) await fakes.get(live.venue.name)?.subscribed(live.btc);
}

/** Each call a follower of the service's exchanges source heard, in order (followed from the start). */
export const told: SourceTrade[][] = [];
/** What the source gave the market when it closed `block` (its tradesOfBlock, watched), or undefined. */
export let closedTrades: (block: number) => readonly SourceTrade[] | undefined = () => undefined;

function followSource(): void {
  const source = service.ctx.source;
  if (!(source instanceof ExchangesSource)) throw new Error("the service reads no exchanges");
  source.follow((trades) => told.push([...trades]));
  const closing = vi.spyOn(source, "tradesOfBlock");
  closedTrades = (block) => {
    const at = closing.mock.calls.findIndex(([asked]) => asked === block);
    const result = closing.mock.results[at];
    return result?.type === "return" ? result.value : undefined;
  };
}

/**
 * The trades told of `block`, as the market closes a block: the calls in the order heard, sorted stably by
 * time (a trade of the same millisecond stays where it was taken).
 */
export function toldOf(block: number): SourceTrade[] {
  return told
    .flat()
    .filter((t) => Math.floor(t.timeMs / BLOCK_MS) === block)
    .sort((a, b) => a.timeMs - b.timeMs);
}

export async function stopLiveMarket(): Promise<void> {
  await service?.stop();
  for (const fake of fakes.values()) await fake.close();
}

export function trade(
  v: number,
  pair: string,
  symbol: string,
  timeMs: number,
  price: number,
  side: "buy" | "sell",
  usd = price,
): Scripted {
  const live = LIVE_VENUES[v];
  if (!live) throw new Error(`no venue ${v}`);
  return {
    exchange: live.venue.name,
    symbol,
    pair,
    id: live.tradeId(nextId++),
    price,
    amount: 0.25 + (nextId % 7) / 100,
    side,
    timeMs,
    usd,
  };
}

/** What the tests read of GET /status and GET /v1/symbol (the interface's and the status route's shapes). */
export interface Health {
  name: string;
  connected: boolean;
  tradesTaken: number;
  reconnects: number;
  filledOverRest: number;
  droppedLate: number;
  droppedDuplicate: number;
  backfill: { state: string };
}
export interface Body {
  market: { exchanges: Health[] };
  exchanges: { name: string; lastTrades: { foreignTradeID: string }[] }[];
  dataPoints: string;
  price: number;
}

export async function json(path: string): Promise<Body> {
  const response = await service.get(path);
  expect(response.status, path).toBe(200);
  return response.json();
}

/** The live last trades ids the service shows for `symbol` (none while it has no quotation: a 404). */
export async function shownIds(symbol: string): Promise<Set<string>> {
  const response = await service.get(`/v1/symbol/${symbol}`);
  if (response.status === 404) return new Set();
  expect(response.status).toBe(200);
  const details = (await response.json()) as Body;
  return new Set(details.exchanges.flatMap((e) => e.lastTrades.map((t) => t.foreignTradeID)));
}

const WAIT = { timeout: 10_000, interval: 25 };

/** Waits until the service shows every one of `trades` among the live last trades of their exchange. */
export async function shown(trades: readonly Scripted[]): Promise<void> {
  const symbols = [...new Set(trades.map((t) => t.symbol))];
  await vi.waitFor(async () => {
    const ids = new Set<string>();
    for (const symbol of symbols) for (const id of await shownIds(symbol)) ids.add(id);
    expect(
      trades.filter((t) => !ids.has(t.id)).map((t) => t.id),
      "trades not shown",
    ).toEqual([]);
  }, WAIT);
}

/** Waits until the exchanges' trades taken, over all, reach `count` (GET /status). */
export async function taken(count: number): Promise<void> {
  await vi.waitFor(async () => {
    const status = await json("/status");
    const total = status.market.exchanges.reduce((sum, e) => sum + e.tradesTaken, 0);
    expect(total, "trades taken").toBeGreaterThanOrEqual(count);
  }, WAIT);
}

export async function closeBlock(block: number): Promise<void> {
  service.marketClock.set(endOf(block) + 3000);
  await service.advanceMarket();
}

/** The three filters applied to `trades` (one block, cold start as the live aggregator's is). */
export function reference(
  trades: readonly Scripted[] | readonly { timeMs: number; usd: number }[],
  block: number,
  startMs: number,
) {
  const ma = new MovingAverageFilter(startMs);
  const mair = new MairFilter(startMs);
  const medir = new MedirFilter();
  let value = { MA120: 0, MAIR120: 0, MEDIR120: 0 };
  for (let b = Math.floor(startMs / BLOCK_MS); b <= block; b++) {
    const ofBlock = [...trades]
      .filter((t) => Math.floor(t.timeMs / BLOCK_MS) === b)
      .sort((x, y) => x.timeMs - y.timeMs);
    for (const t of ofBlock) {
      const filterTrade = { timeMs: t.timeMs, estimatedUSDPrice: t.usd };
      ma.compute(filterTrade);
      mair.compute(filterTrade);
      medir.compute(filterTrade);
    }
    // As the service keeps them: to nine significant digits (market/block-rounding.ts).
    value = {
      MA120: roundPrice(ma.finalCompute(endOf(b))?.value ?? Number.NaN),
      MAIR120: roundPrice(mair.finalCompute()?.value ?? Number.NaN),
      MEDIR120: roundPrice(medir.finalCompute()?.value ?? Number.NaN),
    };
  }
  return value;
}

/** The block's point: MA120 is stamped at the block's end, MAIR120 and MEDIR120 at its last trade. */
export async function pointAt(path: string, block: number): Promise<number | undefined> {
  const start = startOf(block) / 1000;
  const end = endOf(block) / 1000;
  const body = await json(`${path}?starttime=${start}&endtime=${end}`);
  return decodeDataPoints(body.dataPoints).find((p) => p.time > start && p.time <= end)?.value;
}

/** The live aggregator starts cold 60 blocks before the first live block (feed.ts WARM_UP_BLOCKS). */
export const LIVE_START_MS = startOf(B - 60);
export const blockTrades: Scripted[] = [];

/**
 * The candle of scripted trades of one block, as the service must answer it: prices of the first, highest,
 * lowest and last trade by time, the taker sides' amounts as whole 1e-8 units (exact), the count.
 */
export function candleReference(trades: readonly Scripted[], block: number) {
  const mine = trades
    .filter((t) => Math.floor(t.timeMs / BLOCK_MS) === block)
    .sort((x, y) => x.timeMs - y.timeMs);
  const sum = (side: "buy" | "sell") =>
    mine.filter((t) => t.side === side).reduce((total, t) => total + units(t.amount), 0n);
  const prices = mine.map((t) => t.usd);
  return {
    time: startOf(block) / 1000,
    open: prices[0],
    high: Math.max(...prices),
    low: Math.min(...prices),
    close: prices.at(-1),
    buy: sum("buy"),
    sell: sum("sell"),
    volume: sum("buy") + sum("sell"),
    trades: mine.length,
  };
}

/** The candle the service answers for one block of a series (`path`: a candles endpoint), in the same shape. */
export async function candleAt(path: string, block: number) {
  const start = startOf(block) / 1000;
  const body = (await (await service.get(`${path}?starttime=${start}&endtime=${start}`)).json()) as {
    candles: string;
  };
  const { candles } = decodeCandles(body.candles);
  return candleRecords(candles).find((c) => c.time === start);
}
