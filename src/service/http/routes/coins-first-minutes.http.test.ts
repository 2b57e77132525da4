// The real market's first minutes, over HTTP against the real service reading a fake Binance on loopback:
// before the first block of a coin is stored, /v1/coins (and its quotation and details) already show the
// coin at the price the service knows: its newest live trade, or the newest 1-minute candle close the
// history fetched, whichever is newer; once blocks are stored, the blocks' figures as always.
import { createServer, request, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Coin, Coins, Quotation, SymbolDetails } from "../../../interface/resources.ts";
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { FakeExchange } from "../../sources/exchanges/testing/fake-exchange.ts";
import type { FakeCandle, FakeTrade } from "../../sources/exchanges/testing/fake-protocol.ts";
import { binanceProtocol } from "../../sources/exchanges/venues/testing/binance.fake.ts";
import { startTestService, TEST_NOW, type TestService } from "../../testing/test-service.ts";

const BLOCK_MS = BLOCK_SECONDS * 1000;
/** The block the service starts in: no block of it or after it is stored until the test closes one. */
const B = Math.floor(TEST_NOW / BLOCK_MS);
const START = B * BLOCK_MS;
const MARKETS = [
  { id: "BTCUSDT", base: "BTC", quote: "USDT" },
  { id: "ETHUSDT", base: "ETH", quote: "USDT" },
];

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/**
 * A road to the fake exchange that holds the history's 1-minute candle requests of one pair until it is
 * released, so the test can look at the service while the history is being fetched and nothing is stored.
 * Everything else (the markets, the other candles, the trade stream's WebSocket) passes through.
 */
async function holdingRoad(target: string, pair: string) {
  const upstream = new URL(target);
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  let released = false;
  const server: Server = createServer((req, res) => {
    const forward = () => {
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on("error", () => res.destroy());
      req.pipe(out);
    };
    const url = req.url ?? "";
    const holds = url.includes("/klines") && url.includes(`symbol=${pair}`) && url.includes("interval=1m");
    if (holds && !released) held.push(forward);
    else forward();
  });
  server.on("connection", (socket) => sockets.add(socket));
  server.on("upgrade", (req, socket, head) => {
    const out = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      out.write(`${lines.join("\r\n")}\r\n\r\n`);
      out.write(head);
      socket.pipe(out).pipe(socket);
    });
    sockets.add(out);
    out.on("error", () => socket.destroy());
    socket.on("error", () => out.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${address.port}`,
    held: () => held.length,
    release: () => {
      released = true;
      for (const forward of held.splice(0)) forward();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function startMarket(candles: FakeCandle[], road?: (origin: string) => Promise<string>) {
  let service: TestService | undefined;
  const fake = await FakeExchange.start(binanceProtocol, {
    markets: MARKETS,
    candles,
    nowMs: () => service?.marketClock.now() ?? TEST_NOW,
  });
  stops.push(() => fake.close());
  const origin = road ? await road(fake.origin) : fake.origin;
  service = await startTestService(
    [
      ...["--market", "exchanges", "--exchanges", "binance", "--exchange-hosts", `binance=${origin}`],
      ...["--market-coins", "BTC,ETH", "--history-days", "1"],
    ],
    { exchangeTuning: { backoffMs: { first: 50, max: 200 } } },
  );
  stops.push(() => (service as TestService).stop());
  for (const market of MARKETS) await fake.subscribed(market.id);
  return { fake, service };
}

async function get<T>(service: TestService, path: string): Promise<T> {
  const response = await service.get(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Asks again until `check` holds (a trade travels the stream, the history its requests): 5 s at most. */
async function eventually<T>(ask: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await ask();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function historyDone(service: TestService): Promise<void> {
  await eventually(
    async () => (await (await service.get("/status")).json()).market.exchanges,
    (exchanges: { backfill: { state: string } }[]) => exchanges.every((e) => e.backfill.state !== "running"),
  );
}

const coinOf = (coins: Coins, symbol: string): Coin | undefined =>
  coins.coins.find((c) => c.symbol === symbol);

function trade(pair: string, id: number, atMs: number, price: number): FakeTrade {
  return { pair, id: String(id), price, amount: 0.5, side: "buy", timeMs: atMs };
}

describe("the coin list in a real market's first minutes", () => {
  it("lists a coin at its live trade's USD price as soon as the trade arrives, before any block closes", async () => {
    const { fake, service } = await startMarket([]);
    await historyDone(service);
    // No candles, no trade: nothing is known of any coin yet.
    expect(await get<Coins>(service, "/v1/coins")).toMatchObject({ coins: [], completeCoinList: [] });
    expect((await service.get("/v1/quotation/BTC")).status).toBe(404);

    fake.publish([trade("BTCUSDT", 1, START + 5000, 61_000)]);
    const first = await eventually(
      () => get<Coins>(service, "/v1/coins"),
      (coins) => coinOf(coins, "BTC") !== undefined,
    );
    expect(first.completeCoinList).toEqual([{ symbol: "BTC", name: "Bitcoin" }]);
    expect(coinOf(first, "BTC")).toMatchObject({
      price: 61_000,
      priceYesterday: null,
      volumeYesterdayUSD: null,
      time: new Date(START + 5000).toISOString(),
    });
    expect(coinOf(first, "BTC")?.circulatingSupply).toBeGreaterThan(0);

    // The list is not kept until the next block: the newer trade shows, and so does a second coin.
    fake.publish([trade("BTCUSDT", 2, START + 8000, 61_500), trade("ETHUSDT", 3, START + 9000, 3_000)]);
    const second = await eventually(
      () => get<Coins>(service, "/v1/coins"),
      (coins) => coinOf(coins, "BTC")?.price === 61_500 && coinOf(coins, "ETH") !== undefined,
    );
    expect(second.coins.map((c) => [c.symbol, c.price])).toEqual([
      ["BTC", 61_500],
      ["ETH", 3_000],
    ]);

    const quotation = await service.get("/v1/quotation/BTC");
    expect(quotation.headers.get("cache-control")).toBe("public, no-cache");
    expect(await quotation.json()).toMatchObject({
      price: 61_500,
      priceYesterday: null,
      volumeYesterdayUSD: null,
      time: new Date(START + 8000).toISOString(),
    } satisfies Partial<Quotation>);
    const details = await get<SymbolDetails>(service, "/v1/symbol/BTC");
    expect(details.coin.price).toBe(61_500);
    expect(details.rank).toBe(1);
    expect(details.exchanges).toHaveLength(1);
    expect(details.exchanges[0]).toMatchObject({ name: "Binance", price: 61_500, volumeYesterdayUSD: null });
    expect(details.exchanges[0]?.lastTrades.map((t) => t.foreignTradeID)).toEqual(["2", "1"]);

    // The block closes: the block's figures replace the first prices, as for any block.
    service.marketClock.set((B + 1) * BLOCK_MS + 3000);
    await service.advanceMarket();
    const closed = await get<Coins>(service, "/v1/coins");
    const stored = await get<Quotation>(service, "/v1/quotation/BTC");
    expect(coinOf(closed, "BTC")?.price).toBe(stored.price);
    expect(stored.time).not.toBe(new Date(START + 8000).toISOString());
    expect(coinOf(closed, "BTC")?.volumeYesterdayUSD).toBeCloseTo(0.5 * 61_000 + 0.5 * 61_500, 2);
    expect(coinOf(closed, "ETH")?.volumeYesterdayUSD).toBeCloseTo(0.5 * 3_000, 2);
  });

  it("lists a coin at the newest 1-minute candle close the history fetched, while nothing is stored", async () => {
    // A day of 1-minute candles of both pairs; the newest ends where the service starts.
    const candles: FakeCandle[] = [];
    for (let openMs = START - 86_400_000; openMs < START; openMs += 60_000) {
      const wave = Math.sin(openMs / 3_600_000) * 50;
      candles.push({
        pair: "BTCUSDT",
        openMs,
        open: 60_000,
        high: 60_100,
        low: 59_900,
        close: 60_000 + wave,
        volume: 1,
      });
      candles.push({
        pair: "ETHUSDT",
        openMs,
        open: 3_000,
        high: 3_010,
        low: 2_990,
        close: 3_000 + wave / 10,
        volume: 2,
      });
    }
    const newestBtc = candles.filter((c) => c.pair === "BTCUSDT").at(-1) as FakeCandle;
    let road: Awaited<ReturnType<typeof holdingRoad>> | undefined;
    const { fake, service } = await startMarket(candles, async (origin) => {
      road = await holdingRoad(origin, "ETHUSDT");
      stops.push(() => (road as NonNullable<typeof road>).close());
      return road.origin;
    });
    const held = road as NonNullable<typeof road>;
    // BTC's candles are fetched, ETH's are held: the history's day is not stored yet.
    await eventually(
      async () => held.held(),
      (count) => count > 0,
    );
    expect(held.held()).toBeGreaterThan(0);
    const fetching = await get<Coins>(service, "/v1/coins");
    expect(fetching.completeCoinList).toEqual([{ symbol: "BTC", name: "Bitcoin" }]);
    expect(coinOf(fetching, "BTC")).toMatchObject({
      price: newestBtc.close,
      priceYesterday: null,
      volumeYesterdayUSD: null,
      time: new Date(START).toISOString(),
    });
    expect((await service.get("/v1/quotation/ETH")).status).toBe(404);

    // A live trade is newer than any candle: it prices the coin from then on.
    fake.publish([trade("BTCUSDT", 7, START + 4000, 60_200)]);
    await eventually(
      () => get<Coins>(service, "/v1/coins"),
      (coins) => coinOf(coins, "BTC")?.price === 60_200,
    );
    expect(coinOf(await get<Coins>(service, "/v1/coins"), "BTC")?.price).toBe(60_200);

    // The history is stored: the blocks' figures, as always.
    held.release();
    await historyDone(service);
    const filled = await get<Coins>(service, "/v1/coins");
    for (const symbol of ["BTC", "ETH"]) {
      const quotation = await get<Quotation>(service, `/v1/quotation/${symbol}`);
      expect(coinOf(filled, symbol)).toMatchObject({ price: quotation.price, time: quotation.time });
      expect(coinOf(filled, symbol)?.volumeYesterdayUSD).toBeGreaterThan(0);
    }
    expect(coinOf(filled, "BTC")?.price).not.toBe(60_200);
  });
});
