// The checks every venue must pass against its fake, through ccxt exactly as the exchanges source drives it
// (ccxtExchange(venue, origin)): markets, live trades with the taker's side, the REST gap fill with the
// stream's ids, 1-minute, hourly and daily candles, pings both ways, reconnect and resubscribe, unsubscribe. Each
// venues/<name>.test.ts calls describeVenueConformance with what is particular to its exchange.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { type CcxtExchange, ccxtExchange } from "../ccxt-exchange.ts";
import type { VenueMarket } from "../venue.ts";
import { fakeCandles } from "./fake-candles.ts";
import { FakeExchange } from "./fake-exchange.ts";
import type { FakeCandle, FakeTrade } from "./fake-protocol.ts";
import {
  CANDLES,
  expectDelivered,
  pick,
  scriptTrades,
  T0,
  unified,
  type VenueConformance,
  watchWhile,
} from "./venue-trades.ts";

/** Hourly candles of the five days before T0, daily ones of the 60 days before it. */
export const COARSE_CANDLES = (pair: string): { "1h": FakeCandle[]; "1d": FakeCandle[] } => ({
  "1h": fakeCandles(pair, "1h", T0 - 5 * 86_400_000, T0),
  "1d": fakeCandles(pair, "1d", T0 - 60 * 86_400_000, T0 - 86_400_000),
});

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
      const coarse = COARSE_CANDLES(pair);
      const candles = [...CANDLES(pair), ...coarse["1h"], ...coarse["1d"]];
      fake = await FakeExchange.start(c.protocol, { markets: c.markets, candles, nowMs });
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

    for (const interval of ["1h", "1d"] as const) {
      it(`returns the fake's ${interval === "1h" ? "hourly" : "daily"} candles from fetchOHLCV(symbol, '${interval}', since, limit)`, async () => {
        const candles = COARSE_CANDLES(pair)[interval];
        const from = candles.at(-5) as FakeCandle;
        const ohlcv = await exchange.fetchOHLCV(symbol, interval, from.openMs, 3);
        expect(ohlcv).toEqual(
          candles.slice(-5, -2).map((k) => [k.openMs, k.open, k.high, k.low, k.close, k.volume]),
        );
        // The newest two, and nothing of another interval after them (the minutes at T0).
        const newest = await exchange.fetchOHLCV(symbol, interval, (candles.at(-2) as FakeCandle).openMs, 3);
        expect(newest).toEqual(
          candles.slice(-2).map((k) => [k.openMs, k.open, k.high, k.low, k.close, k.volume]),
        );
      });
    }

    it("answers the exchange's pings, and the fake answers ccxt's keep-alive so a healthy socket stays open", async () => {
      await exchange.loadMarkets();
      // ccxt's ping round, made short for the test; a missed answer would close the socket after two rounds.
      // Not shorter: on a loaded CI machine a 150 ms round closed a healthy socket (two rounds without a
      // turn of the event loop to read the pong).
      const keepAlive = 400;
      exchange.options.ws = { ...(exchange.options.ws as object), keepAlive };
      const first = await subscribe();
      fake.publish(scriptTrades(c, 1, 1));
      await first.pending;
      fake.ping();
      const expected = c.protocol.ping ? 2 : 1;
      await vi.waitFor(() => expect(fake.pongs >= expected, `${expected} pongs`).toBe(true), {
        timeout: 5000,
        interval: 20,
      });
      await new Promise((resolve) => setTimeout(resolve, keepAlive * 4));
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
      await vi.waitFor(
        () => expect(fake.subscriberCount(pair) === 0, `the fake to see ${pair} unsubscribed`).toBe(true),
        { timeout: 5000, interval: 20 },
      );
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
        await vi.waitFor(
          () =>
            expect(fake.received.includes(wrong.message), "the fake to read the misspelled subscribe").toBe(
              true,
            ),
          { timeout: 5000, interval: 20 },
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(fake.subscriberCount(pair)).toBe(0);
        socket.terminate();
      },
    );
  });
}
