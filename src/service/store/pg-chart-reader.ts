// Chart points out of the PostgreSQL store, the same as the SQLite store returns: packed days
// (day-columns.ts) where there are, the rows of the days after them (chart-range.ts says which).

import type { CandleColumns } from "../../interface/candles.ts";
import { type BlockSource, readBlockAt, readCandles } from "./candle-reader.ts";
import {
  appendRowPoints,
  chartSpan,
  placedAtLastTrade,
  pointTimeRange,
  queriedPoints,
} from "./chart-range.ts";
import { appendDayPoints } from "./day-columns.ts";
import type { PgSql } from "./pg-connection.ts";
import { type BlockDbRow, toBlockRow } from "./sqlite-schema.ts";
import type { BlockRow, CandleQuery, ChartQuery, PointColumns } from "./store.ts";

const COLUMN = { MA120: "ma120", MAIR120: "mair120", MEDIR120: "medir120" } as const;

/** One series' rows over a range, as arrays in one result row. */
interface ReadColumns {
  first: number | null;
  last: number | null;
  count: number;
  values: (number | null)[] | null;
  offsets: (number | null)[] | null;
  /** Block ends, read only for rows with a gap. */
  ends: number[] | null;
}

export class PgChartReader {
  constructor(
    private readonly sql: PgSql,
    /** The first UTC day not packed yet, or null when none is. */
    private readonly packedUntil: () => number | null,
  ) {}

  /** What candle-reader.ts reads, from this engine. */
  private readonly blocks: BlockSource = {
    packedUntil: () => this.packedUntil(),
    days: (series, firstDay, lastDay) => this.sql<{ day: number; data: Uint8Array }[]>`
      SELECT day, data FROM day_columns
      WHERE series = ${series} AND day >= ${firstDay} AND day <= ${lastDay} ORDER BY day`,
    rows: async (series, fromEnd, toEnd) =>
      (
        await this.sql<BlockDbRow[]>`
          SELECT * FROM blocks WHERE series = ${series} AND time >= ${fromEnd} AND time <= ${toEnd}
          ORDER BY time`
      ).map(toBlockRow),
  };

  candles(query: CandleQuery): Promise<CandleColumns> {
    return readCandles(this.blocks, query);
  }

  blockAt(series: number, time: number): Promise<BlockRow | null> {
    return readBlockAt(this.blocks, series, time);
  }

  async points(query: ChartQuery): Promise<PointColumns> {
    const range = pointTimeRange(query);
    if (range === null) return { times: [], values: [] };
    const { from, to } = range;
    const span = chartSpan(from, to, this.packedUntil());
    const out: PointColumns = { times: [], values: [] };
    if (span.packed) {
      const days = await this.sql<{ day: number; data: Uint8Array }[]>`
        SELECT day, data FROM day_columns
        WHERE series = ${query.series} AND day >= ${span.packed.firstDay} AND day <= ${span.packed.lastDay}
        ORDER BY day`;
      appendDayPoints(days, query.filter, from, to, out);
    }
    if (span.rowsFrom <= span.rowsTo) await this.appendRows(query, span.rowsFrom, span.rowsTo, from, to, out);
    return queriedPoints(out, query);
  }

  /**
   * A series has a row for every block from its first trade on, so its rows' times follow from the first
   * one: only values (and the offsets that place MAIR/MEDIR points) are read, as one row of JSON arrays
   * (bench/pg-store.bench.ts: faster to bring into JavaScript than PostgreSQL arrays or a row per block).
   * Rows with a gap are read again with their times.
   */
  private async appendRows(
    query: ChartQuery,
    fromEnd: number,
    toEnd: number,
    from: number,
    to: number,
    out: PointColumns,
  ): Promise<void> {
    let rows = await this.readColumns(query, fromEnd, toEnd, false);
    if (rows.first === null || rows.last === null) return;
    if ((rows.last - rows.first) / 120 + 1 !== rows.count)
      rows = await this.readColumns(query, fromEnd, toEnd, true);
    if (rows.first === null || rows.values === null) return;
    appendRowPoints({ ...rows, first: rows.first, values: rows.values }, from, to, out);
  }

  private async readColumns(
    query: ChartQuery,
    fromEnd: number,
    toEnd: number,
    withEnds: boolean,
  ): Promise<ReadColumns> {
    const sql = this.sql;
    const offsets = placedAtLastTrade(query.filter)
      ? sql`json_agg(last_trade_offset ORDER BY time)`
      : sql`NULL::json`;
    const ends = withEnds ? sql`json_agg(time ORDER BY time)` : sql`NULL::json`;
    const [row] = await sql<ReadColumns[]>`
      SELECT min(time) AS first, max(time) AS last, count(*)::int AS count,
        json_agg(${sql(COLUMN[query.filter])} ORDER BY time) AS values, ${offsets} AS offsets, ${ends} AS ends
      FROM blocks WHERE series = ${query.series} AND time >= ${fromEnd} AND time <= ${toEnd}`;
    return row ?? { first: null, last: null, count: 0, values: null, offsets: null, ends: null };
  }
}
