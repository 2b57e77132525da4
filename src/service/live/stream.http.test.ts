// The live stream through the real service: the simulator's trades (released as the test moves the market
// clock) become prices, trades and forming candles of what a stream follows; opening counts once under the
// fair-usage limit and changing its subjects not at all; bad input gets the error record before any
// stream; a client holds a few streams at most; a resume gets what it missed; the request log has the
// stream with its events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeCandles } from "../../interface/candles.ts";
import { subjectsQuery } from "../../interface/live-events.ts";
import { MAX_STREAMS_PER_CLIENT } from "../http/routes/stream.ts";
import { readRequestLog } from "../ops/request-log.ts";
import { adminJson, issueKey } from "../testing/admin-requests.ts";
import { openStream, type ReadEvent, type StreamReader } from "../testing/sse-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

const KEY = "stream-test-key-0123456789abcdef";
let service: TestService;
const open: StreamReader[] = [];

beforeAll(async () => {
  service = await startTestService([
    "--market-coins",
    "BTC,ETH,SOL",
    "--rate-limit",
    "5",
    "--api-keys",
    `${KEY}:100`,
  ]);
});
afterAll(async () => {
  for (const reader of open) reader.close();
  await service?.stop();
});

const keyed = { "X-Api-Key": KEY };

async function stream(query: string, headers: Record<string, string> = keyed): Promise<StreamReader> {
  const reader = await openStream(service.port, query, headers);
  open.push(reader);
  return reader;
}

/** Moves the market on by `ms` in steps the simulator's 100 ms tick can follow. */
async function trade(ms: number): Promise<void> {
  for (let moved = 0; moved < ms; moved += 1_000) {
    service.marketClock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
}

async function until(done: () => boolean, ms = 2_000): Promise<void> {
  const end = performance.now() + ms;
  while (!done() && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The status of opening a stream, tried again while refused for a while. */
async function openedWithin(ms: number, query: string, headers: Record<string, string>): Promise<number> {
  const end = performance.now() + ms;
  for (;;) {
    const reader = await stream(query, headers);
    if (reader.status === 200 || performance.now() > end) return reader.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const named = (name: string) => (e: ReadEvent) => e.event === name;

/** BTC's stored 5-minute candle of the bucket starting at `startS`, as the candles endpoint answers it. */
async function storedCandle(startS: number): Promise<Record<string, unknown>> {
  const response = await service.get(
    `/v1/candlesAllExchanges/BTC?scale=5m&starttime=${startS}&endtime=${startS + 299}`,
    { headers: keyed },
  );
  const { candles } = decodeCandles(((await response.json()) as { candles: string }).candles);
  expect(candles.times).toEqual([startS]);
  return {
    start: new Date(startS * 1000).toISOString(),
    open: candles.open[0],
    high: candles.high[0],
    low: candles.low[0],
    close: candles.close[0],
    volume: candles.volume[0],
    buyVolume: candles.buyVolume[0],
    sellVolume: candles.sellVolume[0],
    trades: candles.trades[0],
  };
}

describe("GET /v1/stream", () => {
  it("opens with its subjects, then sends the prices, trades and forming candles of what it follows only", async () => {
    const query = subjectsQuery({
      prices: ["BTC"],
      trades: [{ symbol: "ETH", exchange: "Binance" }],
      candles: [{ symbol: "BTC", exchange: null, scale: "block" }],
    });
    expect(query.toString()).toBe("prices=BTC&trades=ETH%3ABinance&candles=BTC%3Aall%3Ablock");
    const reader = await stream(query.toString());
    expect(reader.status).toBe(200);
    expect(reader.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(reader.headers["x-request-id"]).toBeDefined();
    const opened = await reader.next(named("open"));
    expect(opened.id).toBeUndefined();
    expect(opened.data.subjects).toEqual({
      prices: ["BTC"],
      trades: [{ symbol: "ETH", exchange: "Binance" }],
      candles: [{ symbol: "BTC", exchange: null, scale: "block" }],
    });
    await trade(20_000);
    const price = await reader.next(named("price"));
    expect(price.data.symbol).toBe("BTC");
    expect(price.data.price).toBeGreaterThan(0);
    const trades = await reader.next(named("trades"));
    expect(trades.data).toMatchObject({ symbol: "ETH", exchange: "Binance" });
    expect((trades.data.trades as unknown[]).length).toBeGreaterThan(0);
    const candle = await reader.next(named("candle"));
    expect(candle.data).toMatchObject({ symbol: "BTC", exchange: null, scale: "block", final: false });
    // Nothing of what it does not follow.
    for (const e of reader.events) {
      if (e.event === "price") expect(e.data.symbol).toBe("BTC");
      if (e.event === "trades") expect([e.data.symbol, e.data.exchange]).toEqual(["ETH", "Binance"]);
    }
    // Every event's time is its newest trade's, at or before the market's now; ids only go up.
    const ids = reader.events.filter((e) => e.id !== undefined).map((e) => e.id as string);
    const parsed = ids.map((id) => id.split("-").map(Number) as [number, number]);
    for (let i = 1; i < parsed.length; i++) {
      const [a, b] = [parsed[i - 1] as [number, number], parsed[i] as [number, number]];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
    }
    reader.close();
  });

  it("refuses bad input with the error record before any stream starts", async () => {
    const cases: [string, number, RegExp][] = [
      ["prices=NOPE", 404, /unknown symbol 'NOPE'/],
      ["trades=BTC", 400, /trades: 'BTC' is not SYMBOL:Exchange/],
      ["trades=BTC:Nowhere", 404, /Nowhere/],
      ["candles=BTC:all:7m", 400, /scale/],
      [`prices=${Array.from({ length: 21 }, () => "BTC").join(",")}`, 400, /prices/],
    ];
    for (const [query, status, message] of cases) {
      const reader = await stream(query);
      await reader.ended;
      expect(reader.status, query).toBe(status);
      expect(reader.headers["content-type"]).toMatch(/application\/json/);
      expect(JSON.parse(reader.refusal).errormessage, query).toMatch(message);
    }
  });

  it("counts opening once under the fair-usage limit, and its changes of subjects not at all", async () => {
    // Unkeyed, under the address's limit (the tests before this one sent the key).
    const reader = await stream("prices=BTC", {});
    expect(reader.status).toBe(200);
    const opened = await reader.next(named("open"));
    const id = opened.data.stream as string;
    for (let i = 0; i < 8; i++) {
      const response = await service.get(`/v1/stream/${id}/subjects`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ prices: [i % 2 ? "ETH" : "SOL"], trades: [], candles: [] }),
      });
      expect(response.status).toBe(200);
    }
    // The address opened one stream: four requests are left of five.
    const limit = (await service.get("/v1/coins")).headers.get("ratelimit");
    expect(limit).toMatch(/r=3/);
  });

  it("moves an open stream to new subjects at once, and lets no one else move it", async () => {
    const reader = await stream("prices=BTC");
    const opened = await reader.next(named("open"));
    const id = opened.data.stream as string;
    await trade(3_000);
    const started = performance.now();
    const response = await service.get(`/v1/stream/${id}/subjects`, {
      method: "PUT",
      headers: { ...keyed, "Content-Type": "application/json" },
      body: JSON.stringify({ prices: ["SOL"], trades: [], candles: [] }),
    });
    expect(response.status).toBe(200);
    const sol = await reader.next((e) => e.event === "price" && e.data.symbol === "SOL", 2_000);
    expect(sol).toBeDefined();
    expect(performance.now() - started).toBeLessThan(2_000);
    const stranger = await service.get(`/v1/stream/${id}/subjects`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ prices: ["ETH"], trades: [], candles: [] }),
    });
    expect(stranger.status).toBe(404);
    const bad = await service.get(`/v1/stream/${id}/subjects`, {
      method: "PUT",
      headers: { ...keyed, "Content-Type": "application/json" },
      body: JSON.stringify({ prices: ["ETH"], trades: "all", candles: [] }),
    });
    expect(bad.status).toBe(400);
    reader.close();
  });

  it(`holds at most ${MAX_STREAMS_PER_CLIENT} streams per client; beyond, the error record with 429`, async () => {
    const key = { "X-Api-Key": KEY };
    for (const reader of open) reader.close();
    await until(() => service.ctx.live?.size === 0);
    const held: StreamReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_CLIENT; i++) held.push(await stream("prices=BTC", key));
    for (const reader of held) expect(reader.status, reader.refusal).toBe(200);
    const refused = await stream("prices=BTC", key);
    await refused.ended;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.refusal).errormessage).toMatch(/at most 3 streams/);
    // Once one is closed (the service sees it go), another may open.
    (held[0] as StreamReader).close();
    expect(await openedWithin(2_000, "prices=BTC", key)).toBe(200);
  });

  it("closes a 5-minute candle and the block's price equal to what the history endpoints answer", {
    timeout: 60_000,
  }, async () => {
    for (const reader of open) reader.close();
    await until(() => service.ctx.live?.size === 0);
    // Opened once a block of a bucket is stored (one starting with a block: every 10 minutes), so that part
    // of its candle is read from the store.
    const bucketStart = (Math.floor(service.marketClock.now() / 600_000) + 1) * 600_000;
    const bucketEnd = bucketStart + 300_000;
    service.marketClock.set(bucketStart + 130_000);
    await service.advanceMarket();
    const reader = await stream("prices=BTC&candles=BTC:all:5m");
    await reader.next(named("open"));
    // Through the end of that bucket, each block stored as it ends.
    // A bucket holds the blocks that start in it: it closes with the block that starts before its end.
    const closingBlockEnd = (Math.floor((bucketEnd - 1) / 120_000) + 1) * 120_000;
    while (service.marketClock.now() < closingBlockEnd + 2_000) {
      service.marketClock.advance(5_000);
      await new Promise((resolve) => setTimeout(resolve, 110));
      await service.advanceMarket();
    }
    const final = await reader.next((e) => e.event === "candle" && e.data.final === true, 15_000);
    const startS = Date.parse((final.data.candle as { start: string }).start) / 1000;
    expect(final.data.candle).toEqual(await storedCandle(startS));
    // The block close carries BTC's MA120: the quotation's price of that block.
    const block = await reader.next((e) => e.event === "block", 5_000);
    const btc = (block.data.series as { symbol: string; exchange: string | null; ma120: number }[]).find(
      (s) => s.symbol === "BTC" && s.exchange === null,
    );
    expect(btc?.ma120).toBeGreaterThan(0);
    reader.close();
  });

  it("gives a chart that follows just after a bucket closed that bucket's final candle, then the forming one's", async () => {
    // A chart loads its history while a bucket forms and follows it a moment later: if the bucket closed
    // in between, no stream of its own heard the final candle, so the stream's standing candles include it.
    for (const reader of open) reader.close();
    await until(() => service.ctx.live?.size === 0);
    const bucketStart = (Math.floor(service.marketClock.now() / 600_000) + 1) * 600_000;
    // Its last block starts at +240 s and closes at +360 s; the next bucket's first block forms.
    service.marketClock.set(bucketStart + 380_000);
    await service.advanceMarket();
    const reader = await stream("candles=BTC:all:5m");
    await reader.next(named("open"));
    const closed = await reader.next(named("candle"), 5_000);
    expect(closed.data).toMatchObject({
      final: true,
      candle: { start: new Date(bucketStart).toISOString() },
    });
    // A state, not a resume point: a resume after it must not go back to this bucket's close.
    expect(closed.id).toBeUndefined();
    expect(closed.data.candle).toEqual(await storedCandle(bucketStart / 1000));
    await trade(5_000);
    const forming = await reader.next((e) => e.event === "candle" && e.data.final === false, 5_000);
    // The closed bucket's candle came first, once.
    expect(reader.events.filter((e) => e.event === "candle" && e.data.final === true)).toHaveLength(1);
    expect(forming.data).toMatchObject({
      final: false,
      candle: { start: new Date(bucketStart + 300_000).toISOString() },
    });
    reader.close();
  });

  it("corrects a bucket's final candle with the blocks that close after a chart began to follow the next", async () => {
    // Blocks close a moment after they end (late trades): a chart can follow while the market's clock is
    // in the next bucket but the bucket before still waits for its last blocks.
    for (const reader of open) reader.close();
    await until(() => service.ctx.live?.size === 0);
    const bucketStart = (Math.floor(service.marketClock.now() / 600_000) + 1) * 600_000;
    service.marketClock.set(bucketStart + 130_000);
    await service.advanceMarket();
    service.marketClock.set(bucketStart + 380_000);
    const reader = await stream("candles=BTC:all:5m");
    await reader.next(named("open"));
    await service.advanceMarket();
    await until(() => reader.events.some((e) => e.event === "block" || e.event === "candle"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const finals = reader.events.filter((e) => e.event === "candle" && e.data.final === true);
    const last = finals.at(-1);
    expect(last?.data.candle).toMatchObject({ start: new Date(bucketStart).toISOString() });
    // A correction is an event of its own: a point to resume from.
    expect(last?.id).toBeDefined();
    expect(last?.data.candle).toEqual(await storedCandle(bucketStart / 1000));
    reader.close();
  });

  it("ends its streams at shutdown, telling clients to come back in a second", async () => {
    const other = await startTestService(["--market-coins", "BTC"]);
    const reader = await openStream(other.port, "prices=BTC");
    await reader.next(named("open"));
    await other.stop();
    await reader.ended;
    expect(reader.retry).toBe(1_000);
  });

  it("ends the streams of a revoked key at once, and refuses its next", async () => {
    const issued = await issueKey(service, { name: "a streaming app" });
    const headers = { "X-Api-Key": issued.secret };
    const reader = await stream("prices=BTC", headers);
    expect(reader.status).toBe(200);
    await reader.next(named("open"));
    const before = performance.now();
    await adminJson(service, "POST", `/admin/keys/${issued.key.id}/revoke`);
    await reader.ended;
    expect(performance.now() - before).toBeLessThan(2_000);
    const again = await stream("prices=BTC", headers);
    await again.ended;
    expect(again.status).toBe(401);
  });

  it("gives a resume what it missed since its last event id, and records each stream with its events", async () => {
    for (const reader of open) reader.close();
    await until(() => service.ctx.live?.size === 0);
    const first = await stream("trades=BTC:Binance");
    // One exchange's trades of a coin can be a few seconds apart: the market moves on until one came.
    const tradedWithin = async (reader: StreamReader, ms: number) => {
      for (let moved = 0; moved < ms && !reader.events.some(named("trades")); moved += 1_000)
        await trade(1_000);
    };
    await tradedWithin(first, 60_000);
    const seen = await first.next(named("trades"));
    first.close();
    await trade(10_000);
    const resumed = await stream("trades=BTC:Binance", { ...keyed, "Last-Event-ID": seen.id as string });
    await tradedWithin(resumed, 60_000);
    const missed = await resumed.next(named("trades"));
    const [seenMs, seenN] = (seen.id as string).split("-").map(Number) as [number, number];
    const [ms, n] = (missed.id as string).split("-").map(Number) as [number, number];
    expect(ms > seenMs || (ms === seenMs && n > seenN)).toBe(true);
    const tooOld = await stream("prices=BTC", { ...keyed, "Last-Event-ID": "1-0" });
    expect((await tooOld.next(named("reload"))).data.reason).toBeDefined();
    resumed.close();
    tooOld.close();
    // /metrics counts the streams opened and the events they sent.
    const metrics = await (await service.get("/metrics")).text();
    const figure = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, "m").exec(metrics)?.[1]);
    expect(figure("mdqs_live_streams_opened_total")).toBeGreaterThanOrEqual(3);
    // Each event read was sent (and counted) first.
    const read = first.events.length + resumed.events.length + tooOld.events.length;
    expect(read).toBeGreaterThan(4);
    expect(figure("mdqs_live_events_sent_total")).toBeGreaterThanOrEqual(read);
    expect(figure("mdqs_live_streams")).toBeGreaterThanOrEqual(0);
    // The request log is written every 25 ms.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = (await readRequestLog(`${service.dataDir}/requests.log`)).filter(
      (l) => l.path.startsWith("/v1/stream?") && l.status === 200,
    );
    // This test's three at least.
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.some((l) => (l.events ?? 0) > 0 && l.bytes > 0 && l.durationMs > 0)).toBe(true);
  });
});
