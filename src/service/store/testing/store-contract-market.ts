// The Store contract on the market's series, blocks and trades: ids shared by every store on a database,
// writes that are atomic and idempotent by (series, block), and the reads of blocks and trades.
import { beforeAll, describe, expect, it } from "vitest";
import type { SeriesKey, Store, StoredTrade } from "../store.ts";
import { block, type StoreFixtures, T0 } from "./store-contract-fixtures.ts";

const trade = (series: number, timeMs: number, seq: number): StoredTrade => ({
  series,
  timeMs,
  seq,
  pair: "AAA-USDT",
  price: 10 + seq / 4,
  volume: 0.5 * seq,
  estimatedUSDPrice: 10.01 + seq / 4,
  foreignTradeID: `t-${timeMs}-${seq}`,
});

export function describeMarketContract(fixtures: StoreFixtures): void {
  describe("series", () => {
    it("are made once, with ids shared by two stores on one database, known to seriesId after ensureSeries", async () => {
      const database = await fixtures.database();
      const [one, two] = [await database.open(), await database.open()];
      const keys: SeriesKey[] = [
        { symbol: "BTC", exchange: "Binance" },
        { symbol: "BTC", exchange: null },
        { symbol: "ETH", exchange: "Binance" },
      ];
      expect(one.seriesId("BTC", null)).toBeNull();
      const ids = await one.ensureSeries(keys);
      expect(new Set(ids).size).toBe(3);
      expect(await one.ensureSeries([...keys].reverse())).toEqual([...ids].reverse());
      expect(one.seriesId("BTC", null)).toBe(ids[1]);
      expect(one.seriesId("BTC", "Kraken")).toBeNull();
      // The other store learns what the first made by refreshing, or by asking for it.
      expect(two.seriesId("ETH", "Binance")).toBeNull();
      await two.refreshSeries();
      expect(two.seriesId("ETH", "Binance")).toBe(ids[2]);
      expect(await two.ensureSeries([keys[1] as SeriesKey])).toEqual([ids[1]]);
    });

    it("made by two stores at once, in any order, get one id each", async () => {
      const database = await fixtures.database();
      const [one, two] = [await database.open(), await database.open()];
      const keys: SeriesKey[] = [];
      for (const symbol of ["AAA", "BBB", "CCC", "DDD"]) {
        for (const exchange of ["X", "Y", null]) keys.push({ symbol, exchange });
      }
      const [a, b] = await Promise.all([one.ensureSeries(keys), two.ensureSeries([...keys].reverse())]);
      expect(b).toEqual([...(a as number[])].reverse());
      expect(new Set(a).size).toBe(keys.length);
    });
  });

  describe("writes and block reads", () => {
    let store: Store;
    let series: number;
    let other: number;
    beforeAll(async () => {
      store = await fixtures.store();
      [series, other] = (await store.ensureSeries([
        { symbol: "AAA", exchange: "X" },
        { symbol: "AAA", exchange: null },
      ])) as [number, number];
    });

    it("store nothing from a write that fails, and everything from one that succeeds", async () => {
      expect(await store.lastBlockTime()).toBeNull();
      expect(await store.latestBlock(series)).toBeNull();
      const broken = { ...trade(series, T0 * 1000, 1), pair: null as unknown as string };
      const failing = store.write({
        blocks: [block(series, 0), block(other, 0)],
        trades: [trade(series, T0 * 1000 - 5000, 1), broken],
        meta: { written: "yes" },
        lastBlockTime: T0,
      });
      await expect(failing).rejects.toThrow();
      expect(await store.latestBlock(series)).toBeNull();
      expect(await store.lastTrades(series, 10)).toEqual([]);
      expect(await store.getMeta("written")).toBeNull();
      expect(await store.lastBlockTime()).toBeNull();
    });

    it("store the same blocks and trades once however often they are written, new values replacing old", async () => {
      const blocks = [0, 1, 2, 3, 4].map((i) => block(series, i));
      const trades = [trade(series, T0 * 1000 - 3000, 1), trade(series, T0 * 1000 - 3000, 2)];
      const write = { blocks, trades, meta: { written: "yes" }, lastBlockTime: T0 + 480 };
      await store.write(write);
      await store.write(write);
      expect(await store.volumeUSD(series, T0 - 120, T0 + 480)).toBe(1000 + 1001 + 1002 + 1003 + 1004);
      expect(await store.lastTrades(series, 10)).toHaveLength(2);
      expect(await store.getMeta("written")).toBe("yes");
      expect(await store.lastBlockTime()).toBe(T0 + 480);
      // A restarted ingest writes a block again, with what it computed this time (and twice in one write).
      const again = { ...block(series, 4), ma120: 1.5, volumeUSD: 7 };
      await store.write({ blocks: [block(series, 4), again], lastBlockTime: T0 + 480 });
      expect(await store.latestBlock(series)).toEqual(again);
      expect(await store.volumeUSD(series, T0 + 360, T0 + 480)).toBe(7);
    });

    it("answer the newest block, and the newest at or before a time within a tolerance", async () => {
      await store.write({ blocks: [block(other, 0), block(other, 1, null), block(other, 5)] });
      expect(await store.latestBlock(other)).toEqual(block(other, 5));
      expect(await store.blockAtOrBefore(other, T0 + 120, 0)).toEqual(block(other, 1, null));
      expect(await store.blockAtOrBefore(other, T0 + 500, 400)).toEqual(block(other, 1, null));
      expect(await store.blockAtOrBefore(other, T0 + 500, 379)).toBeNull();
      expect(await store.blockAtOrBefore(other, T0 - 1, 3600)).toBeNull();
      expect(await store.latestBlock(other + series + 1000)).toBeNull();
    });

    it("sum volume over blocks ending in (from, to]", async () => {
      expect(await store.volumeUSD(other, T0, T0 + 600)).toBe(0 + 1005);
      expect(await store.volumeUSD(other, T0 - 1, T0 + 599)).toBe(1000);
      expect(await store.volumeUSD(other, T0 + 600, T0 + 9000)).toBe(0);
    });

    it("answer a series' last trades newest first and forget those before a time", async () => {
      const s = (await store.ensureSeries([{ symbol: "TRD", exchange: "X" }]))[0] as number;
      await store.write({
        trades: [
          trade(s, 5000, 2),
          trade(s, 1000, 1),
          trade(s, 5000, 7),
          trade(s, 3000, 1),
          trade(series, 9000, 1),
        ],
      });
      const keys = async () => (await store.lastTrades(s, 3)).map((t) => [t.timeMs, t.seq]);
      expect(await keys()).toEqual([
        [5000, 7],
        [5000, 2],
        [3000, 1],
      ]);
      expect((await store.lastTrades(s, 1))[0]).toEqual(trade(s, 5000, 7));
      await store.deleteTradesBefore(3000);
      expect((await store.lastTrades(s, 10)).map((t) => t.timeMs)).toEqual([5000, 5000, 3000]);
    });

    it("forget the rows of packed days, and still chart those days from the packed ones", async () => {
      const [s, kept] = (await store.ensureSeries([
        { symbol: "OLD", exchange: "X" },
        { symbol: "OLD", exchange: "Y" },
      ])) as [number, number];
      const day = Math.floor(T0 / 86_400);
      // Two days of blocks from the start of T0's day, in both series.
      const start = (day * 86_400 - T0) / 120 + 1;
      const rows = Array.from({ length: 1440 }, (_, i) => start + i);
      await store.write({ blocks: [...rows.map((i) => block(s, i)), ...rows.map((i) => block(kept, i))] });
      const query = {
        series: s,
        filter: "MEDIR120" as const,
        from: day * 86_400,
        to: (day + 2) * 86_400,
        scale: "raw" as const,
        limit: 10_000,
      };
      const before = await store.chartPoints(query);
      expect(before.times).toHaveLength(1440);
      await store.packDays(day, day);
      await store.deleteRowsThrough((day + 1) * 86_400);
      expect(await store.chartPoints(query)).toEqual(before);
      // The rows of the packed day are gone in every series; the next day's are kept.
      expect(await store.blockAtOrBefore(kept, (day + 1) * 86_400, 600)).toBeNull();
      expect((await store.blockAtOrBefore(kept, (day + 1) * 86_400 + 120, 0))?.ma120).toBe(100 + start + 720);
      expect(await store.volumeUSD(kept, day * 86_400, (day + 1) * 86_400)).toBe(0);
      expect((await store.latestBlock(kept))?.time).toBe((day + 2) * 86_400);
    });

    it("keep a bulk load's writes once it ends", async () => {
      const s = (await store.ensureSeries([{ symbol: "BLK", exchange: "X" }]))[0] as number;
      await store.beginBulkLoad();
      await store.write({ blocks: [block(s, 0), block(s, 1)] });
      await store.endBulkLoad();
      await store.insertSupply({
        symbol: "BLK",
        circulatingSupply: 1,
        source: "t",
        timeMs: 1,
        block: 0,
        keyFingerprint: null,
      });
      expect(await store.latestBlock(s)).toEqual(block(s, 1));
      expect((await store.latestSupply("BLK"))?.circulatingSupply).toBe(1);
    });
  });

  describe("first and last block", () => {
    it("are null in an empty store, then the recorded first block end, or the oldest block", async () => {
      const database = await fixtures.database();
      const store = await database.open();
      expect(await store.firstBlockTime()).toBeNull();
      expect(await store.lastBlockTime()).toBeNull();
      const [s] = (await store.ensureSeries([{ symbol: "FST", exchange: null }])) as [number];
      await store.write({ blocks: [block(s, 3), block(s, 4)], lastBlockTime: T0 + 480 });
      expect(await store.firstBlockTime()).toBe(T0 + 360);
      expect(await store.lastBlockTime()).toBe(T0 + 480);
      const recorded = await database.open();
      await recorded.setMeta("first_block_end", String(T0 - 120));
      expect(await recorded.firstBlockTime()).toBe(T0 - 120);
    });
  });
}
