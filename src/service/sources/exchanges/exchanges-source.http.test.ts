// The exchanges source end to end: the real service (MARKET_SOURCE=exchanges) reads fake exchanges on
// loopback that speak each exchange's own protocol (EXCHANGE_HOSTS), and everything is asserted at the HTTP
// API: the last trades exactly as scripted, each exchange's and the all-exchanges block values equal to the
// filters applied to the scripted trades, faults survived (duplicates, reordering, late trades, a socket
// dropped mid-block with the missed trades served over REST, an exchange down), history from candles.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeDataPoints } from "../../../interface/data-points.ts";
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { MairFilter, MedirFilter, MovingAverageFilter } from "../../market/filters.ts";
import { startTestService, TEST_NOW, type TestService } from "../../testing/test-service.ts";
import { tradesOfCandle } from "./candle-history.ts";
import { FakeExchange } from "./fake/fake-exchange.ts";
import type { FakeCandle, FakeTrade } from "./fake/fake-protocol.ts";
import { LIVE_VENUES } from "./fake/fake-venues.ts";

const BLOCK_MS = BLOCK_SECONDS * 1000;
/** The block the service starts in: the streams fill it and the ones after; earlier ones are history. */
const B = Math.floor(TEST_NOW / BLOCK_MS);
const startOf = (block: number) => block * BLOCK_MS;
const endOf = (block: number) => (block + 1) * BLOCK_MS;

interface Scripted extends FakeTrade {
  exchange: string;
  symbol: string;
  usd: number;
}

/**
 * Each venue's trades are 1.1 s after the previous venue's: two exchanges' trades in the same second would
 * meet the MA120's same-second rule in whatever order they arrived, which the reference cannot know.
 */
const shift = (v: number) => v * 1100;
/** Each venue's BTC price level differs a little, so the all-exchanges values mix them visibly. */
const level = (v: number) => 60_000 + v * 10;
const fakes = new Map<string, FakeExchange>();
let service: TestService;
let nextId = 1;

function candlesOf(pair: string, v: number): FakeCandle[] {
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

beforeAll(async () => {
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
  for (const live of LIVE_VENUES) await fakes.get(live.venue.name)?.subscribed(live.btc);
}, 60_000);

afterAll(async () => {
  await service?.stop();
  for (const fake of fakes.values()) await fake.close();
});

function trade(
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
interface Health {
  name: string;
  connected: boolean;
  tradesTaken: number;
  reconnects: number;
  filledOverRest: number;
  droppedLate: number;
  droppedDuplicate: number;
  backfill: { state: string };
}
interface Body {
  market: { exchanges: Health[] };
  exchanges: { name: string; lastTrades: { foreignTradeID: string }[] }[];
  dataPoints: string;
  price: number;
}

async function json(path: string): Promise<Body> {
  const response = await service.get(path);
  expect(response.status, path).toBe(200);
  return response.json();
}

/** The live last trades ids the service shows for `symbol` (none while it has no quotation: a 404). */
async function shownIds(symbol: string): Promise<Set<string>> {
  const response = await service.get(`/v1/symbol/${symbol}`);
  if (response.status === 404) return new Set();
  expect(response.status).toBe(200);
  const details = (await response.json()) as Body;
  return new Set(details.exchanges.flatMap((e) => e.lastTrades.map((t) => t.foreignTradeID)));
}

/** Waits until the service shows every one of `trades` among the live last trades of their exchange. */
async function shown(trades: readonly Scripted[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  const symbols = [...new Set(trades.map((t) => t.symbol))];
  for (;;) {
    const ids = new Set<string>();
    for (const symbol of symbols) for (const id of await shownIds(symbol)) ids.add(id);
    if (trades.every((t) => ids.has(t.id))) return;
    if (Date.now() > deadline)
      throw new Error(`trades not shown: ${trades.filter((t) => !ids.has(t.id)).map((t) => t.id)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the exchanges' trades taken, over all, reach `count` (GET /status). */
async function taken(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await json("/status");
    const total = status.market.exchanges.reduce((sum, e) => sum + e.tradesTaken, 0);
    if (total >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${total} of ${count} trades were taken`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function closeBlock(block: number): void {
  service.marketClock.set(endOf(block) + 3000);
  service.advanceMarket();
}

/** The three filters applied to `trades` (one block, cold start as the live aggregator's is). */
function reference(
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
    value = {
      MA120: ma.finalCompute(endOf(b))?.value ?? Number.NaN,
      MAIR120: mair.finalCompute()?.value ?? Number.NaN,
      MEDIR120: medir.finalCompute()?.value ?? Number.NaN,
    };
  }
  return value;
}

/** The block's point: MA120 is stamped at the block's end, MAIR120 and MEDIR120 at its last trade. */
async function pointAt(path: string, block: number): Promise<number | undefined> {
  const start = startOf(block) / 1000;
  const end = endOf(block) / 1000;
  const body = await json(`${path}?starttime=${start}&endtime=${end}`);
  return decodeDataPoints(body.dataPoints).find((p) => p.time > start && p.time <= end)?.value;
}

/** The live aggregator starts cold 60 blocks before the first live block (feed.ts WARM_UP_BLOCKS). */
const LIVE_START_MS = startOf(B - 60);
const blockTrades: Scripted[] = [];

describe("live trades from every exchange, as each exchange sends them", () => {
  it("shows each exchange's last trades exactly as scripted: ids, taker signs, USD prices", async () => {
    for (const [v, live] of LIVE_VENUES.entries()) {
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const first = [
        trade(v, live.btc, "BTC", startOf(B) + 10_000 + shift(v), level(v) + 5, "buy"),
        trade(v, live.btc, "BTC", startOf(B) + 22_000 + shift(v), level(v) - 3, "sell"),
      ];
      const later = trade(v, live.btc, "BTC", startOf(B) + 46_000 + shift(v), level(v) + 9, "buy");
      const earlier = trade(v, live.btc, "BTC", startOf(B) + 34_000 + shift(v), level(v) - 7, "sell");
      fake.publish(first);
      // Reordered: the later trade arrives first; a duplicate of the first message follows.
      fake.publish([later]);
      fake.publish([earlier]);
      fake.send(first);
      // Every exchange's last BTC trade of the block is at 60,000, so an ETH/BTC trade's USD price does
      // not depend on which exchange's BTC trade happened to arrive last.
      const last = trade(v, live.btc, "BTC", startOf(B) + 58_000 + shift(v), 60_000, "sell");
      fake.publish([last]);
      blockTrades.push(...first, later, earlier, last);
    }
    await shown(blockTrades);
    for (const [v, live] of LIVE_VENUES.entries()) {
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const eth = trade(
        v,
        live.eth,
        "ETH",
        startOf(B) + 70_000 + shift(v),
        0.05 + v / 1000,
        "buy",
        (0.05 + v / 1000) * 60_000,
      );
      fake.publish([eth]);
      blockTrades.push(eth);
    }
    await taken(LIVE_VENUES.length * 6);

    const details = await json("/v1/symbol/BTC");
    for (const live of LIVE_VENUES) {
      const mine = blockTrades.filter((t) => t.exchange === live.venue.name && t.symbol === "BTC");
      const listed = details.exchanges.find((e) => e.name === live.venue.name);
      expect(listed?.lastTrades).toEqual(
        [...mine]
          .sort((a, b) => b.timeMs - a.timeMs)
          .map((t) => ({
            symbol: "BTC",
            pair: live.foreignNames?.[live.btc] ?? live.btc,
            price: t.price,
            volume: t.side === "sell" ? -t.amount : t.amount,
            time: new Date(t.timeMs).toISOString(),
            foreignTradeID: t.id,
            estimatedUSDPrice: t.usd,
            source: live.venue.name,
          })),
      );
    }
    const status = await json("/status");
    for (const live of LIVE_VENUES) {
      const health = status.market.exchanges.find((e) => e.name === live.venue.name);
      expect(health).toMatchObject({ connected: true, droppedDuplicate: 2, droppedLate: 0 });
    }
  });

  it("closes the block by the clock: each exchange's and the all-exchanges values are the filters' over the scripted trades", async () => {
    closeBlock(B);
    for (const live of LIVE_VENUES) {
      const mine = blockTrades.filter((t) => t.exchange === live.venue.name && t.symbol === "BTC");
      const expected = reference(mine, B, LIVE_START_MS);
      for (const filter of ["MA120", "MAIR120", "MEDIR120"] as const) {
        expect(
          await pointAt(`/v1/chartPoints/${filter}/${live.venue.name}/BTC`, B),
          `${live.venue.name} ${filter}`,
        ).toBeCloseTo(expected[filter], 6);
      }
    }
    const all = reference(
      blockTrades.filter((t) => t.symbol === "BTC"),
      B,
      LIVE_START_MS,
    );
    expect(await pointAt("/v1/chartPointsAllExchanges/MA120/BTC", B)).toBeCloseTo(all.MA120, 6);
    expect(await pointAt("/v1/chartPointsAllExchanges/MEDIR120/BTC", B)).toBeCloseTo(all.MEDIR120, 6);
    const eth = reference(
      blockTrades.filter((t) => t.symbol === "ETH"),
      B,
      LIVE_START_MS,
    );
    expect(await pointAt("/v1/chartPointsAllExchanges/MA120/ETH", B)).toBeCloseTo(eth.MA120, 6);
    const quotation = await json("/v1/quotation/BTC");
    expect(quotation.price).toBeCloseTo(all.MA120, 6);
  });

  it("drops a trade that arrives after its block closed, and counts it", async () => {
    const v = 0;
    const live = LIVE_VENUES[v] as (typeof LIVE_VENUES)[number];
    const late = trade(v, live.btc, "BTC", startOf(B) + 110_000, 1, "buy");
    fakes.get(live.venue.name)?.publish([late]);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const status = await json("/status");
      if (status.market.exchanges[0]?.droppedLate === 1) break;
      if (Date.now() > deadline) throw new Error("the late trade was not counted");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    closeBlock(B + 1);
    // Not folded into the next block: that block has no trades of the exchange, and its MA120 carries on.
    expect(await pointAt(`/v1/chartPoints/MAIR120/${live.venue.name}/BTC`, B + 1)).toBeUndefined();
    expect(await pointAt(`/v1/chartPoints/MA120/${live.venue.name}/BTC`, B + 1)).toBeCloseTo(60_000, 6);
  });
});

describe("what the service lists follows what the exchanges list", () => {
  it("lists the pairs of the market's coins from the exchanges' market lists, named as each exchange names them", async () => {
    const body = (await (await service.get("/v1/pairs")).json()) as {
      pairs: { symbol: string; exchange: string; foreignName: string }[];
    };
    const listed = body.pairs.map((p) => `${p.exchange} ${p.symbol} ${p.foreignName}`).sort();
    // The exchanges' own spellings of a coin (Kraken's XBT) are the service's plain symbols.
    const symbolOf = (base: string) => ({ XBT: "BTC", XXBT: "BTC", XETH: "ETH" })[base] ?? base.toUpperCase();
    const expected = LIVE_VENUES.flatMap((l) =>
      l.markets
        .filter((m) => ["BTC", "ETH"].includes(symbolOf(m.base)))
        .map((m) => `${l.venue.name} ${symbolOf(m.base)} ${l.foreignNames?.[m.id] ?? m.id}`),
    ).sort();
    expect(listed).toEqual(expected);
    const symbols = (await (await service.get("/v1/symbols")).json()) as { symbols: string[] };
    expect(symbols.symbols).toEqual(["BTC", "ETH"]);
  });
});

describe("history from candles", () => {
  it("fills the blocks before the first live one from 1-minute candles, behind the live streams", async () => {
    const deadline = Date.now() + 20_000;
    while ((await json("/status")).market.exchanges.some((e) => e.backfill.state !== "done")) {
      if (Date.now() > deadline) throw new Error("the history did not finish");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const [v, live] of LIVE_VENUES.entries()) {
      const trades = candlesOf(live.btc, v).flatMap((c) =>
        tradesOfCandle([c.openMs, c.open, c.high, c.low, c.close, c.volume]).map((t) => ({
          timeMs: t.timeMs,
          usd: t.price,
        })),
      );
      // The history's aggregator starts at the gap's start, a day before the live block.
      const startMs = startOf(B - 720);
      for (const block of [B - 5, B - 1]) {
        const expected = reference(trades, block, startMs);
        expect(await pointAt(`/v1/chartPoints/MA120/${live.venue.name}/BTC`, block)).toBeCloseTo(
          expected.MA120,
          6,
        );
        expect(await pointAt(`/v1/chartPoints/MEDIR120/${live.venue.name}/BTC`, block)).toBeCloseTo(
          expected.MEDIR120,
          6,
        );
      }
      expect(await pointAt(`/v1/chartPoints/MA120/${live.venue.name}/BTC`, B - 6)).toBeUndefined();
    }
  });
});

describe("faults of real feeds", () => {
  const btcOf = (exchange: string) =>
    blockTrades.filter((t) => t.exchange === exchange && t.symbol === "BTC");

  it("reconnects a dropped socket and fills the trades missed meanwhile over REST: none lost, none doubled", async () => {
    const block = B + 2;
    const missed: Scripted[] = [];
    for (const [v, live] of LIVE_VENUES.entries()) {
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const before = [
        trade(v, live.btc, "BTC", startOf(block) + 10_000 + shift(v), level(v) + 1, "buy"),
        trade(v, live.btc, "BTC", startOf(block) + 22_000 + shift(v), level(v) + 2, "sell"),
      ];
      fake.publish(before);
      blockTrades.push(...before);
    }
    await shown(blockTrades.filter((t) => t.timeMs >= startOf(block)));
    for (const [v, live] of LIVE_VENUES.entries()) {
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const connections = fake.connections;
      fake.dropConnections();
      const gap = [
        trade(v, live.btc, "BTC", startOf(block) + 34_000 + shift(v), level(v) + 3, "buy"),
        trade(v, live.btc, "BTC", startOf(block) + 46_000 + shift(v), level(v) + 4, "sell"),
      ];
      // Only the REST history knows these: no socket listened when they happened.
      fake.record(gap);
      missed.push(...gap);
      await fake.subscribed(live.btc);
      expect(fake.connections).toBeGreaterThan(connections);
      const after = trade(v, live.btc, "BTC", startOf(block) + 58_000 + shift(v), 60_000, "buy");
      fake.publish([after]);
      // What the service knows of the missed trades is what REST said: to the second only, on some exchanges.
      const filled = live.restWholeSeconds
        ? gap.map((t) => ({ ...t, timeMs: Math.floor(t.timeMs / 1000) * 1000 }))
        : gap;
      blockTrades.push(...filled, after);
    }
    await shown(blockTrades.filter((t) => t.timeMs >= startOf(block)));
    closeBlock(block);
    const status = await json("/status");
    for (const live of LIVE_VENUES) {
      const health = status.market.exchanges.find((e) => e.name === live.venue.name) as Health;
      expect(health.reconnects).toBeGreaterThanOrEqual(1);
      // Kraken's stream replays its recent trades on every subscribe, so the missed ones may come that way.
      if (!live.replaysOnSubscribe) expect(health.filledOverRest, live.venue.name).toBeGreaterThanOrEqual(2);
      expect(health.connected).toBe(true);
      // Each scripted trade once: the block's values are the filters' over exactly the scripted trades.
      const expected = reference(btcOf(live.venue.name), block, LIVE_START_MS);
      expect(
        await pointAt(`/v1/chartPoints/MA120/${live.venue.name}/BTC`, block),
        live.venue.name,
      ).toBeCloseTo(expected.MA120, 6);
      expect(
        await pointAt(`/v1/chartPoints/MEDIR120/${live.venue.name}/BTC`, block),
        live.venue.name,
      ).toBeCloseTo(expected.MEDIR120, 6);
    }
    expect(missed.length).toBe(LIVE_VENUES.length * 2);
  });

  it("leaves the others running when an exchange goes down, and computes the all-exchanges values from those up", async () => {
    if (LIVE_VENUES.length < 2) return;
    const block = B + 3;
    const [down, ...up] = LIVE_VENUES as [(typeof LIVE_VENUES)[number], ...typeof LIVE_VENUES];
    const downFake = fakes.get(down.venue.name) as FakeExchange;
    downFake.down = true;
    downFake.dropConnections();
    for (const live of up) {
      const v = LIVE_VENUES.indexOf(live);
      const fake = fakes.get(live.venue.name) as FakeExchange;
      const trades = [
        trade(v, live.btc, "BTC", startOf(block) + 15_000 + shift(v), level(v) + 11, "buy"),
        trade(v, live.btc, "BTC", startOf(block) + 75_000 + shift(v), level(v) + 12, "sell"),
      ];
      fake.publish(trades);
      blockTrades.push(...trades);
    }
    await shown(blockTrades.filter((t) => t.timeMs >= startOf(block)));
    const response = await service.get("/v1/quotation/BTC");
    expect(response.headers.get("X-Market-Source")).toBe(
      `exchanges; live=${up.length}; total=${LIVE_VENUES.length}`,
    );
    closeBlock(block);
    const all = reference(
      blockTrades.filter((t) => t.symbol === "BTC"),
      block,
      LIVE_START_MS,
    );
    expect(await pointAt("/v1/chartPointsAllExchanges/MA120/BTC", block)).toBeCloseTo(all.MA120, 6);
    const status = await json("/status");
    expect(status.market.exchanges.find((e) => e.name === down.venue.name)?.connected).toBe(false);
    // The exchange comes back (a restart, an outage over): the feed reconnects on its own and trades flow.
    downFake.down = false;
    await downFake.subscribed(down.btc);
    const back = trade(0, down.btc, "BTC", startOf(block + 1) + 5_000, 60_000, "buy");
    downFake.publish([back]);
    blockTrades.push(back);
    await shown([back]);
    const after = await json("/status");
    expect(after.market.exchanges.find((e) => e.name === down.venue.name)?.connected).toBe(true);
  });
});
