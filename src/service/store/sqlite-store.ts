// The Store on SQLite (better-sqlite3): one file in the data directory, WAL journal, full sync so a
// committed supply post survives a killed process. Block values live in a clustered WITHOUT ROWID table
// keyed by (series, time), so a chart is one range scan of one series.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { bucketStart, SCALE_SECONDS } from "../../interface/vocabulary.ts";
import { bucketMeans } from "./bucket-means.ts";
import { appendDayPoints, DayColumns, dayOfBlockEnd } from "./day-columns.ts";
import {
  BATCH_ROWS,
  type BlockDbRow,
  blockParams,
  EIGHT,
  FIRST_BLOCK_META,
  insertBatched,
  LAST_BLOCK_META,
  PACKED_UNTIL_META,
  SCHEMA,
  SCHEMA_VERSION,
  toBlockRow,
  tradeParams,
} from "./sqlite-schema.ts";
import type {
  BlockRow,
  ChartQuery,
  PointColumns,
  RateRecord,
  Store,
  StoredTrade,
  SupplyRecord,
} from "./store.ts";

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

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly seriesIds = new Map<string, number>();
  private readonly statements;
  private readonly chartStatements = new Map<string, Database.Statement>();
  private packedUntilDay: number | null = null;

  static open(dataDir: string): SqliteStore {
    mkdirSync(dataDir, { recursive: true });
    return new SqliteStore(join(dataDir, "market.sqlite"));
  }

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.pragma("cache_size = -65536");
    this.db.exec(SCHEMA);
    const version = this.getMetaRaw("schema_version");
    if (version === null)
      this.db.prepare("INSERT INTO meta VALUES ('schema_version', ?)").run(SCHEMA_VERSION);
    else if (version !== SCHEMA_VERSION) {
      throw new Error(`${file} has schema version ${version}; this service needs ${SCHEMA_VERSION}`);
    }
    for (const row of this.db.prepare("SELECT id, symbol, exchange FROM series").all() as {
      id: number;
      symbol: string;
      exchange: string;
    }[]) {
      this.seriesIds.set(`${row.symbol}|${row.exchange}`, row.id);
    }
    const packed = this.getMetaRaw(PACKED_UNTIL_META);
    this.packedUntilDay = packed === null ? null : Number(packed);
    const db = this.db;
    this.statements = {
      setMeta: db.prepare(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      ),
      insertSeries: db.prepare("INSERT INTO series (symbol, exchange) VALUES (?, ?)"),
      insertBlock: db.prepare(`INSERT OR REPLACE INTO blocks VALUES ${EIGHT}`),
      insertBlockBatch: db.prepare(
        `INSERT OR REPLACE INTO blocks VALUES ${Array(BATCH_ROWS).fill(EIGHT).join(",")}`,
      ),
      insertTrade: db.prepare(`INSERT OR REPLACE INTO trades VALUES ${EIGHT}`),
      insertTradeBatch: db.prepare(
        `INSERT OR REPLACE INTO trades VALUES ${Array(BATCH_ROWS).fill(EIGHT).join(",")}`,
      ),
      deleteTrades: db.prepare("DELETE FROM trades WHERE time_ms < ?"),
      insertDay: db.prepare("INSERT OR REPLACE INTO day_columns VALUES (?, ?, ?)"),
      days: db.prepare(
        "SELECT day, data FROM day_columns WHERE series = ? AND day >= ? AND day <= ? ORDER BY day",
      ),
      seriesIds: db.prepare("SELECT id FROM series").pluck(),
      blocksOf: db.prepare("SELECT * FROM blocks WHERE series = ? AND time > ? AND time <= ? ORDER BY time"),
      latestBlock: db.prepare("SELECT * FROM blocks WHERE series = ? ORDER BY time DESC LIMIT 1"),
      blockAtOrBefore: db.prepare(
        "SELECT * FROM blocks WHERE series = ? AND time <= ? AND time >= ? ORDER BY time DESC LIMIT 1",
      ),
      volume: db.prepare(
        "SELECT total(volume_usd) AS v FROM blocks WHERE series = ? AND time > ? AND time <= ?",
      ),
      lastTrades: db.prepare("SELECT * FROM trades WHERE series = ? ORDER BY time_ms DESC, seq DESC LIMIT ?"),
      latestSupply: db.prepare("SELECT * FROM supply WHERE symbol = ? ORDER BY id DESC LIMIT 1"),
      insertSupply: db.prepare(
        "INSERT INTO supply (symbol, circulating_supply, source, time_ms, block, key_fingerprint) VALUES (@symbol, @circulatingSupply, @source, @timeMs, @block, @keyFingerprint)",
      ),
      insertRate: db.prepare(
        "INSERT OR REPLACE INTO rates VALUES (@symbol, @effectiveDate, @value, @publicationTime, @source)",
      ),
      rateFixings: db.prepare("SELECT * FROM rates WHERE symbol = ? ORDER BY effective_date"),
    };
  }

  close(): void {
    this.db.close();
  }

  beginBulkLoad(): void {
    this.db.pragma("synchronous = OFF");
    this.db.pragma("wal_autocheckpoint = 0");
  }

  endBulkLoad(): void {
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    this.db.pragma("wal_autocheckpoint = 1000");
    this.db.pragma("synchronous = FULL");
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  private getMetaRaw(key: string): string | null {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as
      | { value: string }
      | undefined;
    return row?.value ?? null;
  }

  getMeta(key: string): string | null {
    return this.getMetaRaw(key);
  }

  setMeta(key: string, value: string): void {
    this.statements.setMeta.run(key, value);
  }

  seriesId(symbol: string, exchange: string | null): number {
    const key = `${symbol}|${exchange ?? ""}`;
    const known = this.seriesIds.get(key);
    if (known !== undefined) return known;
    const id = Number(this.statements.insertSeries.run(symbol, exchange ?? "").lastInsertRowid);
    this.seriesIds.set(key, id);
    return id;
  }

  insertBlocks(rows: BlockRow[]): void {
    insertBatched(this.statements.insertBlock, this.statements.insertBlockBatch, rows, blockParams);
  }

  insertTrades(trades: StoredTrade[]): void {
    insertBatched(this.statements.insertTrade, this.statements.insertTradeBatch, trades, tradeParams);
  }

  deleteTradesBefore(timeMs: number): void {
    this.statements.deleteTrades.run(timeMs);
  }

  insertDayColumns(series: number, day: number, data: Uint8Array): void {
    this.statements.insertDay.run(series, day, data);
  }

  packDays(firstDay: number, lastDay: number): void {
    if (lastDay < firstDay) return;
    this.transaction(() => {
      for (const series of this.statements.seriesIds.all() as number[]) {
        for (let day = firstDay; day <= lastDay; day++) {
          const rows = this.statements.blocksOf.all(series, day * 86_400, (day + 1) * 86_400) as BlockDbRow[];
          if (rows.length === 0) continue;
          const packed = new DayColumns(series, day);
          for (const row of rows) packed.add(toBlockRow(row));
          this.insertDayColumns(series, day, packed.data);
        }
      }
      this.setPackedUntil(lastDay + 1);
    });
  }

  packedUntil(): number | null {
    return this.packedUntilDay;
  }

  setPackedUntil(day: number): void {
    this.setMeta(PACKED_UNTIL_META, String(day));
    this.packedUntilDay = day;
  }

  firstBlockTime(): number | null {
    const known = this.getMetaRaw(FIRST_BLOCK_META);
    if (known !== null) return Number(known);
    // Once, for a store made before this was recorded: min(time) over the (series, time) key scans.
    const first = (this.db.prepare("SELECT min(time) AS t FROM blocks").get() as { t: number | null }).t;
    if (first !== null) this.setMeta(FIRST_BLOCK_META, String(first));
    return first;
  }

  lastBlockTime(): number | null {
    // Kept in meta: max(time) over the (series, time) key would scan the whole table.
    const value = this.getMetaRaw(LAST_BLOCK_META);
    return value === null ? null : Number(value);
  }

  setLastBlockTime(time: number): void {
    this.setMeta(LAST_BLOCK_META, String(time));
  }

  latestBlock(series: number): BlockRow | null {
    const row = this.statements.latestBlock.get(series) as BlockDbRow | undefined;
    return row ? toBlockRow(row) : null;
  }

  blockAtOrBefore(series: number, time: number, maxAgeSeconds: number): BlockRow | null {
    const row = this.statements.blockAtOrBefore.get(series, time, time - maxAgeSeconds) as
      | BlockDbRow
      | undefined;
    return row ? toBlockRow(row) : null;
  }

  volumeUSD(series: number, from: number, to: number): number {
    return (this.statements.volume.get(series, from, to) as { v: number }).v;
  }

  lastTrades(series: number, limit: number): StoredTrade[] {
    const rows = this.statements.lastTrades.all(series, limit) as {
      series: number;
      time_ms: number;
      seq: number;
      pair: string;
      price: number;
      volume: number;
      usd_price: number;
      foreign_id: string;
    }[];
    return rows.map((r) => ({
      series: r.series,
      timeMs: r.time_ms,
      seq: r.seq,
      pair: r.pair,
      price: r.price,
      volume: r.volume,
      estimatedUSDPrice: r.usd_price,
      foreignTradeID: r.foreign_id,
    }));
  }

  chartPoints(query: ChartQuery): PointColumns {
    // SQLite renders the columns as two JSON arrays in C (shortest round-trip numbers), which reaches JS
    // several times faster than one row object per point; scaled buckets are then averaged in one pass.
    // A scaled point is the mean of its whole bucket: the range selects buckets by their start, as the
    // public service's precomputed filters_mean_<scale> tables did.
    let from = query.from;
    let to = query.to;
    if (query.scale !== null) {
      const size = SCALE_SECONDS[query.scale];
      from = bucketStart(query.from - 1, query.scale) + size;
      to = bucketStart(query.to, query.scale) + size - 1;
    }
    if (from > to) return { times: [], values: [] };
    const read = this.readRange(query.series, query.filter, from, to);
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
  private readRange(series: number, filter: ChartQuery["filter"], from: number, to: number): PointColumns {
    const out: PointColumns = { times: [], values: [] };
    let rowsFrom = from;
    const packedUntil = this.packedUntilDay;
    const firstDay = dayOfBlockEnd(from);
    if (packedUntil !== null && firstDay < packedUntil) {
      const lastDay = Math.min(dayOfBlockEnd(to + 120), packedUntil - 1);
      const days = this.statements.days.all(series, firstDay, lastDay) as { day: number; data: Uint8Array }[];
      appendDayPoints(days, filter, from, to, out);
      rowsFrom = Math.max(from, packedUntil * 86_400 + 120);
    }
    if (rowsFrom > to + 120) return out;
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
    const times: number[] = [];
    const kept: number[] = [];
    for (let i = 0; i < count; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      const end = first + 120 * i;
      const t = offsets === null ? end : end - 120 + (offsets[i] as number);
      if (t < from || t > to) continue;
      times.push(t);
      kept.push(v);
    }
    return { times, values: kept };
  }

  private contiguousStatement(filter: ChartQuery["filter"]): Database.Statement {
    const key = `contiguous|${filter}`;
    let statement = this.chartStatements.get(key);
    if (statement) return statement;
    const offsets = filter === "MA120" ? "'[]'" : "json_group_array(last_trade_offset)";
    statement = this.db
      .prepare(
        `SELECT min(time), max(time), count(*), ${offsets}, json_group_array(${COLUMN[filter]}) FROM blocks ` +
          "WHERE series = ? AND time >= ? AND time <= ?",
      )
      .raw();
    this.chartStatements.set(key, statement);
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
    let statement = this.chartStatements.get(filter);
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
    this.chartStatements.set(filter, statement);
    return statement;
  }

  latestSupply(symbol: string): SupplyRecord | null {
    const row = this.statements.latestSupply.get(symbol) as
      | {
          symbol: string;
          circulating_supply: number;
          source: string;
          time_ms: number;
          block: number;
          key_fingerprint: string | null;
        }
      | undefined;
    if (!row) return null;
    return {
      symbol: row.symbol,
      circulatingSupply: row.circulating_supply,
      source: row.source,
      timeMs: row.time_ms,
      block: row.block,
      keyFingerprint: row.key_fingerprint,
    };
  }

  insertSupply(record: SupplyRecord): void {
    this.statements.insertSupply.run(record);
  }

  insertRates(records: RateRecord[]): void {
    const insert = this.statements.insertRate;
    this.transaction(() => {
      for (const r of records) insert.run(r);
    });
  }

  rateFixings(symbol: string): RateRecord[] {
    const rows = this.statements.rateFixings.all(symbol) as {
      symbol: string;
      effective_date: string;
      value: number;
      publication_time: string;
      source: string;
    }[];
    return rows.map((r) => ({
      symbol: r.symbol,
      effectiveDate: r.effective_date,
      value: r.value,
      publicationTime: r.publication_time,
      source: r.source,
    }));
  }
}
