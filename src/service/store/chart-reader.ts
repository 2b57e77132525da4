// Chart points out of the SQLite store: packed days (day-columns.ts) where there are, the rows of the
// days after them, and whole-bucket means for scaled points.
import type Database from "better-sqlite3";
import { appendRowPoints, chartSpan, pointTimeRange, queriedPoints } from "./chart-range.ts";
import { appendDayPoints } from "./day-columns.ts";
import type { ChartQuery, PointColumns } from "./store.ts";

/** The SQL expression of a filter's point time: MA120 at the block end, the others at the last trade. */
const POINT_TIME = {
  MA120: "time",
  MAIR120: "(time - 120 + last_trade_offset)",
  MEDIR120: "(time - 120 + last_trade_offset)",
} as const;
const COLUMN = { MA120: "ma120", MAIR120: "mair120", MEDIR120: "medir120" } as const;

function isAscending(times: number[]): boolean {
  for (let i = 1; i < times.length; i++) if ((times[i] as number) < (times[i - 1] as number)) return false;
  return true;
}

function sortedByTime(times: number[], values: number[]): PointColumns {
  const order = times.map((_, i) => i).sort((a, b) => (times[a] as number) - (times[b] as number));
  return { times: order.map((i) => times[i] as number), values: order.map((i) => values[i] as number) };
}

export class ChartReader {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly days: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    /** The first UTC day not packed yet, or null when none is. */
    private readonly packedUntil: () => number | null,
  ) {
    this.days = db.prepare(
      "SELECT day, data FROM day_columns WHERE series = ? AND day >= ? AND day <= ? ORDER BY day",
    );
  }

  points(query: ChartQuery): PointColumns {
    // SQLite renders the columns as two JSON arrays in C (shortest round-trip numbers), which reaches JS
    // several times faster than one row object per point; scaled buckets are then averaged in one pass.
    const range = pointTimeRange(query);
    if (range === null) return { times: [], values: [] };
    return queriedPoints(this.readRange(query.series, query.filter, range.from, range.to), query);
  }

  /** Points with a point time in [from, to]: packed days where there are, rows for the days after them. */
  private readRange(series: number, filter: ChartQuery["filter"], from: number, to: number): PointColumns {
    const out: PointColumns = { times: [], values: [] };
    const span = chartSpan(from, to, this.packedUntil());
    if (span.packed) {
      const { firstDay, lastDay } = span.packed;
      const days = this.days.all(series, firstDay, lastDay) as { day: number; data: Uint8Array }[];
      appendDayPoints(days, filter, from, to, out);
    }
    const rowsFrom = span.rowsFrom;
    if (rowsFrom > span.rowsTo) return out;
    const rest =
      this.readContiguous(series, filter, rowsFrom, from, to) ??
      this.readPoints(series, filter, rowsFrom, from, to);
    if (out.times.length === 0) return rest;
    for (let i = 0; i < rest.times.length; i++) {
      out.times.push(rest.times[i] as number);
      out.values.push(rest.values[i] as number);
    }
    return out;
  }

  /**
   * A series has a row for every block from its first trade on, so its rows' times follow from the first
   * one: reading only values (and the last-trade offsets that place MAIR/MEDIR points) halves the work
   * SQLite does to render them. Null when the rows are not contiguous (then readPoints reads the times).
   */
  private readContiguous(
    series: number,
    filter: ChartQuery["filter"],
    rowsFrom: number,
    from: number,
    to: number,
  ): PointColumns | null {
    const row = this.contiguousStatement(filter).get(series, rowsFrom, to + 120) as
      | [number | null, number | null, number, string, string]
      | undefined;
    if (!row || row[0] === null || row[1] === null) return { times: [], values: [] };
    const [first, last, count, offsetsJson, valuesJson] = row;
    if ((last - first) / 120 + 1 !== count) return null;
    const values = JSON.parse(valuesJson) as (number | null)[];
    const offsets = filter === "MA120" ? null : (JSON.parse(offsetsJson) as (number | null)[]);
    const out: PointColumns = { times: [], values: [] };
    appendRowPoints({ first, count, values, offsets, ends: null }, from, to, out);
    return out;
  }

  private contiguousStatement(filter: ChartQuery["filter"]): Database.Statement {
    const key = `contiguous|${filter}`;
    let statement = this.statements.get(key);
    if (statement) return statement;
    const offsets = filter === "MA120" ? "'[]'" : "json_group_array(last_trade_offset)";
    statement = this.db
      .prepare(
        `SELECT min(time), max(time), count(*), ${offsets}, json_group_array(${COLUMN[filter]}) FROM blocks ` +
          "WHERE series = ? AND time >= ? AND time <= ?",
      )
      .raw();
    this.statements.set(key, statement);
    return statement;
  }

  /** Points with their times, for rows that are not contiguous. */
  private readPoints(
    series: number,
    filter: ChartQuery["filter"],
    rowsFrom: number,
    from: number,
    to: number,
  ): PointColumns {
    const [timesJson, valuesJson] = this.chartStatement(filter).get(series, rowsFrom, to + 120, from, to) as [
      string,
      string,
    ];
    const times = JSON.parse(timesJson) as number[];
    const values = JSON.parse(valuesJson) as number[];
    return isAscending(times) ? { times, values } : sortedByTime(times, values);
  }

  private chartStatement(filter: ChartQuery["filter"]): Database.Statement {
    let statement = this.statements.get(filter);
    if (statement) return statement;
    const t = POINT_TIME[filter];
    const v = COLUMN[filter];
    // Aggregated straight over the key range (a subquery with ORDER BY ... LIMIT cost half as much again);
    // the scan follows the key, so the arrays come out in time order (checked all the same).
    statement = this.db
      .prepare(
        `SELECT json_group_array(${t}), json_group_array(${v}) FROM blocks ` +
          `WHERE series = ? AND time >= ? AND time <= ? AND ${v} IS NOT NULL AND ${t} >= ? AND ${t} <= ?`,
      )
      .raw();
    this.statements.set(filter, statement);
    return statement;
  }
}
