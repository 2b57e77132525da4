// What a venue's conformance checks are told of it, the trades they script and what they expect ccxt to make of them: scripted
// trades and candles, ccxt's unified trade as the source reads it, and watching a symbol until the scripted
// trades arrived (venue-conformance.ts runs the checks).
import { expect, vi } from "vitest";
import type { CcxtExchange } from "../ccxt-exchange.ts";
import type { Venue } from "../venue.ts";
import type { FakeCandle, FakeMarket, FakeProtocol, FakeTrade } from "./fake-protocol.ts";

export interface VenueConformance {
  venue: Venue;
  protocol: FakeProtocol;
  /** The fake's market list, in the exchange's own spelling. */
  markets: FakeMarket[];
  /** What ccxt must make of (some of) them: unified symbol and currencies, and the stream's pair name. */
  expectedMarkets: { symbol: string; base: string; quote: string; foreignName: string }[];
  /** The market the trade checks use: ccxt's symbol and the fake's market id. */
  traded: { symbol: string; pair: string };
  /** The exchange's id of the n-th scripted trade (n from 1), in its own style. */
  tradeId(n: number): string;
  /**
   * Who honours fetchTrades' `since`: "exchange" (it asks for trades from then on), "ccxt" (the exchange takes
   * no time, ccxt filters the newest page it gets: a gap longer than a page loses trades), or "refused" (an
   * error: the gap fill asks for the newest trades without it and keeps those after its last one).
   */
  since: "exchange" | "ccxt" | "refused";
  /** Whether ccxt has unWatchTrades for this exchange. */
  unWatch: boolean;
  /** A subscribe the exchange does not honour (wrong symbol spelling...), sent on a raw socket to `wsPath`. */
  misspelledSubscribe?: { wsPath: string; message: string };
}

export const T0 = Date.UTC(2026, 8, 1, 12, 0, 0);

/** Scripted trades of `pair`: a buy and a sell at least, ids from `tradeId`, one second apart. */
export function scriptTrades(c: VenueConformance, from: number, count: number): FakeTrade[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return {
      pair: c.traded.pair,
      id: c.tradeId(n),
      price: 60_000 + n * 1.25,
      amount: Number((0.001 * n).toFixed(6)),
      side: n % 2 === 0 ? "sell" : "buy",
      timeMs: T0 + n * 1000,
    };
  });
}

/** The fields of ccxt's unified trade the exchanges source reads. */
export interface SeenTrade {
  id: string | undefined;
  symbol: string | undefined;
  timestamp: number | undefined;
  price: number | undefined;
  amount: number | undefined;
  side: string | undefined;
}

/** What ccxt's unified trade must say of a scripted one. */
export function unified(trade: FakeTrade, symbol: string): SeenTrade {
  const { id, timeMs: timestamp, price, amount, side } = trade;
  return { id, symbol, timestamp, price, amount, side };
}

/** The fields the source reads, the id as the venue reads it (Venue.tradeId). */
export function pick(trade: object, venue?: Venue): SeenTrade {
  const { id: ccxtId, symbol, timestamp, price, amount, side } = trade as Partial<SeenTrade>;
  const id = venue?.tradeId ? venue.tradeId(trade as { id?: string; info?: unknown }) : ccxtId;
  return { id, symbol, timestamp, price, amount, side };
}

export const CANDLES = (pair: string): FakeCandle[] =>
  Array.from({ length: 6 }, (_, i) => ({
    pair,
    openMs: T0 + i * 60_000,
    open: 60_000 + i,
    high: 60_010 + i,
    low: 59_990 + i,
    close: 60_005 + i,
    volume: 1.5 + i,
  }));

/** The trades ccxt keeps for `symbol` (its cache: a watch wakes once per read, the rest waits there). */
function cached(exchange: CcxtExchange, symbol: string): object[] {
  const trades = (exchange as unknown as { trades: Record<string, object[]> | undefined }).trades;
  return [...(trades?.[symbol] ?? [])];
}

/**
 * Watches `symbol` while `act` makes trades happen, and resolves with every trade ccxt parsed until all of
 * `expected` arrived: the first watch's answer, then the cache (later messages of one read land there).
 */
export async function watchWhile(
  exchange: CcxtExchange,
  symbol: string,
  expected: readonly FakeTrade[],
  act: () => void | Promise<void>,
  venue?: Venue,
): Promise<SeenTrade[]> {
  const before = cached(exchange, symbol).length;
  const first = exchange.watchTrades(symbol);
  await act();
  const answer = await first;
  expect(answer.length).toBeGreaterThan(0);
  const seenIds = () =>
    new Set(
      cached(exchange, symbol)
        .slice(before)
        .map((t) => pick(t, venue).id),
    );
  await vi.waitFor(
    () => {
      const ids = seenIds();
      const missing = expected.filter((t) => !ids.has(t.id));
      if (missing.length > 0)
        throw new Error(`${missing.length} of ${expected.length} trades of ${symbol} not seen`);
    },
    { timeout: 5000, interval: 20 },
  );
  return cached(exchange, symbol)
    .slice(before)
    .map((t) => pick(t, venue));
}

/**
 * `seen` is `expected` in order, apart from replays of trades delivered before (Kraken's snapshot, Coinbase's
 * last_match on a new subscribe: ccxt passes them on, deduplicating is the source's business).
 */
export function expectDelivered(
  seen: SeenTrade[],
  expected: FakeTrade[],
  before: FakeTrade[],
  symbol: string,
): void {
  const earlier = new Set(before.map((t) => t.id));
  const replays = seen.filter((t) => t.id !== undefined && earlier.has(t.id));
  const fresh = seen.filter((t) => !(t.id !== undefined && earlier.has(t.id)));
  expect(fresh).toEqual(expected.map((t) => unified(t, symbol)));
  expect(replays).toEqual(
    replays.map((t) => unified(before.find((b) => b.id === t.id) as FakeTrade, symbol)),
  );
}
