// The Store contract on chart points, on rows made by hand: contiguous rows (times follow from the first
// block), rows with a gap, blocks without trades, bounds, scales and the limit; and packed days answering
// exactly what the rows answered.
import { beforeAll, describe, expect, it } from "vitest";
import type { ChartScale } from "../../../interface/chart-window.ts";
import type { Filter } from "../../../interface/vocabulary.ts";
import { DayColumns, dayOfBlockEnd } from "../day-columns.ts";
import type { BlockRow, Store } from "../store.ts";
import { block, type StoreFixtures, T0 } from "./store-contract-fixtures.ts";

/** A UTC midnight. */
const MIDNIGHT = 1_763_856_000;

/** Three days of a series around MIDNIGHT, with a gap and blocks without trades. */
function threeDays(series: number): BlockRow[] {
  const rows: BlockRow[] = [];
  for (let i = -50; i < 3 * 720; i++) {
    if (i >= 800 && i < 900) continue;
    const medir = i % 7 === 0 ? null : 1000 + Math.sin(i) * 10;
    rows.push({
      ...block(series, 0, medir),
      time: MIDNIGHT + 120 * (i + 1),
      ma120: 1000 + i,
      lastTradeOffset: medir === null ? null : (((i * 37) % 120) + 120) % 120,
    });
  }
  return rows;
}

export function describeChartContract(fixtures: StoreFixtures): void {
  describe("chart reads", () => {
    let store: Store;
    let contiguous: number;
    let gapped: number;
    beforeAll(async () => {
      store = await fixtures.store();
      [contiguous, gapped] = (await store.ensureSeries([
        { symbol: "AAA", exchange: null },
        { symbol: "BBB", exchange: null },
      ])) as [number, number];
      await store.write({
        blocks: [
          ...[0, 1, 2, 3, 4, 5].map((i) => block(contiguous, i, i === 2 ? null : 200 + i)),
          ...[0, 1, 4, 5].map((i) => block(gapped, i)),
        ],
      });
    });
    const query = (
      series: number,
      filter: Filter,
      from: number,
      to: number,
      scale: ChartScale = "raw",
      limit = 100,
    ) => store.chartPoints({ series, filter, from, to, scale, limit });

    it.each([
      ["contiguous", () => contiguous, [0, 1, 3, 4, 5]],
      ["with a gap", () => gapped, [0, 1, 4, 5]],
    ] as const)(
      "place MEDIR120 points at the last trade and skip blocks without trades (%s)",
      async (_, series, blocks) => {
        const points = await query(series(), "MEDIR120", 0, T0 + 1000);
        expect(points.times).toEqual(blocks.map((i) => T0 + 120 * i - 90));
        expect(points.values).toEqual(blocks.map((i) => 200 + i));
        expect((await query(series(), "MAIR120", 0, T0 + 1000)).values).toEqual(blocks.map((i) => 200.5 + i));
      },
    );

    it("places MA120 points at block ends and honours the bounds on the point time", async () => {
      expect((await query(contiguous, "MA120", T0 + 120, T0 + 360)).times).toEqual([
        T0 + 120,
        T0 + 240,
        T0 + 360,
      ]);
      expect((await query(gapped, "MA120", T0 + 120, T0 + 600)).values).toEqual([101, 104, 105]);
      expect((await query(contiguous, "MEDIR120", T0 + 30, T0 + 149)).times).toEqual([T0 + 30]);
      expect((await query(contiguous, "MEDIR120", T0 + 31, T0 + 269)).times).toEqual([]);
    });

    it("averages whole buckets selected by their start", async () => {
      // Bucket starts are multiples of 300; T0 + 120·i − 90 for i = 0..5 falls in three of them.
      const points = await query(contiguous, "MEDIR120", 0, T0 + 1000, "5m");
      const expected = new Map<number, number[]>();
      for (const i of [0, 1, 3, 4, 5]) {
        const t = T0 + 120 * i - 90;
        const b = t - (t % 300);
        expected.set(b, [...(expected.get(b) ?? []), 200 + i]);
      }
      expect(points.times).toEqual([...expected.keys()]);
      expect(points.values).toEqual(
        [...expected.values()].map((vs) => vs.reduce((a, b) => a + b) / vs.length),
      );
    });

    it("stops at the limit, raw or scaled", async () => {
      expect((await query(contiguous, "MA120", 0, T0 + 1000, "raw", 2)).values).toEqual([100, 101]);
      expect((await query(gapped, "MEDIR120", 0, T0 + 1000, "raw", 3)).values).toEqual([200, 201, 204]);
      expect((await query(contiguous, "MA120", 0, T0 + 1000, "5m", 1)).times).toHaveLength(1);
    });

    it("answers nothing for a range without rows, or an unknown series", async () => {
      expect(await query(contiguous, "MA120", T0 - 5000, T0 - 1000)).toEqual({ times: [], values: [] });
      expect(await query(contiguous + gapped + 1000, "MA120", 0, T0 + 1000)).toEqual({
        times: [],
        values: [],
      });
    });
  });

  describe("packed days", () => {
    it("answer exactly what the rows answer, across day boundaries, gaps and blocks without trades", async () => {
      const database = await fixtures.database();
      const store = await database.open();
      const reader = await database.open();
      const [series] = (await store.ensureSeries([{ symbol: "CCC", exchange: "Kraken" }])) as [number];
      await store.write({ blocks: threeDays(series) });
      const ranges: [number, number][] = [
        [MIDNIGHT - 10_000, MIDNIGHT + 4 * 86_400],
        [MIDNIGHT + 86_400 - 500, MIDNIGHT + 86_400 + 500],
        [MIDNIGHT + 1000, MIDNIGHT + 1000],
        [MIDNIGHT + 5 * 3600 + 17, MIDNIGHT + 30 * 3600 - 3],
      ];
      const read = (from: Store) =>
        Promise.all(
          ranges.flatMap(([from_, to]) =>
            (["MA120", "MEDIR120"] as const).flatMap((filter) =>
              (["raw", "1h"] as const).map((scale) =>
                from.chartPoints({ series, filter, from: from_, to, scale, limit: 100_000 }),
              ),
            ),
          ),
        );
      const fromRows = await read(store);
      expect(fromRows[0]?.times.length).toBeGreaterThan(1000);
      expect(await store.packedUntil()).toBeNull();
      const firstDay = Math.floor((MIDNIGHT - 10_000) / 86_400);
      await store.packDays(firstDay, firstDay + 2);
      expect(await store.packedUntil()).toBe(firstDay + 3);
      expect(await read(store)).toEqual(fromRows);
      // Another store on the database (a replica) reads the packed days once it has refreshed.
      await reader.refreshSeries();
      expect(await reader.packedUntil()).toBe(firstDay + 3);
      expect(await read(reader)).toEqual(fromRows);
    });

    it("answer the candles and the blocks the rows answered, once the rows are gone", async () => {
      const store = await fixtures.store();
      const [series] = (await store.ensureSeries([{ symbol: "EEE", exchange: "Kraken" }])) as [number];
      await store.write({ blocks: threeDays(series) });
      const read = () =>
        Promise.all([
          ...(["raw", "5m", "1h", "1d"] as const).map((scale) =>
            store.candles({
              series,
              from: MIDNIGHT - 10_000,
              to: MIDNIGHT + 4 * 86_400,
              scale,
              limit: 100_000,
            }),
          ),
          store.candles({ series, from: MIDNIGHT + 1000, to: MIDNIGHT + 5000, scale: "raw", limit: 100_000 }),
        ]);
      const ends = [MIDNIGHT + 240, MIDNIGHT + 86_400, MIDNIGHT + 86_400 + 120 * 7, MIDNIGHT + 900 * 120];
      const blocks = async () =>
        (await Promise.all(ends.map((end) => store.blockAt(series, end)))).map((b) =>
          b === null ? null : { ...b, volumeUSD: 0 },
        );
      const fromRows = await read();
      const blocksFromRows = await blocks();
      expect(fromRows[0]?.times.length).toBeGreaterThan(1500);
      expect(fromRows[0]?.trades.every((n) => n > 0)).toBe(true);
      expect(blocksFromRows[0]).toMatchObject({ series, time: MIDNIGHT + 240, open: expect.any(Number) });
      // The block in the gap has no row, and none once packed.
      expect(blocksFromRows[3]).toBeNull();
      const firstDay = Math.floor((MIDNIGHT - 10_000) / 86_400);
      await store.packDays(firstDay, firstDay + 2);
      await store.deleteRowsThrough((firstDay + 3) * 86_400);
      expect(await read()).toEqual(fromRows);
      expect(await blocks()).toEqual(blocksFromRows);
    });

    it("written packed (as a seed's workers pack them) answer what their rows would have", async () => {
      const [rowsOnly, packedWritten] = [await fixtures.store(), await fixtures.store()];
      const day = Math.floor(MIDNIGHT / 86_400);
      const ids = await Promise.all(
        [rowsOnly, packedWritten].map(async (store) => {
          const [series] = (await store.ensureSeries([{ symbol: "DDD", exchange: null }])) as [number];
          return series;
        }),
      );
      const [rowsSeries, packedSeries] = ids as [number, number];
      const twoDays = threeDays(rowsSeries).filter(
        (r) => r.time > MIDNIGHT && r.time <= MIDNIGHT + 2 * 86_400,
      );
      await rowsOnly.write({ blocks: twoDays });
      const packed = new DayColumns(packedSeries, day);
      for (const row of twoDays)
        if (dayOfBlockEnd(row.time) === day) packed.add({ ...row, series: packedSeries });
      await packedWritten.write({
        blocks: twoDays
          .filter((r) => dayOfBlockEnd(r.time) > day)
          .map((r) => ({ ...r, series: packedSeries })),
        days: [{ series: packedSeries, day, data: packed.data }],
      });
      await packedWritten.setPackedUntil(day + 1);
      for (const filter of ["MA120", "MAIR120"] as const) {
        const query = {
          filter,
          from: MIDNIGHT + 3600,
          to: MIDNIGHT + 86_400 + 3600,
          scale: "raw" as const,
          limit: 5000,
        };
        const expected = await rowsOnly.chartPoints({ ...query, series: rowsSeries });
        expect(expected.times.length).toBeGreaterThan(600);
        expect(await packedWritten.chartPoints({ ...query, series: packedSeries })).toEqual(expected);
      }
    });
  });
}
