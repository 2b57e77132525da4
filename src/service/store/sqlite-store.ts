// The Store on SQLite (better-sqlite3): one file in the data directory, WAL journal, full sync so a
// committed supply post survives a killed process. Block values live in a clustered WITHOUT ROWID table
// keyed by (series, time), so a chart is one range scan of one series.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { BlockSource } from "./candle-reader.ts";
import { COLUMN, placedAtLastTrade } from "./chart-range.ts";
import { DayColumns } from "./day-columns.ts";
import {
  BLOCK_WIDTH,
  type BlockDbRow,
  blockParams,
  FIRST_BLOCK_META,
  insertBatched,
  LAST_BLOCK_META,
  PACKED_UNTIL_META,
  type RateDbRow,
  SCHEMA,
  SCHEMA_VERSION,
  type SupplyDbRow,
  TRADE_WIDTH,
  type TradeDbRow,
  toBlockRow,
  toRateRecord,
  toStoredTrade,
  toSupplyRecord,
  tradeParams,
} from "./sqlite-schema.ts";
import { prepareStatements, type Statements } from "./sqlite-statements.ts";
import type {
  BlockRow,
  MarketWrite,
  RateRecord,
  SeriesKey,
  Store,
  StoredTrade,
  SupplyRecord,
} from "./store.ts";
import { StoreEngine } from "./store-engine.ts";

/**
 * BlockSource.columns over `db`, a statement per filter and with or without the ends: SQLite renders each
 * column as a JSON array in C, which reaches JavaScript far faster than a row object per block.
 */
function sqliteColumns(db: Database.Database): BlockSource["columns"] {
  const statements = new Map<string, Database.Statement>();
  return async (series, filter, fromEnd, toEnd, withEnds) => {
    const key = `${filter}|${withEnds}`;
    let statement = statements.get(key);
    if (!statement) {
      const offsets = placedAtLastTrade(filter) ? "json_group_array(last_trade_offset)" : "NULL";
      const ends = withEnds ? "json_group_array(time)" : "NULL";
      statement = db
        .prepare(
          `SELECT min(time), max(time), count(*), json_group_array(${COLUMN[filter]}), ${offsets}, ${ends} ` +
            "FROM blocks WHERE series = ? AND time >= ? AND time <= ?",
        )
        .raw();
      statements.set(key, statement);
    }
    const row = statement.get(series, fromEnd, toEnd) as
      | [number | null, number, number, string, string | null, string | null]
      | undefined;
    if (!row || row[0] === null) return null;
    const [first, last, count, values, offsets, ends] = row;
    const parsed = (json: string | null) => (json === null ? null : JSON.parse(json));
    return { first, last, count, values: JSON.parse(values), offsets: parsed(offsets), ends: parsed(ends) };
  };
}

// better-sqlite3 is synchronous, and that is its speed: every method does its work at once and only hands
// back a settled promise, as the Store (which PostgreSQL also implements) asks. A write is one SQLite
// transaction, so nothing interleaves with it.
export class SqliteStore extends StoreEngine implements Store {
  readonly engine = "sqlite";
  private readonly db: Database.Database;
  private readonly seriesIds = new Map<string, number>();
  private readonly statements: Statements;
  protected readonly blocks: BlockSource;

  /** The store in `file` of the data directory: market.sqlite, or a second source's market beside it. */
  static open(dataDir: string, file = "market.sqlite"): SqliteStore {
    mkdirSync(dataDir, { recursive: true });
    return new SqliteStore(join(dataDir, file));
  }

  constructor(file: string) {
    super();
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.pragma("cache_size = -65536");
    this.upgradeFromVersion1(file);
    this.db.exec(SCHEMA);
    const version = this.getMetaRaw("schema_version");
    if (version === null)
      this.db.prepare("INSERT INTO meta VALUES ('schema_version', ?)").run(SCHEMA_VERSION);
    else if (version !== SCHEMA_VERSION) {
      throw new Error(`${file} has schema version ${version}; this service needs ${SCHEMA_VERSION}`);
    }
    this.loadSeries();
    const s = prepareStatements(this.db);
    this.statements = s;
    this.blocks = {
      packedUntil: () => this.packedUntilDay,
      days: async (series, firstDay, lastDay) =>
        s.days.all(series, firstDay, lastDay) as { day: number; data: Uint8Array }[],
      rows: async (series, fromEnd, toEnd) =>
        (s.blocksFrom.all(series, fromEnd, toEnd) as BlockDbRow[]).map(toBlockRow),
      columns: sqliteColumns(this.db),
    };
  }

  /** What opening it did that its operator should hear of (said on the service's log by openStore). */
  readonly notices: string[] = [];

  /**
   * A data directory of schema 1 (blocks without their candles) forgets its block history, to be made again
   * with candles; supply, rates, trades and series are kept. Logged, since a real history cannot be remade.
   */
  private upgradeFromVersion1(file: string): void {
    const hasMeta = this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'meta'").get() !== undefined;
    if (!hasMeta || this.getMetaRaw("schema_version") !== "1") return;
    this.db.transaction(() => {
      this.db.exec("DROP TABLE IF EXISTS blocks; DROP TABLE IF EXISTS day_columns;");
      this.db
        .prepare("DELETE FROM meta WHERE key IN (?, ?, ?)")
        .run(PACKED_UNTIL_META, FIRST_BLOCK_META, LAST_BLOCK_META);
      this.db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(SCHEMA_VERSION);
    })();
    this.notices.push(
      `${file}: upgraded to schema ${SCHEMA_VERSION}; its block history is made again, with candles`,
    );
  }

  /** The series made so far, and what is packed: at open, and again when another process may have added. */
  private loadSeries(): void {
    for (const row of this.db.prepare("SELECT id, symbol, exchange FROM series").all() as {
      id: number;
      symbol: string;
      exchange: string;
    }[]) {
      this.seriesIds.set(`${row.symbol}|${row.exchange}`, row.id);
    }
    const packed = this.getMetaRaw(PACKED_UNTIL_META);
    this.packedUntilDay = packed === null ? null : Number(packed);
  }

  async close(): Promise<void> {
    this.db.close();
  }

  async beginBulkLoad(): Promise<void> {
    this.db.pragma("synchronous = OFF");
    this.db.pragma("wal_autocheckpoint = 0");
  }

  async endBulkLoad(): Promise<void> {
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    this.db.pragma("wal_autocheckpoint = 1000");
    this.db.pragma("synchronous = FULL");
  }

  async write(write: MarketWrite): Promise<void> {
    this.db.transaction(() => {
      const s = this.statements;
      if (write.blocks)
        insertBatched(s.insertBlock, s.insertBlockBatch, write.blocks, BLOCK_WIDTH, blockParams);
      if (write.trades)
        insertBatched(s.insertTrade, s.insertTradeBatch, write.trades, TRADE_WIDTH, tradeParams);
      for (const day of write.days ?? []) s.insertDay.run(day.series, day.day, day.data);
      for (const [key, value] of Object.entries(write.meta ?? {})) s.setMeta.run(key, value);
      if (write.lastBlockTime !== undefined) s.setMeta.run(LAST_BLOCK_META, String(write.lastBlockTime));
    })();
  }

  private getMetaRaw(key: string): string | null {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as
      | { value: string }
      | undefined;
    return row?.value ?? null;
  }

  async getMeta(key: string): Promise<string | null> {
    return this.getMetaRaw(key);
  }

  protected async oldestBlockTime(): Promise<number | null> {
    return (this.db.prepare("SELECT min(time) AS t FROM blocks").get() as { t: number | null }).t;
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.statements.setMeta.run(key, value);
  }

  seriesId(symbol: string, exchange: string | null): number | null {
    return this.seriesIds.get(`${symbol}|${exchange ?? ""}`) ?? null;
  }

  async ensureSeries(keys: readonly SeriesKey[]): Promise<number[]> {
    return this.db.transaction(() =>
      keys.map(({ symbol, exchange }) => {
        const key = `${symbol}|${exchange ?? ""}`;
        const known = this.seriesIds.get(key);
        if (known !== undefined) return known;
        this.statements.insertSeries.run(symbol, exchange ?? "");
        const id = this.statements.seriesOf.get(symbol, exchange ?? "") as number;
        this.seriesIds.set(key, id);
        return id;
      }),
    )();
  }

  async refreshSeries(): Promise<void> {
    this.loadSeries();
  }

  async deleteTradesBefore(timeMs: number): Promise<void> {
    this.statements.deleteTrades.run(timeMs);
  }

  async deleteRowsThrough(end: number): Promise<void> {
    // One key range per series: a single DELETE on `time` alone would scan the whole clustered table.
    this.db.transaction(() => {
      for (const series of this.statements.seriesIds.all() as number[]) {
        this.statements.deleteBlocks.run(series, end);
      }
    })();
  }

  async packDays(firstDay: number, lastDay: number): Promise<void> {
    if (lastDay < firstDay) return;
    this.db.transaction(() => {
      for (const series of this.statements.seriesIds.all() as number[]) {
        for (let day = firstDay; day <= lastDay; day++) {
          const rows = this.statements.blocksOf.all(series, day * 86_400, (day + 1) * 86_400) as BlockDbRow[];
          if (rows.length === 0) continue;
          const packed = new DayColumns(series, day);
          for (const row of rows) packed.add(toBlockRow(row));
          this.statements.insertDay.run(series, day, packed.data);
        }
      }
      this.statements.setMeta.run(PACKED_UNTIL_META, String(lastDay + 1));
    })();
    this.packedUntilDay = lastDay + 1;
  }

  async latestBlock(series: number): Promise<BlockRow | null> {
    const row = this.statements.latestBlock.get(series) as BlockDbRow | undefined;
    return row ? toBlockRow(row) : null;
  }

  async blockAtOrBefore(series: number, time: number, maxAgeSeconds: number): Promise<BlockRow | null> {
    const row = this.statements.blockAtOrBefore.get(series, time, time - maxAgeSeconds) as
      | BlockDbRow
      | undefined;
    return row ? toBlockRow(row) : null;
  }

  async volumeUSD(series: number, from: number, to: number): Promise<number> {
    return (this.statements.volume.get(series, from, to) as { v: number }).v;
  }

  async lastTrades(series: number, limit: number): Promise<StoredTrade[]> {
    return (this.statements.lastTrades.all(series, limit) as TradeDbRow[]).map(toStoredTrade);
  }

  async tradesBetween(series: number, fromMs: number, toMs: number): Promise<StoredTrade[]> {
    return (this.statements.tradesBetween.all(series, fromMs, toMs) as TradeDbRow[]).map(toStoredTrade);
  }

  async latestSupply(symbol: string): Promise<SupplyRecord | null> {
    const row = this.statements.latestSupply.get(symbol) as SupplyDbRow | undefined;
    return row ? toSupplyRecord(row) : null;
  }

  async insertSupply(record: SupplyRecord): Promise<void> {
    this.statements.insertSupply.run(record);
  }

  async insertRates(records: readonly RateRecord[]): Promise<void> {
    const insert = this.statements.insertRate;
    this.db.transaction(() => {
      for (const r of records) insert.run(r);
    })();
  }

  async deleteRates(): Promise<void> {
    this.statements.deleteRates.run();
  }

  async rateFixings(symbol: string): Promise<RateRecord[]> {
    return (this.statements.rateFixings.all(symbol) as RateDbRow[]).map(toRateRecord);
  }
}
