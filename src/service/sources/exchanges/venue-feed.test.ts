// One exchange's feed against its fake (Binance's protocol): the watchdog that resubscribes a quiet pair,
// and the trades ccxt holds back that the market drains before it closes a block.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeExchange } from "./testing/fake-exchange.ts";
import type { FakeTrade } from "./testing/fake-protocol.ts";
import { TradeIntake } from "./trade-intake.ts";
import { UsdPrices } from "./usd-prices.ts";
import { VenueFeed } from "./venue-feed.ts";
import { binance } from "./venues/binance.ts";
import { coinbase } from "./venues/coinbase.ts";
import { binanceProtocol } from "./venues/testing/binance.fake.ts";
import { coinbaseProtocol } from "./venues/testing/coinbase.fake.ts";

const BLOCK_MS = 120_000;
let fake: FakeExchange;
let feed: VenueFeed;
let intake: TradeIntake;
let nextId = 1;

const trade = (timeMs: number): FakeTrade => ({
  pair: "BTCUSDT",
  id: String(9_000_000 + nextId++),
  price: 60_000,
  amount: 0.1,
  side: "buy",
  timeMs,
});

/** Waits for `check` to hold (vitest's waitFor, polling every 20 ms for 5 s). */
const until = (check: () => boolean, what: string) =>
  vi.waitFor(() => expect(check(), what).toBe(true), { timeout: 5000, interval: 20 });

beforeEach(async () => {
  fake = await FakeExchange.start(binanceProtocol, {
    markets: [{ id: "BTCUSDT", base: "BTC", quote: "USDT" }],
  });
  const now = Date.now();
  intake = new TradeIntake(
    new UsdPrices({ quotation: () => null, fxRate: () => null }),
    Math.floor(now / BLOCK_MS),
  );
  feed = new VenueFeed(binance, new URL(fake.origin), intake, {
    quietFactor: 5,
    minQuietMs: 1000,
    log: () => {},
  });
  await feed.loadPairs(new Set(["BTC"]));
  feed.start();
  await fake.subscribed("BTCUSDT");
});

afterEach(async () => {
  await feed.stop();
  await fake.close();
});

describe("VenueFeed", () => {
  it("resubscribes a pair quiet for far longer than its usual gap, and takes its trades again", async () => {
    const start = Date.now();
    for (let i = 0; i < 5; i++) fake.publish([trade(start + i * 10)]);
    await until(() => intake.countsOf("Binance").taken === 5, "five trades");
    const subscribes = () => fake.received.filter((m) => m.includes('"SUBSCRIBE"')).length;
    const before = subscribes();
    // Not quiet yet: a few usual gaps (10 ms) later, but under the minimum.
    await feed.resubscribeQuiet(Date.now() + 500);
    expect(feed.resubscribes).toBe(0);
    await feed.resubscribeQuiet(Date.now() + 2000);
    expect(feed.resubscribes).toBe(1);
    await until(() => fake.received.some((m) => m.includes('"UNSUBSCRIBE"')), "the unsubscribe");
    await until(() => subscribes() > before, "a new subscribe");
    await fake.subscribed("BTCUSDT");
    fake.publish([trade(Date.now())]);
    await until(() => intake.countsOf("Binance").taken === 6, "the trade after resubscribing");
    expect(feed.connected).toBe(true);
    expect(feed.reconnects).toBe(0);
  });

  it("renews the socket of an exchange ccxt cannot unsubscribe one pair from (Coinbase), and reads on", async () => {
    await feed.stop();
    await fake.close();
    fake = await FakeExchange.start(coinbaseProtocol, {
      markets: [{ id: "BTC-USD", base: "BTC", quote: "USD" }],
    });
    feed = new VenueFeed(coinbase, new URL(fake.origin), intake, {
      quietFactor: 5,
      minQuietMs: 1000,
      backoffMs: { first: 20, max: 50 },
      log: () => {},
    });
    await feed.loadPairs(new Set(["BTC"]));
    feed.start();
    await fake.subscribed("BTC-USD");
    const start = Date.now();
    for (let i = 0; i < 5; i++) fake.publish([{ ...trade(start + i * 10), pair: "BTC-USD" }]);
    await until(() => intake.countsOf("Coinbase").taken === 5, "five trades");
    const connections = fake.connections;
    await feed.resubscribeQuiet(Date.now() + 2000);
    expect(feed.resubscribes).toBe(1);
    await until(() => fake.connections > connections, "a new connection");
    await fake.subscribed("BTC-USD");
    fake.publish([{ ...trade(Date.now()), pair: "BTC-USD" }]);
    await until(() => intake.countsOf("Coinbase").taken === 6, "the trade after renewing");
  });

  it("fills a gap longer than a page of REST trades, paging back by the exchange's cursor (Coinbase)", async () => {
    await feed.stop();
    await fake.close();
    fake = await FakeExchange.start(coinbaseProtocol, {
      markets: [{ id: "BTC-USD", base: "BTC", quote: "USD" }],
    });
    feed = new VenueFeed(coinbase, new URL(fake.origin), intake, {
      backoffMs: { first: 20, max: 50 },
      log: () => {},
    });
    await feed.loadPairs(new Set(["BTC"]));
    feed.start();
    await fake.subscribed("BTC-USD");
    const start = Date.now();
    fake.publish([{ ...trade(start), pair: "BTC-USD" }]);
    await until(() => intake.countsOf("Coinbase").taken === 1, "the first trade");
    fake.dropConnections();
    // 2,500 trades while no socket listened: three pages of Coinbase's 1,000.
    fake.record(Array.from({ length: 2500 }, (_, i) => ({ ...trade(start + 1 + i), pair: "BTC-USD" })));
    await fake.subscribed("BTC-USD");
    fake.publish([{ ...trade(start + 3000), pair: "BTC-USD" }]);
    await until(() => intake.countsOf("Coinbase").taken === 2502, "every missed trade");
    expect(intake.countsOf("Coinbase").filledOverRest).toBeGreaterThanOrEqual(2500);
    expect(fake.requests.filter((r) => r.includes("/trades") && r.includes("after="))).not.toHaveLength(0);
  });

  it("takes every trade once and lets ccxt's trade cache go, so it never grows to ccxt's 1000 a pair", async () => {
    const now = Date.now();
    // Frames sent at once: ccxt may wake the watch once for several; whatever it held back is drained.
    for (let i = 0; i < 250; i++) fake.publish([trade(now + i)]);
    await until(() => intake.countsOf("Binance").taken === 250, "250 trades");
    feed.drain();
    expect(intake.countsOf("Binance")).toMatchObject({ taken: 250, droppedDuplicate: 0 });
    const cache = () =>
      (feed as unknown as { exchange: { trades: Record<string, unknown[]> } }).exchange.trades["BTC/USDT"];
    expect(cache()?.length ?? 0).toBeLessThan(100);
  });
});
