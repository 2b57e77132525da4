// The checks every venue must pass against its fake, through ccxt exactly as the exchanges source drives it
// (ccxtExchange(venue, origin)): markets, live trades with the taker's side, the REST gap fill with the
// stream's ids, 1-minute candles, pings both ways, reconnect and resubscribe, unsubscribe. Each
// venues/<name>.test.ts calls describeVenueConformance with what is particular to its exchange.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type CcxtExchange, ccxtExchange } from "../ccxt-exchange.ts";
import type { Venue, VenueMarket } from "../venue.ts";
import { FakeExchange } from "./fake-exchange.ts";
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

const T0 = Date.UTC(2026, 8, 1, 12, 0, 0);

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
function pick(trade: object, venue?: Venue): SeenTrade {
  const { id: ccxtId, symbol, timestamp, price, amount, side } = trade as Partial<SeenTrade>;
  const id = venue?.tradeId ? venue.tradeId(trade as { id?: string; info?: unknown }) : ccxtId;
  return { id, symbol, timestamp, price, amount, side };
}

const CANDLES = (pair: string): FakeCandle[] =>
  Array.from({ length: 6 }, (_, i) => ({
    pair,
    openMs: T0 + i * 60_000,
    open: 60_000 + i,
    high: 60_010 + i,
    low: 59_990 + i,
    close: 60_005 + i,
    volume: 1.5 + i,
  }));

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
  await until(() => {
    const ids = seenIds();
    return expected.every((t) => ids.has(t.id));
  }, `${expected.length} trades of ${symbol}`);
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

export function describeVenueConformance(c: VenueConformance): void {
  const { symbol, pair } = c.traded;

  // Sockets and real timers: a check that hangs fails in seconds, not at vitest's minute.
  describe(`${c.venue.name} through ccxt (${c.venue.ccxtId}) against its fake`, { timeout: 15_000 }, () => {
    let fake: FakeExchange;
    let exchange: CcxtExchange;
    /** watchWhile on the traded symbol, reading ids as the venue does. */
    const watch = (expected: readonly FakeTrade[], act: () => void | Promise<void>) =>
      watchWhile(exchange, symbol, expected, act, c.venue);

    beforeEach(async () => {
      // The exchange's clock a few minutes after the script: windows back from "now" (Bitstamp's trade
      // history reads the last hour) hold the scripted trades.
      const nowMs = () => T0 + 10 * 60_000;
      fake = await FakeExchange.start(c.protocol, { markets: c.markets, candles: CANDLES(pair), nowMs });
      exchange = await ccxtExchange(c.venue, new URL(fake.origin));
    });

    afterEach(async () => {
      await exchange.close();
      await fake.close();
    });

    /** Subscribes (a first watch, which the next trades resolve) and waits for the fake to see it. */
    async function subscribe(): Promise<{ pending: Promise<unknown> }> {
      const pending = exchange.watchTrades(symbol);
      await fake.subscribed(pair);
      return { pending };
    }

    it("loads the fake's markets as spot markets in ccxt's unified names, each named as its stream names it", async () => {
      const markets = await exchange.loadMarkets();
      for (const expected of c.expectedMarkets) {
        const market = markets[expected.symbol] as unknown as VenueMarket | undefined;
        expect(market, expected.symbol).toBeDefined();
        if (!market) continue;
        expect({ base: market.base, quote: market.quote, spot: market.spot }).toEqual({
          base: expected.base,
          quote: expected.quote,
          spot: true,
        });
        expect(c.venue.foreignName(market)).toBe(expected.foreignName);
      }
      expect(fake.requests.length).toBeGreaterThan(0);
    });

    it("delivers scripted trades, several messages of several trades, with their ids, times, prices, amounts and taker sides", async () => {
      await exchange.loadMarkets();
      const script = [scriptTrades(c, 1, 3), scriptTrades(c, 4, 2), scriptTrades(c, 6, 3)];
      const seen = await watch(script.flat(), async () => {
        await fake.subscribed(pair);
        for (const message of script) fake.publish(message);
      });
      expect(seen).toEqual(script.flat().map((t) => unified(t, symbol)));
      expect(new Set(seen.map((t) => t.side))).toEqual(new Set(["buy", "sell"]));
    });

    it(`fills a gap over REST with the stream's ids (since ${c.since})`, async () => {
      await exchange.loadMarkets();
      const streamed = scriptTrades(c, 1, 3);
      const seen = await watch(streamed, async () => {
        await fake.subscribed(pair);
        fake.publish(streamed);
      });
      const missed = scriptTrades(c, 4, 4);
      fake.record(missed);
      const lastSeen = seen.at(-1)?.timestamp ?? 0;
      if (c.since !== "refused") {
        const filled = await exchange.fetchTrades(symbol, lastSeen + 1, 100);
        expect(filled.map((t) => pick(t, c.venue))).toEqual(missed.map((t) => unified(t, symbol)));
      } else {
        await expect(exchange.fetchTrades(symbol, lastSeen + 1, 100)).rejects.toThrow();
        const filled = await exchange.fetchTrades(symbol, undefined, 100);
        expect(filled.map((t) => pick(t, c.venue))).toEqual(
          [...streamed, ...missed].map((t) => unified(t, symbol)),
        );
      }
    });

    it("returns the fake's 1-minute candles from fetchOHLCV(symbol, '1m', since, limit)", async () => {
      const candles = CANDLES(pair);
      const from = candles[1] as FakeCandle;
      const ohlcv = await exchange.fetchOHLCV(symbol, "1m", from.openMs, 3);
      expect(ohlcv).toEqual(
        candles.slice(1, 4).map((k) => [k.openMs, k.open, k.high, k.low, k.close, k.volume]),
      );
    });

    it("answers the exchange's pings, and the fake answers ccxt's keep-alive so a healthy socket stays open", async () => {
      await exchange.loadMarkets();
      // ccxt's ping round, made short for the test; a missed answer would close the socket after two rounds.
      const keepAlive = 150;
      exchange.options.ws = { ...(exchange.options.ws as object), keepAlive };
      const first = await subscribe();
      fake.publish(scriptTrades(c, 1, 1));
      await first.pending;
      fake.ping();
      const expected = c.protocol.ping ? 2 : 1;
      await until(() => fake.pongs >= expected, `${expected} pongs`);
      await new Promise((resolve) => setTimeout(resolve, keepAlive * 6));
      // Had ccxt missed its pongs it would have closed the socket (and only reconnect on the next watch).
      expect({ opened: fake.connections, open: fake.openConnections }).toEqual({ opened: 1, open: 1 });
      const later = scriptTrades(c, 2, 1);
      const seen = await watch(later, () => fake.publish(later));
      expect(seen).toEqual(later.map((t) => unified(t, symbol)));
      expect(fake.connections).toBe(1);
    });

    it("rejects a pending watch when the socket drops, then reconnects, resubscribes and delivers again", async () => {
      await exchange.loadMarkets();
      const before = scriptTrades(c, 1, 2);
      await watch(before, async () => {
        await fake.subscribed(pair);
        fake.publish(before);
      });
      const { pending } = await subscribe();
      const rejected = expect(pending).rejects.toThrow();
      fake.dropConnections();
      await rejected;
      const after = scriptTrades(c, 3, 2);
      const seen = await watch(after, async () => {
        await fake.subscribed(pair);
        fake.publish(after);
      });
      expect(fake.connections).toBe(2);
      expectDelivered(seen, after, before, symbol);
    });

    it.runIf(c.unWatch)("unsubscribes with unWatchTrades, and a later watch subscribes again", async () => {
      await exchange.loadMarkets();
      const first = await subscribe();
      const before = scriptTrades(c, 1, 1);
      fake.publish(before);
      await first.pending;
      await exchange.unWatchTrades(symbol);
      await until(() => fake.subscriberCount(pair) === 0, `the fake to see ${pair} unsubscribed`);
      const again = scriptTrades(c, 2, 2);
      const seen = await watch(again, async () => {
        await fake.subscribed(pair);
        fake.publish(again);
      });
      expectDelivered(seen, again, before, symbol);
    });

    it.runIf(c.misspelledSubscribe)(
      "does not subscribe a client that spells the subscription wrong",
      async () => {
        const wrong = c.misspelledSubscribe as { wsPath: string; message: string };
        const socket = new WebSocket(`${fake.origin.replace("http", "ws")}${wrong.wsPath}`);
        await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
        socket.send(wrong.message);
        await until(() => fake.received.includes(wrong.message), "the fake to read the misspelled subscribe");
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(fake.subscriberCount(pair)).toBe(0);
        socket.terminate();
      },
    );
  });
}
