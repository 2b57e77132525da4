// Candles and provenance through real HTTP against the simulated market: each block's candle equals the
// one computed from the simulator's own trades, every scale's candle is the combination of the finer ones
// to the last digit, and a block's provenance adds up to its aggregate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CandleColumns, decodeCandles } from "../../interface/candles.ts";
import type { Provenance } from "../../interface/provenance.ts";
import { SCALES, type Scale } from "../../interface/vocabulary.ts";
import { PAIRS } from "../catalog/catalog-pairs.ts";
import { MarketSimulator } from "../sources/simulator/simulator.ts";
import { candleRecords, units } from "../testing/candle-records.ts";
import { startTestService, TEST_NOW, type TestService } from "../testing/test-service.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.stop();
});

const NOW_S = Math.floor(TEST_NOW / 1000);

async function candles(path: string): Promise<CandleColumns> {
  const response = await service.get(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return decodeCandles((await response.json()).candles).candles;
}

const rows = candleRecords;

/** Finer candles combined per bucket of `size` seconds: first open, highest high, lowest low, last close, sums. */
function combined(finer: ReturnType<typeof rows>, bucketOf: (t: number) => number) {
  const out: ReturnType<typeof rows> = [];
  for (const c of finer) {
    const last = out.at(-1);
    const bucket = bucketOf(c.time);
    if (!last || last.time !== bucket) {
      out.push({ ...c, time: bucket });
      continue;
    }
    last.high = Math.max(last.high as number, c.high as number);
    last.low = Math.min(last.low as number, c.low as number);
    last.close = c.close;
    last.buy += c.buy;
    last.sell += c.sell;
    last.volume += c.volume;
    last.trades = (last.trades as number) + (c.trades as number);
  }
  return out;
}

const roundPrice9 = (x: number) => Number(x.toPrecision(9));

describe("candles", () => {
  it("of a block equal the candle of the simulator's trades of that block, per exchange and across", async () => {
    const simulator = new MarketSimulator(42);
    const followed = new Set(PAIRS.filter((p) => !p.ignore).map((p) => `${p.symbol}|${p.exchange}`));
    const block = Math.floor(NOW_S / 120) - 30;
    const trades = simulator
      .tradesOfBlock(block)
      .filter((t) => t.symbol === "BTC" && followed.has(`${t.symbol}|${t.exchange}`));
    for (const exchange of [null, "Binance", "Kraken"]) {
      const mine = trades.filter((t) => exchange === null || t.exchange === exchange);
      expect(mine.length).toBeGreaterThan(1);
      const prices = mine.map((t) => t.estimatedUSDPrice);
      const buys = mine.filter((t) => t.volume > 0).reduce((s, t) => s + units(t.volume), 0n);
      const sells = mine.filter((t) => t.volume < 0).reduce((s, t) => s + units(-t.volume), 0n);
      const start = block * 120;
      const path = exchange === null ? "/v1/candlesAllExchanges/BTC" : `/v1/candles/${exchange}/BTC`;
      const [candle] = rows(await candles(`${path}?starttime=${start}&endtime=${start}`));
      expect(candle, `${exchange ?? "all"}`).toEqual({
        time: start,
        open: roundPrice9(prices[0] as number),
        high: roundPrice9(Math.max(...prices)),
        low: roundPrice9(Math.min(...prices)),
        close: roundPrice9(prices.at(-1) as number),
        buy: buys,
        sell: sells,
        volume: buys + sells,
        trades: mine.length,
      });
    }
  });

  it("of every scale are the combination of the finer ones, to the last digit, across packed days and rows", async () => {
    // Two whole UTC days before now: the first packed, the second still in rows (the day under way).
    const from = (Math.floor(NOW_S / 86_400) - 1) * 86_400;
    const to = NOW_S;
    const raw = rows(await candles(`/v1/candles/Binance/ETH?starttime=${from}&endtime=${to}`));
    expect(raw.length).toBeGreaterThan(1000);
    let finer = raw;
    for (const scale of SCALES.filter((s) => s !== "1w") as Scale[]) {
      const scaled = rows(
        await candles(`/v1/candles/Binance/ETH?scale=${scale}&starttime=${from}&endtime=${to}`),
      );
      const size = { "5m": 300, "30m": 1800, "1h": 3600, "4h": 14_400, "1d": 86_400 }[scale as "5m"];
      expect(scaled, scale).toEqual(combined(finer, (t) => t - (t % size)));
      finer = scaled;
    }
  });

  it("leave out buckets without trades and refuse what chart points refuse", async () => {
    const thin = rows(await candles("/v1/candlesAllExchanges/ZEC"));
    expect(thin.every((c) => (c.trades as number) > 0)).toBe(true);
    const tooLong = await service.get(`/v1/candles/Binance/BTC?starttime=0&endtime=${NOW_S}`);
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).errormessage).toMatch(/more than 100000 candles/);
    expect((await service.get("/v1/candles/Nowhere/BTC")).status).toBe(404);
    expect((await service.get("/v1/candlesAllExchanges/BTC?scale=2m")).status).toBe(400);
  });
});

describe("provenance", () => {
  it("of the newest block adds up: its exchanges' trades and volumes sum to the aggregate's", async () => {
    const response = await service.get("/v1/provenance/BTC");
    expect(response.status).toBe(200);
    const p = (await response.json()) as Provenance;
    const contributed = p.exchanges.filter((e) => e.role === "contributed");
    expect(contributed.length).toBeGreaterThan(3);
    const sum = (f: (e: (typeof contributed)[number]) => number) => contributed.reduce((s, e) => s + f(e), 0);
    expect(sum((e) => e.figures?.trades ?? 0)).toBe(p.aggregate.trades);
    expect(sum((e) => Number(units(e.figures?.volume ?? 0)))).toBe(Number(units(p.aggregate.volume)));
    expect(sum((e) => e.weight)).toBeCloseTo(1, 9);
    expect(Math.max(...contributed.map((e) => e.figures?.high ?? 0))).toBe(p.aggregate.high);
    expect(Math.min(...contributed.map((e) => e.figures?.low ?? Infinity))).toBe(p.aggregate.low);
    // The trades still kept: the ones left out are listed, as many as the aggregate counted.
    expect(p.leftOut?.length).toBe(p.aggregate.tradesLeftOut);
    expect(p.exchanges.map((e) => e.weight)).toEqual(
      [...p.exchanges.map((e) => e.weight)].sort((a, b) => b - a),
    );
  });

  it("of a block asked by time is that block's, also from a packed day, where the trades are no longer kept", async () => {
    const time = NOW_S - 86_400 - 3600 + 17;
    const p = (await (await service.get(`/v1/provenance/BTC?time=${time}`)).json()) as Provenance;
    const start = Date.parse(p.blockStart) / 1000;
    expect(start).toBe(time - (time % 120));
    expect(p.leftOut).toBeNull();
    const [candle] = rows(await candles(`/v1/candlesAllExchanges/BTC?starttime=${start}&endtime=${start}`));
    expect(p.aggregate).toMatchObject({ open: candle?.open, close: candle?.close, trades: candle?.trades });
    expect((await service.get("/v1/provenance/BTC?time=1000")).status).toBe(404);
    expect((await service.get("/v1/provenance/BTC?time=soon")).status).toBe(400);
  });
});
