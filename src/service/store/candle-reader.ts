// Chart points, candles and single blocks out of either engine: packed days where there are
// (day-columns.ts), the rows of the days after them, then scaled buckets. The engines only say how to read
// their days and rows (BlockSource).
import { type CandleColumns, emptyCandles } from "../../interface/candles.ts";
import type { Filter } from "../../interface/vocabulary.ts";
import { combineCandles, sumOfAmounts } from "./candle-buckets.ts";
import {
  appendRowPoints,
  bucketTimeRange,
  chartSpan,
  pointTimeRange,
  queriedPoints,
  type RowColumns,
} from "./chart-range.ts";
import { appendDayCandles, appendDayPoints, dayOfBlockEnd, decodeDayBlocks } from "./day-columns.ts";
import type { BlockRow, CandleQuery, ChartQuery, PointColumns } from "./store.ts";

/** What an engine reads for a candle query. */
export interface BlockSource {
  /** The first UTC day not packed yet, or null when none is. */
  packedUntil(): number | null;
  /** Packed days of a series, firstDay..lastDay, ascending. */
  days(series: number, firstDay: number, lastDay: number): Promise<{ day: number; data: Uint8Array }[]>;
  /** Rows of a series whose block ends in [fromEnd, toEnd], ascending. */
  rows(series: number, fromEnd: number, toEnd: number): Promise<BlockRow[]>;
  /**
   * The same rows as columns of one filter's values (and the last-trade offsets where its points sit at the
   * last trade), their ends only `withEnds`; null when there is none.
   */
  columns(
    series: number,
    filter: Filter,
    fromEnd: number,
    toEnd: number,
    withEnds: boolean,
  ): Promise<(RowColumns & { last: number }) | null>;
}

/**
 * A series' chart points. It has a row for every block from its first trade on, so its rows' times follow
 * from the first one: only values (and offsets) are read, and rows with a gap again with their ends.
 */
export async function readPoints(source: BlockSource, query: ChartQuery): Promise<PointColumns> {
  const range = pointTimeRange(query);
  if (range === null) return { times: [], values: [] };
  const { from, to } = range;
  const span = chartSpan(from, to, source.packedUntil());
  const out: PointColumns = { times: [], values: [] };
  if (span.packed) {
    const days = await source.days(query.series, span.packed.firstDay, span.packed.lastDay);
    appendDayPoints(days, query.filter, from, to, out);
  }
  if (span.rowsFrom <= span.rowsTo) {
    const read = (withEnds: boolean) =>
      source.columns(query.series, query.filter, span.rowsFrom, span.rowsTo, withEnds);
    let rows = await read(false);
    if (rows && (rows.last - rows.first) / 120 + 1 !== rows.count) rows = await read(true);
    if (rows) appendRowPoints(rows, from, to, out);
  }
  return queriedPoints(out, query);
}

/** Appends the candles of rows with trades whose block starts in [from, to]. */
export function appendRowCandles(
  rows: readonly BlockRow[],
  from: number,
  to: number,
  out: CandleColumns,
): void {
  for (const row of rows) {
    const start = row.time - 120;
    if (row.trades === 0 || row.open === null || start < from || start > to) continue;
    out.times.push(start);
    out.open.push(row.open);
    out.high.push(row.high as number);
    out.low.push(row.low as number);
    out.close.push(row.close as number);
    out.buyVolume.push(row.buyVolume);
    out.sellVolume.push(row.sellVolume);
    out.volume.push(sumOfAmounts([row.buyVolume, row.sellVolume], 0, 2));
    out.trades.push(row.trades);
  }
}

/**
 * A series' candles: one per block with trades (raw), or its blocks combined per bucket; a range selects
 * candles by their start (a scaled bucket wholly, as chart points do).
 */
export async function readCandles(source: BlockSource, query: CandleQuery): Promise<CandleColumns> {
  // Candles stand at their block's start: a scaled candle is its whole bucket, as a chart point is.
  const range = bucketTimeRange(query);
  if (range === null) return emptyCandles();
  const { from, to } = range;
  const blocks = emptyCandles();
  const packedUntil = source.packedUntil();
  const firstDay = Math.floor(from / 86_400);
  const lastDay = Math.floor(to / 86_400);
  let rowsFromEnd = from + 120;
  if (packedUntil !== null && firstDay < packedUntil) {
    const days = await source.days(query.series, firstDay, Math.min(lastDay, packedUntil - 1));
    appendDayCandles(days, from, to, blocks);
    rowsFromEnd = Math.max(rowsFromEnd, packedUntil * 86_400 + 120);
  }
  if (rowsFromEnd <= to + 120)
    appendRowCandles(await source.rows(query.series, rowsFromEnd, to + 120), from, to, blocks);
  if (query.scale !== "raw") return combineCandles(blocks, query.scale, query.limit);
  return blocks.times.length > query.limit ? sliceCandles(blocks, query.limit) : blocks;
}

function sliceCandles(candles: CandleColumns, limit: number): CandleColumns {
  const out = emptyCandles();
  for (const key of Object.keys(out) as (keyof CandleColumns)[]) out[key] = candles[key].slice(0, limit);
  return out;
}

/** The block of a series ending at `end`: its row, or its packed day's; null when there is none. */
export async function readBlockAt(
  source: BlockSource,
  series: number,
  end: number,
): Promise<BlockRow | null> {
  const [row] = await source.rows(series, end, end);
  if (row) return row;
  const day = dayOfBlockEnd(end);
  const packedUntil = source.packedUntil();
  if (packedUntil === null || day >= packedUntil) return null;
  const [packed] = await source.days(series, day, day);
  if (!packed) return null;
  return decodeDayBlocks(packed.data, series, day).find((block) => block.time === end) ?? null;
}
