// Where a chart read's points lie, and how its rows become points: the parts both engines' readers share.
import { describe, expect, it } from "vitest";
import { appendRowPoints, bucketTimeRange, chartSpan, pointTimeRange } from "./chart-range.ts";
import type { CandleQuery, PointColumns } from "./store.ts";

const DAY = 86_400;

describe("chartSpan", () => {
  it("reads packed days up to the mark and rows from the first block of the first day not packed", () => {
    expect(chartSpan(10 * DAY, 20 * DAY, 15)).toEqual({
      packed: { firstDay: 9, lastDay: 14 },
      rowsFrom: 15 * DAY + 120,
      rowsTo: 20 * DAY + 120,
    });
  });

  it("reads only rows when nothing, or nothing of the range, is packed", () => {
    expect(chartSpan(10 * DAY, 11 * DAY, null)).toEqual({
      packed: null,
      rowsFrom: 10 * DAY,
      rowsTo: 11 * DAY + 120,
    });
    expect(chartSpan(10 * DAY + 120, 11 * DAY, 10)).toEqual({
      packed: null,
      rowsFrom: 10 * DAY + 120,
      rowsTo: 11 * DAY + 120,
    });
  });

  it("reads no rows for a range that ends in the packed days", () => {
    const span = chartSpan(3 * DAY, 5 * DAY, 8);
    expect(span.packed).toEqual({ firstDay: 2, lastDay: 5 });
    expect(span.rowsFrom).toBeGreaterThan(span.rowsTo);
  });
});

describe("bucketTimeRange", () => {
  it("covers whole buckets whose start lies in the range, a candle query's as a chart query's", () => {
    expect(bucketTimeRange({ from: 301, to: 1200, scale: "5m" })).toEqual({ from: 600, to: 1499 });
    const candles: CandleQuery = { series: 1, from: 300, to: 300, scale: "5m", limit: 10 };
    expect(bucketTimeRange(candles)).toEqual({ from: 300, to: 599 });
    expect(bucketTimeRange({ from: 301, to: 599, scale: "5m" })).toBeNull();
  });

  it("is the range itself when raw, or null when it is empty", () => {
    expect(bucketTimeRange({ from: 301, to: 1200, scale: "raw" })).toEqual({ from: 301, to: 1200 });
    expect(bucketTimeRange({ from: 301, to: 300, scale: "raw" })).toBeNull();
  });
});

describe("pointTimeRange", () => {
  it("covers whole buckets whose start lies in the query's range", () => {
    const range = pointTimeRange({ series: 1, filter: "MA120", from: 301, to: 1200, scale: "5m", limit: 10 });
    expect(range).toEqual({ from: 600, to: 1499 });
    expect(
      pointTimeRange({ series: 1, filter: "MA120", from: 301, to: 599, scale: "5m", limit: 10 }),
    ).toBeNull();
  });
});

describe("appendRowPoints", () => {
  it("places points at block ends or at the last trade, skipping blocks without a value and outside the range", () => {
    const out: PointColumns = { times: [], values: [] };
    const rows = { first: 1200, count: 4, values: [1, null, 3, 4], offsets: [0, null, 119, 60], ends: null };
    appendRowPoints(rows, 1080, 1499, out);
    expect(out).toEqual({ times: [1080, 1439], values: [1, 3] });
    const gapped: PointColumns = { times: [], values: [] };
    appendRowPoints({ ...rows, offsets: null, ends: [1200, 1320, 2400, 2520] }, 0, 2400, gapped);
    expect(gapped).toEqual({ times: [1200, 2400], values: [1, 3] });
  });
});
