// What a chart read is, whatever the engine: the point times a query covers (and a candle query's, the same
// whole buckets), which part of them lies in packed days and which in rows, how a series' rows become
// points, and how those become the response.
import type { ChartScale } from "../../interface/chart-window.ts";
import { bucketStart, type Filter, SCALE_SECONDS } from "../../interface/vocabulary.ts";
import { bucketMeans } from "./bucket-means.ts";
import { dayOfBlockEnd } from "./day-columns.ts";
import type { ChartQuery, PointColumns } from "./store.ts";

/** A range of times, inclusive, Unix seconds, on one chart scale: what chart points and candles are asked for. */
interface ScaledRange {
  from: number;
  to: number;
  scale: ChartScale;
}

/**
 * The times [from, to] of the whole buckets whose start lies in the range (as the public service's
 * filters_mean_<scale> tables selected them), or null for none; the range itself when raw.
 */
export function bucketTimeRange({ from, to, scale }: ScaledRange): { from: number; to: number } | null {
  if (scale !== "raw") {
    const size = SCALE_SECONDS[scale];
    const firstStart = bucketStart(from - 1, scale) + size;
    const lastEnd = bucketStart(to, scale) + size - 1;
    return firstStart > lastEnd ? null : { from: firstStart, to: lastEnd };
  }
  return from > to ? null : { from, to };
}

/** The point times [from, to] a query reads, or null for none: its buckets' times (bucketTimeRange). */
export const pointTimeRange = (query: ChartQuery) => bucketTimeRange(query);

/** The points read (ascending) as the query returns them: bucket means when scaled, else at most limit. */
export function queriedPoints(read: PointColumns, query: ChartQuery): PointColumns {
  if (query.scale !== "raw") return bucketMeans(read.times, read.values, query.scale, query.limit);
  return read.times.length > query.limit
    ? { times: read.times.slice(0, query.limit), values: read.values.slice(0, query.limit) }
    : read;
}

/**
 * Where the points of [from, to] lie: packed days firstDay..lastDay (none when `packed` is null), then the
 * rows of the blocks ending in [rowsFrom, rowsTo] (none when rowsFrom > rowsTo). A MAIR/MEDIR point lies up
 * to 120 s before its block end, so blocks ending up to to + 120 can hold points of the range.
 */
export function chartSpan(
  from: number,
  to: number,
  packedUntil: number | null,
): { packed: { firstDay: number; lastDay: number } | null; rowsFrom: number; rowsTo: number } {
  const firstDay = dayOfBlockEnd(from);
  if (packedUntil === null || firstDay >= packedUntil)
    return { packed: null, rowsFrom: from, rowsTo: to + 120 };
  return {
    packed: { firstDay, lastDay: Math.min(dayOfBlockEnd(to + 120), packedUntil - 1) },
    rowsFrom: Math.max(from, packedUntil * 86_400 + 120),
    rowsTo: to + 120,
  };
}

/** A series' rows as columns, oldest first; `ends` null when they are contiguous from `first` on. */
export interface RowColumns {
  first: number;
  count: number;
  values: readonly (number | null)[];
  /** Last-trade offsets, for MAIR120 and MEDIR120 (placed at the last trade); null for MA120. */
  offsets: readonly (number | null)[] | null;
  ends: readonly number[] | null;
}

/** Appends the rows' points whose point time lies in [from, to], skipping blocks without a value. */
export function appendRowPoints(rows: RowColumns, from: number, to: number, out: PointColumns): void {
  const { first, count, values, offsets, ends } = rows;
  for (let i = 0; i < count; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    const end = ends === null ? first + 120 * i : (ends[i] as number);
    const t = offsets === null ? end : end - 120 + (offsets[i] as number);
    if (t < from || t > to) continue;
    out.times.push(t);
    out.values.push(v);
  }
}

/** Whether a filter's points sit at the last trade (and so need the last-trade offsets). */
export const placedAtLastTrade = (filter: Filter): boolean => filter !== "MA120";

/** The blocks table's column of each filter. */
export const COLUMN = { MA120: "ma120", MAIR120: "mair120", MEDIR120: "medir120" } as const;
