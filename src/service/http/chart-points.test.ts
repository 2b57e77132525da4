// Chart points through real HTTP: windows, scaled buckets as means of the block values, ordering, and the
// market moving on as blocks pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DataPoint, decodeDataPoints } from "../../interface/data-points.ts";
import { bucketStart, SCALE_SECONDS, type Scale } from "../../interface/vocabulary.ts";
import { startTestService, TEST_NOW, type TestService } from "../testing/test-service.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.stop();
});

const NOW_S = Math.floor(TEST_NOW / 1000);

async function points(path: string): Promise<DataPoint[]> {
  const response = await service.get(path);
  expect(response.status, await response.clone().text()).toBe(200);
  return decodeDataPoints((await response.json()).dataPoints);
}

describe("raw block values", () => {
  it("cover the last day by default, oldest first, one per block at most", async () => {
    const raw = await points("/v1/chartPoints/MEDIR120/Binance/BTC");
    expect(raw.length).toBeGreaterThan(600);
    expect(raw.length).toBeLessThanOrEqual(720);
    expect(raw[0]?.time).toBeGreaterThanOrEqual(NOW_S - 86_400);
    const times = raw.map((p) => p.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times.map((t) => Math.floor(t / 120))).size).toBe(times.length);
    expect(raw.every((p) => p.exchange === "Binance" && p.filter === "MEDIR120" && p.symbol === "BTC")).toBe(
      true,
    );
  });

  it("stamp MA120 at block ends and MAIR120 at the last trade inside the block", async () => {
    const ma = await points("/v1/chartPointsAllExchanges/MA120/BTC");
    expect(ma.every((p) => p.time % 120 === 0)).toBe(true);
    const mair = await points("/v1/chartPointsAllExchanges/MAIR120/BTC");
    expect(mair.some((p) => p.time % 120 !== 0)).toBe(true);
  });

  it("honour starttime and endtime", async () => {
    const from = NOW_S - 3600;
    const to = NOW_S - 1800;
    const range = await points(`/v1/chartPoints/MAIR120/Coinbase/ETH?starttime=${from}&endtime=${to}`);
    expect(range.length).toBeGreaterThan(10);
    expect(range.every((p) => p.time >= from && p.time <= to)).toBe(true);
  });
});

describe("scaled points", () => {
  it.each(["5m", "30m", "1h", "4h", "1d"] as Scale[])(
    "at %s are the means of the block values of each whole UTC bucket that starts in the range",
    async (scale) => {
      const start = NOW_S - 2 * 86_400 + 7;
      const raw = await points(
        `/v1/chartPoints/MEDIR120/Kraken/BTC?starttime=${start - 86_400}&endtime=${NOW_S}`,
      );
      const path = (end: number) =>
        `/v1/chartPoints/MEDIR120/Kraken/BTC?starttime=${start}&endtime=${end}&scale=${scale}`;
      const buckets = new Map<number, number[]>();
      for (const p of raw) {
        const b = bucketStart(p.time, scale);
        if (b >= start) buckets.set(b, [...(buckets.get(b) ?? []), p.value]);
      }
      // Twice: the first answer is read from the store, the second from the complete buckets kept in memory.
      for (const scaled of [await points(path(NOW_S)), await points(path(NOW_S + 1))]) {
        expect(scaled.map((p) => p.time)).toEqual([...buckets.keys()]);
        for (const p of scaled) {
          expect(p.time % SCALE_SECONDS[scale]).toBe(0);
          const values = buckets.get(p.time) ?? [];
          expect(p.value).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 6);
        }
      }
    },
  );

  it("widens the kept buckets when a later request reaches further back", async () => {
    const path = (hours: number) =>
      `/v1/chartPointsAllExchanges/MEDIR120/ADA?scale=1h&starttime=${NOW_S - hours * 3600}`;
    const narrow = await points(path(3));
    const wide = await points(path(24));
    const raw = await points(`/v1/chartPointsAllExchanges/MEDIR120/ADA?starttime=${NOW_S - 25 * 3600}`);
    const expected = [...new Set(raw.map((r) => bucketStart(r.time, "1h")))].filter(
      (b) => b >= NOW_S - 24 * 3600,
    );
    expect(wide.map((p) => p.time)).toEqual(expected);
    expect(wide.slice(-narrow.length)).toEqual(narrow);
    for (const p of wide) {
      const values = raw.filter((r) => bucketStart(r.time, "1h") === p.time).map((r) => r.value);
      expect(p.value).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 6);
    }
  });

  it("answers a narrower window from the kept buckets and still follows the live edge", async () => {
    const wide = await points(`/v1/chartPointsAllExchanges/MA120/ETH?scale=1h&starttime=${NOW_S - 86_400}`);
    const narrow = await points(
      `/v1/chartPointsAllExchanges/MA120/ETH?scale=1h&starttime=${NOW_S - 6 * 3600}`,
    );
    expect(narrow).toEqual(wide.filter((p) => p.time >= NOW_S - 6 * 3600));
  });

  it("start weeks on Monday", async () => {
    const weekly = await points("/v1/chartPointsAllExchanges/MEDIR120/BTC?scale=1w");
    expect(weekly.length).toBeGreaterThanOrEqual(1);
    for (const p of weekly) expect(new Date(p.time * 1000).getUTCDay()).toBe(1);
  });
});

describe("the market moves on", () => {
  it("adds a block every 120 seconds of market time: quotation and chart follow", async () => {
    const before = await (await service.get("/v1/quotation/BTC")).json();
    const chartBefore = await points("/v1/chartPointsAllExchanges/MA120/BTC");
    service.marketClock.advance(240_000);
    expect(await service.advanceMarket()).toBe(2);
    const after = await (await service.get("/v1/quotation/BTC")).json();
    expect(Date.parse(after.time) - Date.parse(before.time)).toBeGreaterThanOrEqual(239_000);
    expect(after.price).not.toBe(before.price);
    const chartAfter = await points(`/v1/chartPointsAllExchanges/MA120/BTC?endtime=${NOW_S + 240}`);
    expect(chartAfter.at(-1)?.time).toBe((chartBefore.at(-1)?.time ?? 0) + 240);
    expect(chartAfter.at(-1)?.value).toBe(after.price);
  });
});

describe("kept buckets as the market moves on", () => {
  it("extend with the buckets that complete, each the mean of its blocks", async () => {
    const start = NOW_S - 6 * 3600;
    const before = await points(`/v1/chartPointsAllExchanges/MA120/SOL?scale=1h&starttime=${start}`);
    service.marketClock.advance(3 * 3_600_000);
    await service.advanceMarket();
    const end = Math.floor(service.marketClock.now() / 1000);
    const after = await points(`/v1/chartPointsAllExchanges/MA120/SOL?scale=1h&starttime=${start}`);
    expect(after.length).toBe(before.length + 3);
    const raw = await points(`/v1/chartPointsAllExchanges/MA120/SOL?starttime=${start}&endtime=${end}`);
    for (const p of after) {
      const values = raw.filter((r) => bucketStart(r.time, "1h") === p.time).map((r) => r.value);
      expect(p.value).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 6);
    }
  });
});
