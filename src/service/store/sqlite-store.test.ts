// The SQLite store's chart reads, on rows made by hand: contiguous rows (times follow from the first
// block), rows with a gap (times read from the table), nulls for blocks without trades, and bounds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStore } from "./sqlite-store.ts";
import type { BlockRow } from "./store.ts";

const dir = mkdtempSync(join(tmpdir(), "store-test-"));
const store = SqliteStore.open(dir);
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = 1_763_800_200; // a block end (a multiple of 120)
const row = (series: number, i: number, medir: number | null): BlockRow => ({
  series,
  time: T0 + 120 * i,
  ma120: 100 + i,
  mair120: medir,
  medir120: medir,
  lastTradeOffset: medir === null ? null : 30,
  volumeUSD: 1,
  trades: medir === null ? 0 : 1,
});

const [contiguous, gapped] = (await store.ensureSeries([
  { symbol: "AAA", exchange: null },
  { symbol: "BBB", exchange: null },
])) as [number, number];
await store.write({
  blocks: [
    ...[0, 1, 2, 3, 4, 5].map((i) => row(contiguous, i, i === 2 ? null : 200 + i)),
    ...[0, 1, 4, 5].map((i) => row(gapped, i, 200 + i)),
  ],
});

const query = (
  series: number,
  filter: "MA120" | "MEDIR120",
  from: number,
  to: number,
  scale: "5m" | null = null,
) => store.chartPoints({ series, filter, from, to, scale, limit: 100 });

describe("chart reads", () => {
  it.each([
    ["contiguous", contiguous, [0, 1, 3, 4, 5]],
    ["with a gap", gapped, [0, 1, 4, 5]],
  ])(
    "place MEDIR120 points at the last trade and skip blocks without trades (%s)",
    async (_, series, blocks) => {
      const points = await query(series as number, "MEDIR120", 0, T0 + 1000);
      expect(points.times).toEqual((blocks as number[]).map((i) => T0 + 120 * i - 90));
      expect(points.values).toEqual((blocks as number[]).map((i) => 200 + i));
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
    expect(points.values).toEqual([...expected.values()].map((vs) => vs.reduce((a, b) => a + b) / vs.length));
  });

  it("answers nothing for a range without rows", async () => {
    expect(await query(contiguous, "MA120", T0 - 5000, T0 - 1000)).toEqual({ times: [], values: [] });
  });
});

describe("packed days", () => {
  it("answer exactly what the rows answer, across day boundaries, gaps and blocks without trades", async () => {
    const [series] = (await store.ensureSeries([{ symbol: "CCC", exchange: "Kraken" }])) as [number];
    const start = 1_763_856_000; // a UTC midnight
    const rows: BlockRow[] = [];
    for (let i = -50; i < 3 * 720; i++) {
      if (i >= 800 && i < 900) continue; // a gap
      const medir = i % 7 === 0 ? null : 1000 + Math.sin(i) * 10;
      rows.push({
        ...row(series, 0, medir),
        time: start + 120 * (i + 1),
        ma120: 1000 + i,
        lastTradeOffset: medir === null ? null : (((i * 37) % 120) + 120) % 120,
      });
    }
    await store.write({ blocks: rows });
    const ranges: [number, number][] = [
      [start - 10_000, start + 4 * 86_400],
      [start + 86_400 - 500, start + 86_400 + 500],
      [start + 1000, start + 1000],
      [start + 5 * 3600 + 17, start + 30 * 3600 - 3],
    ];
    const read = () =>
      Promise.all(
        ranges.flatMap(([from, to]) =>
          (["MA120", "MEDIR120"] as const).flatMap((filter) => [
            store.chartPoints({ series, filter, from, to, scale: null, limit: 100_000 }),
            store.chartPoints({ series, filter, from, to, scale: "1h", limit: 100_000 }),
          ]),
        ),
      );
    const fromRows = await read();
    expect(fromRows[0]?.times.length).toBeGreaterThan(1000);
    await store.packDays(Math.floor((start - 10_000) / 86_400), Math.floor(start / 86_400) + 1);
    expect(await store.packedUntil()).toBe(Math.floor(start / 86_400) + 2);
    expect(await read()).toEqual(fromRows);
  });
});
