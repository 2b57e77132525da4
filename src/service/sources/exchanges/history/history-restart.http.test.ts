// The real market's history across stops: a later start fills the blocks since the last stored one from
// candles (and no more), and a first start's history that a stop cut short is resumed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeDataPoints } from "../../../../interface/data-points.ts";
import { BLOCK_SECONDS } from "../../../../interface/vocabulary.ts";
import { startTestService, TEST_NOW, type TestService } from "../../../testing/test-service.ts";
import { FakeExchange } from "../testing/fake-exchange.ts";
import type { FakeCandle } from "../testing/fake-protocol.ts";
import { binanceProtocol } from "../venues/testing/binance.fake.ts";

const BLOCK_MS = BLOCK_SECONDS * 1000;
const B = Math.floor(TEST_NOW / BLOCK_MS);
/** The second start: an hour later, thirty blocks. */
const LATER = TEST_NOW + 3_600_000;
const B2 = Math.floor(LATER / BLOCK_MS);

/** A candle every minute from a day before the first start to the second start. */
const candles: FakeCandle[] = [];
for (let t = (B - 720) * BLOCK_MS; t < B2 * BLOCK_MS; t += 60_000) {
  const wave = Math.sin(t / 3_600_000) * 100;
  candles.push({
    pair: "BTCUSDT",
    openMs: t,
    open: 60_000 + wave,
    high: 60_010 + wave,
    low: 59_990 + wave,
    close: 60_002 + wave,
    volume: 1,
  });
}

let fake: FakeExchange;
let dataDir: string;
let clockMs = TEST_NOW;

beforeAll(async () => {
  fake = await FakeExchange.start(binanceProtocol, {
    markets: [{ id: "BTCUSDT", base: "BTC", quote: "USDT" }],
    candles,
    nowMs: () => clockMs,
  });
  dataDir = mkdtempSync(join(tmpdir(), "market-restart-"));
});

afterAll(async () => {
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(now: number): Promise<TestService> {
  clockMs = now;
  return startTestService(
    [
      "--market",
      "exchanges",
      "--exchanges",
      "binance",
      "--exchange-hosts",
      `binance=${fake.origin}`,
      "--market-coins",
      "BTC",
    ],
    { dataDir, now },
  );
}

async function historyDone(service: TestService): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = await (await service.get("/status")).json();
    if (status.market.exchanges.every((e: { backfill: { state: string } }) => e.backfill.state !== "running"))
      return;
    if (Date.now() > deadline) throw new Error("the history did not finish");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function blockEnds(service: TestService, from: number, to: number): Promise<number[]> {
  const response = await service.get(`/v1/chartPoints/MA120/Binance/BTC?starttime=${from}&endtime=${to}`);
  expect(response.status).toBe(200);
  return decodeDataPoints((await response.json()).dataPoints).map((p) => p.time);
}

describe("the history of a real market across stops", () => {
  it("fills the day before a first start, then only the blocks since the last stored one after a stop", async () => {
    const first = await start(TEST_NOW);
    await historyDone(first);
    const day = await blockEnds(first, (B - 720) * BLOCK_SECONDS, B * BLOCK_SECONDS);
    expect(day).toHaveLength(720);
    await first.stop();
    const requestsBefore = fake.requests.filter((r) => r.includes("klines")).length;

    const second = await start(LATER);
    await historyDone(second);
    // The stop's blocks, from the last one stored before it to the one the second start began in.
    const gap = await blockEnds(second, B * BLOCK_SECONDS + 1, B2 * BLOCK_SECONDS);
    expect(gap).toEqual(Array.from({ length: B2 - B }, (_, i) => (B + 1 + i) * BLOCK_SECONDS));
    const klines = fake.requests.filter((r) => r.includes("klines")).slice(requestsBefore);
    // One page (the gap is 60 candles) from the gap's start: the day before was not fetched again.
    expect(klines).toHaveLength(1);
    expect(klines[0]).toContain(`startTime=${B * BLOCK_MS}`);
    await second.stop();
  }, 60_000);
});
