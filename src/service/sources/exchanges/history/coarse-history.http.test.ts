// The real market's longer history end to end: the real service (MARKET_SOURCE=exchanges) against three
// fake exchanges holding a year and more of hourly and daily candles (Binance, Kraken with its newest 720
// per interval, OKX with its pages of 100), asserted over HTTP: the 1h candles over 90 days and the 1d ones
// over a year are the exchanges' own, the all-exchanges hour combines them, the provenance of a block names
// its resolution, and /status says what each resolution covers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeCandles } from "../../../../interface/candles.ts";
import type { Provenance } from "../../../../interface/provenance.ts";
import { type Status, StatusSchema } from "../../../../interface/status.ts";
import { type CandleRecord, candleRecords, units } from "../../../testing/candle-records.ts";
import { startTestService, TEST_NOW, type TestService } from "../../../testing/test-service.ts";
import { fakeCandles } from "../testing/fake-candles.ts";
import { FakeExchange } from "../testing/fake-exchange.ts";
import type { FakeCandle } from "../testing/fake-protocol.ts";
import { binanceProtocol } from "../venues/testing/binance.fake.ts";
import { krakenProtocol } from "../venues/testing/kraken.fake.ts";
import { okxProtocol } from "../venues/testing/okx.fake.ts";

const HOUR = 3_600_000;
const DAY = 86_400_000;
const BLOCK_MS = 120_000;
/** The first live block starts here; the day of 1-minute candles before it, the coarse history behind. */
const LIVE_START = Math.floor(TEST_NOW / BLOCK_MS) * BLOCK_MS;
const FINE_START = LIVE_START - DAY;
const TODAY = Math.floor(TEST_NOW / DAY) * DAY;
const HOURLY_FROM = TODAY - 90 * DAY;
const HOURLY_TO = Math.floor(FINE_START / HOUR) * HOUR;
const DAILY_FROM = TODAY - 365 * DAY;

const EXCHANGES = [
  { name: "Binance", protocol: binanceProtocol, id: "BTCUSDT", base: "BTC", quote: "USDT", level: 60_000 },
  { name: "Kraken", protocol: krakenProtocol, id: "XXBTZUSD", base: "XXBT", quote: "ZUSD", level: 60_050 },
  { name: "OKX", protocol: okxProtocol, id: "BTC-USDT", base: "BTC", quote: "USDT", level: 59_950 },
];

const hourlyOf = new Map<string, FakeCandle[]>();
const dailyOf = new Map<string, FakeCandle[]>();
const fakes: FakeExchange[] = [];
let service: TestService;

beforeAll(async () => {
  for (const e of EXCHANGES) {
    // More than the service asks for: 100 days of hours and 400 of days, and the last hours of minutes.
    const hourly = fakeCandles(e.id, "1h", TODAY - 100 * DAY, LIVE_START, e.level);
    const daily = fakeCandles(e.id, "1d", TODAY - 400 * DAY, TODAY, e.level);
    const minutes = fakeCandles(e.id, "1m", LIVE_START - 3 * HOUR, LIVE_START, e.level);
    hourlyOf.set(e.name, hourly);
    dailyOf.set(e.name, daily);
    fakes.push(
      await FakeExchange.start(e.protocol, {
        markets: [{ id: e.id, base: e.base, quote: e.quote }],
        candles: [...hourly, ...daily, ...minutes],
        nowMs: () => service?.marketClock.now() ?? TEST_NOW,
      }),
    );
  }
  service = await startTestService([
    "--market",
    "exchanges",
    "--exchanges",
    EXCHANGES.map((e) => e.name).join(","),
    "--exchange-hosts",
    EXCHANGES.map((e, i) => `${e.name}=${fakes[i]?.origin}`).join(","),
    "--market-coins",
    "BTC",
    "--history-days",
    "1",
  ]);
  const deadline = Date.now() + 90_000;
  while ((await status()).market.exchanges.some((e) => e.backfill.state !== "done")) {
    if (Date.now() > deadline) throw new Error("the history did not finish");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(async () => {
  await service?.stop();
  for (const fake of fakes) await fake.close();
});

async function status(): Promise<Status> {
  return (await (await service.get("/status")).json()) as Status;
}

async function candles(path: string, scale: string, fromMs: number, toMs: number): Promise<CandleRecord[]> {
  const response = await service.get(
    `${path}?scale=${scale}&starttime=${fromMs / 1000}&endtime=${toMs / 1000}`,
  );
  expect(response.status, path).toBe(200);
  const body = (await response.json()) as { candles: string };
  return candleRecords(decodeCandles(body.candles).candles);
}

/** A fake candle as the service must answer it: at its start, taker side by its direction, amounts exact. */
function expected(c: FakeCandle): CandleRecord {
  const volume = units(c.volume);
  const rising = c.close >= c.open;
  return {
    time: c.openMs / 1000,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    buy: rising ? volume : 0n,
    sell: rising ? 0n : volume,
    volume,
    trades: 4,
  };
}

/** Candles combined as a scale's bucket combines its blocks. */
function combined(time: number, parts: readonly FakeCandle[]) {
  return {
    time,
    open: parts[0]?.open,
    high: Math.max(...parts.map((c) => c.high)),
    low: Math.min(...parts.map((c) => c.low)),
    close: parts.at(-1)?.close,
    volume: parts.reduce((sum, c) => sum + units(c.volume), 0n),
  };
}

describe("the longer history of the real market", () => {
  it("answers the exchange's hourly candles at 1h over the 90 days behind the 1-minute day", async () => {
    const hourly = (hourlyOf.get("Binance") ?? []).filter(
      (c) => c.openMs >= HOURLY_FROM && c.openMs < HOURLY_TO,
    );
    const answered = await candles("/v1/candles/Binance/BTC", "1h", HOURLY_FROM, HOURLY_TO - HOUR);
    expect(answered).toHaveLength(hourly.length);
    expect(answered).toEqual(hourly.map(expected));
  });

  it("answers the exchange's daily candles at 1d over the year, and each day of the hourly range as its hours combined", async () => {
    const daily = (dailyOf.get("OKX") ?? []).filter((c) => c.openMs >= DAILY_FROM && c.openMs < HOURLY_FROM);
    const answered = await candles("/v1/candles/OKX/BTC", "1d", DAILY_FROM, HOURLY_FROM + 9 * DAY);
    expect(answered.slice(0, daily.length)).toEqual(daily.map(expected));
    const hours = hourlyOf.get("OKX") ?? [];
    for (let d = 0; d < 10; d++) {
      const dayStart = HOURLY_FROM + d * DAY;
      const ofDay = hours.filter((c) => c.openMs >= dayStart && c.openMs < dayStart + DAY);
      expect(answered[daily.length + d]).toMatchObject(combined(dayStart / 1000, ofDay));
    }
    expect(answered).toHaveLength(daily.length + 10);
  });

  it("takes what each exchange keeps: Kraken's hours reach back 720 of them, its days the whole year", async () => {
    const kept = (hourlyOf.get("Kraken") ?? []).slice(-720);
    const firstKept = kept[0] as FakeCandle;
    const answered = await candles("/v1/candles/Kraken/BTC", "1h", HOURLY_FROM, HOURLY_TO - HOUR);
    expect(answered[0]?.time).toBe(firstKept.openMs / 1000);
    expect(answered).toEqual(kept.filter((c) => c.openMs < HOURLY_TO).map(expected));
    const days = await candles("/v1/candles/Kraken/BTC", "1d", DAILY_FROM, DAILY_FROM + 30 * DAY);
    expect(days).toHaveLength(31);
    const health = (await status()).market.exchanges;
    const stretch = (name: string, resolution: string) =>
      health.find((e) => e.name === name)?.backfill.history?.find((h) => h.resolution === resolution);
    expect(stretch("Kraken", "1h")).toMatchObject({ state: "done", coveredFromMs: firstKept.openMs });
    expect(stretch("Binance", "1h")).toMatchObject({
      state: "done",
      fromMs: HOURLY_FROM,
      coveredFromMs: HOURLY_FROM,
    });
    expect(stretch("OKX", "1d")).toMatchObject({
      state: "done",
      fromMs: DAILY_FROM,
      toMs: HOURLY_FROM,
      coveredFromMs: DAILY_FROM,
    });
  });

  it("makes the all-exchanges hour of every exchange's candle of that hour", async () => {
    const hour = HOURLY_TO - 5 * DAY;
    const parts = EXCHANGES.map(
      (e) => (hourlyOf.get(e.name) ?? []).find((c) => c.openMs === hour) as FakeCandle,
    );
    const [all] = await candles("/v1/candlesAllExchanges/BTC", "1h", hour, hour);
    expect(all).toMatchObject({
      time: hour / 1000,
      high: Math.max(...parts.map((c) => c.high)),
      low: Math.min(...parts.map((c) => c.low)),
      volume: parts.reduce((sum, c) => sum + units(c.volume), 0n),
      trades: 12,
    });
  });

  it("says in a block's provenance which candles made it: daily, hourly, 1-minute, or trades", async () => {
    const madeOf = async (timeMs: number) => {
      const response = await service.get(`/v1/provenance/BTC?time=${timeMs / 1000}`);
      expect(response.status).toBe(200);
      const p = (await response.json()) as Provenance;
      return [p.madeFrom, p.resolution];
    };
    expect(await madeOf(HOURLY_FROM - 60_000)).toEqual(["candles", "1d"]);
    expect(await madeOf(HOURLY_TO - 60_000)).toEqual(["candles", "1h"]);
    expect(await madeOf(LIVE_START - 60_000)).toEqual(["candles", "1m"]);
    // The block before an hour's last holds nothing.
    expect((await service.get(`/v1/provenance/BTC?time=${(HOURLY_TO - 180_000) / 1000}`)).status).toBe(404);
  });

  it("tells /status each exchange's stretches by resolution, in the interface's shape", async () => {
    const answer = await status();
    expect(StatusSchema.parse(answer)).toEqual(answer);
    for (const exchange of answer.market.exchanges) {
      expect(exchange.backfill.history?.map((h) => [h.resolution, h.state, h.fromMs, h.toMs])).toEqual([
        ["1m", "done", FINE_START, LIVE_START],
        ["1h", "done", HOURLY_FROM, HOURLY_TO],
        ["1d", "done", DAILY_FROM, HOURLY_FROM],
      ]);
    }
  });
});
