// Chart points out of the PostgreSQL store, the same as the SQLite store answers (chart-reader.ts): packed
// days (day-columns.ts) where there are, the rows of the days after them, whole-bucket means for scaled
// points (bucket-means.ts).
import { bucketStart, SCALE_SECONDS } from "../../interface/vocabulary.ts";
import { bucketMeans } from "./bucket-means.ts";
import { appendDayPoints, dayOfBlockEnd } from "./day-columns.ts";
import type { PgSql } from "./pg-connection.ts";
import type { ChartQuery, PointColumns } from "./store.ts";

const COLUMN = { MA120: "ma120", MAIR120: "mair120", MEDIR120: "medir120" } as const;

/** One series' rows over a range, as columns in one result row (PostgreSQL renders them as JSON arrays). */
interface RowColumns {
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

  async points(query: ChartQuery): Promise<PointColumns> {
    // A scaled point is the mean of its whole bucket: the range selects buckets by their start.
    let from = query.from;
    let to = query.to;
    if (query.scale !== null) {
      const size = SCALE_SECONDS[query.scale];
      from = bucketStart(query.from - 1, query.scale) + size;
      to = bucketStart(query.to, query.scale) + size - 1;
    }
    if (from > to) return { times: [], values: [] };
    const read = await this.readRange(query.series, query.filter, from, to);
    if (query.scale !== null) return bucketMeans(read.times, read.values, query.scale, query.limit);
    return read.times.length > query.limit
      ? { times: read.times.slice(0, query.limit), values: read.values.slice(0, query.limit) }
      : read;
  }

  /**
   * Points with a point time in [from, to]: packed days where there are, rows for the days after them.
   * Blocks ending in [from, to + 120] can hold such points (a MAIR/MEDIR point lies up to 120 s before
   * its block end).
   */
  private async readRange(
    series: number,
    filter: ChartQuery["filter"],
    from: number,
    to: number,
  ): Promise<PointColumns> {
    const out: PointColumns = { times: [], values: [] };
    let rowsFrom = from;
    const packedUntil = this.packedUntil();
    const firstDay = dayOfBlockEnd(from);
    if (packedUntil !== null && firstDay < packedUntil) {
      const lastDay = Math.min(dayOfBlockEnd(to + 120), packedUntil - 1);
      const days = await this.sql<{ day: number; data: Uint8Array }[]>`
        SELECT day, data FROM day_columns
        WHERE series = ${series} AND day >= ${firstDay} AND day <= ${lastDay} ORDER BY day`;
      appendDayPoints(days, filter, from, to, out);
      rowsFrom = Math.max(from, packedUntil * 86_400 + 120);
    }
    if (rowsFrom > to + 120) return out;
    await this.appendRows(series, filter, rowsFrom, from, to, out);
    return out;
  }

  /**
   * A series has a row for every block from its first trade on, so its rows' times follow from the first
   * one: only values (and the last-trade offsets that place MAIR/MEDIR points) are read, as one row of
   * arrays. Rows with a gap are read again with their times.
   */
  private async appendRows(
    series: number,
    filter: ChartQuery["filter"],
    rowsFrom: number,
    from: number,
    to: number,
    out: PointColumns,
  ): Promise<void> {
    let rows = await this.readColumns(series, filter, rowsFrom, to + 120, false);
    if (rows.first === null || rows.last === null || rows.values === null) return;
    if ((rows.last - rows.first) / 120 + 1 !== rows.count) {
      rows = await this.readColumns(series, filter, rowsFrom, to + 120, true);
    }
    const { first, count, values, offsets, ends } = rows;
    if (first === null || values === null) return;
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

  private async readColumns(
    series: number,
    filter: ChartQuery["filter"],
    fromEnd: number,
    toEnd: number,
    withEnds: boolean,
  ): Promise<RowColumns> {
    const sql = this.sql;
    const offsets = filter === "MA120" ? sql`NULL::json` : sql`json_agg(last_trade_offset ORDER BY time)`;
    const ends = withEnds ? sql`json_agg(time ORDER BY time)` : sql`NULL::json`;
    const [row] = await sql<RowColumns[]>`
      SELECT min(time) AS first, max(time) AS last, count(*)::int AS count,
        json_agg(${sql(COLUMN[filter])} ORDER BY time) AS values, ${offsets} AS offsets, ${ends} AS ends
      FROM blocks WHERE series = ${series} AND time >= ${fromEnd} AND time <= ${toEnd}`;
    return row ?? { first: null, last: null, count: 0, values: null, offsets: null, ends: null };
  }
}
