// The Store on PostgreSQL 15 (the `postgres` client), for an ingest and API replicas sharing one database.
// The schema is migrated on open (pg-schema.ts); the series (a few hundred) and the packed-until day are
// kept in memory and reloaded by refreshSeries() when another process may have changed them.
import type { BlockSource } from "./candle-reader.ts";
import { COLUMN, placedAtLastTrade } from "./chart-range.ts";
import { DayColumns } from "./day-columns.ts";
import { connect, type PgOptions, type PgSql, type PgTransaction } from "./pg-connection.ts";
import { upsertBlocks, upsertDays, upsertMeta, upsertRates, upsertTrades } from "./pg-rows.ts";
import { migrate } from "./pg-schema.ts";
import {
  type BlockDbRow,
  LAST_BLOCK_META,
  PACKED_UNTIL_META,
  type RateDbRow,
  type SupplyDbRow,
  type TradeDbRow,
  toBlockRow,
  toRateRecord,
  toStoredTrade,
  toSupplyRecord,
} from "./sqlite-schema.ts";
import type {
  BlockRow,
  MarketWrite,
  PackedDay,
  RateRecord,
  SeriesKey,
  Store,
  StoredTrade,
  SupplyRecord,
} from "./store.ts";
import { StoreEngine } from "./store-engine.ts";

/** What candle-reader.ts reads, from this engine. */
function pgBlockSource(sql: PgSql, packedUntil: () => number | null): BlockSource {
  return {
    packedUntil,
    days: (series, firstDay, lastDay) => sql<{ day: number; data: Uint8Array }[]>`
      SELECT day, data FROM day_columns
      WHERE series = ${series} AND day >= ${firstDay} AND day <= ${lastDay} ORDER BY day`,
    rows: async (series, fromEnd, toEnd) =>
      (
        await sql<BlockDbRow[]>`
          SELECT * FROM blocks WHERE series = ${series} AND time >= ${fromEnd} AND time <= ${toEnd}
          ORDER BY time`
      ).map(toBlockRow),
    // One row of JSON arrays (bench/pg-store.bench.ts: faster to bring into JavaScript than PostgreSQL
    // arrays or a row per block).
    columns: async (series, filter, fromEnd, toEnd, withEnds) => {
      const offsets = placedAtLastTrade(filter)
        ? sql`json_agg(last_trade_offset ORDER BY time)`
        : sql`NULL::json`;
      const ends = withEnds ? sql`json_agg(time ORDER BY time)` : sql`NULL::json`;
      const [row] = await sql`
        SELECT min(time) AS first, max(time) AS last, count(*)::int AS count,
          json_agg(${sql(COLUMN[filter])} ORDER BY time) AS values, ${offsets} AS offsets, ${ends} AS ends
        FROM blocks WHERE series = ${series} AND time >= ${fromEnd} AND time <= ${toEnd}`;
      return row && row.first !== null ? (row as Awaited<ReturnType<BlockSource["columns"]>>) : null;
    },
  };
}

const seriesKey = (symbol: string, exchange: string | null): string => `${symbol}|${exchange ?? ""}`;

export class PgStore extends StoreEngine implements Store {
  readonly engine = "postgres";
  private readonly seriesIds = new Map<string, number>();
  /** While a bulk load lasts, the store's own writes commit without waiting for the WAL flush. */
  private bulkLoading = false;
  protected readonly blocks: BlockSource;

  /** Connects, brings the schema up to date and loads the series. */
  static async open(url: string, options: PgOptions = {}): Promise<PgStore> {
    const sql = connect(url, options);
    try {
      await migrate(sql);
      const store = new PgStore(sql);
      await store.refreshSeries();
      return store;
    } catch (error) {
      await sql.end({ timeout: 1 });
      throw error;
    }
  }

  private constructor(private readonly sql: PgSql) {
    super();
    this.blocks = pgBlockSource(sql, () => this.packedUntilDay);
  }

  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }

  /**
   * Only this store's market writes relax durability (synchronous_commit off, per transaction): a crash
   * loses the seed's last moments, which seeding again restores; a supply post or a rate is still flushed.
   */
  async beginBulkLoad(): Promise<void> {
    this.bulkLoading = true;
  }

  async endBulkLoad(): Promise<void> {
    this.bulkLoading = false;
    // A transaction with an id commits synchronously, which flushes the WAL up to it, and so every
    // asynchronous commit before it: when this resolves, the whole load is durable.
    await this.sql.begin(async (tx) => {
      await tx`SELECT pg_current_xact_id()`;
    });
  }

  /** One transaction of market writes, committed asynchronously while a bulk load lasts. */
  private marketTransaction<T>(work: (tx: PgTransaction) => Promise<T>): Promise<T> {
    return this.sql.begin(async (tx) => {
      if (this.bulkLoading) await tx`SET LOCAL synchronous_commit = off`;
      return work(tx);
    }) as Promise<T>;
  }

  async getMeta(key: string): Promise<string | null> {
    const [row] = await this.sql<{ value: string }[]>`SELECT value FROM meta WHERE key = ${key}`;
    return row?.value ?? null;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.sql`
      INSERT INTO meta (key, value) VALUES (${key}, ${value})
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`;
  }

  protected async oldestBlockTime(): Promise<number | null> {
    const [row] = await this.sql<{ t: number | null }[]>`SELECT min(time) AS t FROM blocks`;
    return row?.t ?? null;
  }

  seriesId(symbol: string, exchange: string | null): number | null {
    return this.seriesIds.get(seriesKey(symbol, exchange)) ?? null;
  }

  async ensureSeries(keys: readonly SeriesKey[]): Promise<number[]> {
    const missing = new Map<string, SeriesKey>();
    for (const key of keys) {
      const k = seriesKey(key.symbol, key.exchange);
      if (!this.seriesIds.has(k)) missing.set(k, key);
    }
    if (missing.size > 0) {
      const rows = [...missing.values()];
      // In key order, so that two processes making overlapping series lock their keys in the same order
      // (the later one waits for the first to commit, then finds them made) and never deadlock.
      await this.sql`
        INSERT INTO series (symbol, exchange)
        SELECT * FROM unnest(${rows.map((r) => r.symbol)}::text[], ${rows.map((r) => r.exchange ?? "")}::text[])
        ORDER BY 1, 2
        ON CONFLICT (symbol, exchange) DO NOTHING`;
      await this.loadSeries();
    }
    return keys.map(({ symbol, exchange }) => {
      const id = this.seriesIds.get(seriesKey(symbol, exchange));
      if (id === undefined) throw new Error(`series ${symbol}/${exchange ?? "all"} was not made`);
      return id;
    });
  }

  private async loadSeries(): Promise<void> {
    const rows = await this.sql<{ id: number; symbol: string; exchange: string }[]>`
      SELECT id, symbol, exchange FROM series`;
    for (const row of rows) this.seriesIds.set(seriesKey(row.symbol, row.exchange), row.id);
  }

  async refreshSeries(): Promise<void> {
    await this.loadSeries();
    const packed = await this.getMeta(PACKED_UNTIL_META);
    this.packedUntilDay = packed === null ? null : Number(packed);
  }

  async write(write: MarketWrite): Promise<void> {
    const meta = new Map(Object.entries(write.meta ?? {}));
    if (write.lastBlockTime !== undefined) meta.set(LAST_BLOCK_META, String(write.lastBlockTime));
    await this.marketTransaction(async (tx) => {
      if (write.blocks?.length) await upsertBlocks(tx, write.blocks);
      if (write.trades?.length) await upsertTrades(tx, write.trades);
      if (write.days?.length) await upsertDays(tx, write.days);
      await upsertMeta(tx, meta);
    });
  }

  async deleteTradesBefore(timeMs: number): Promise<void> {
    await this.sql`DELETE FROM trades WHERE time_ms < ${timeMs}`;
  }

  async deleteRowsThrough(end: number): Promise<void> {
    // Series first, as every key: each series' range is found through the primary key.
    await this.sql`DELETE FROM blocks WHERE series = ANY(ARRAY(SELECT id FROM series)) AND time <= ${end}`;
  }

  async packDays(firstDay: number, lastDay: number): Promise<void> {
    if (lastDay < firstDay) return;
    await this.marketTransaction(async (tx) => {
      const series = await tx<{ id: number }[]>`SELECT id FROM series ORDER BY id`;
      for (const { id } of series) {
        const rows = await tx<BlockDbRow[]>`
          SELECT * FROM blocks
          WHERE series = ${id} AND time > ${firstDay * 86_400} AND time <= ${(lastDay + 1) * 86_400}
          ORDER BY time`;
        const days: PackedDay[] = [];
        let packing: DayColumns | null = null;
        for (const row of rows) {
          const day = Math.floor((row.time - 120) / 86_400);
          if (packing?.day !== day) {
            packing = new DayColumns(id, day);
            days.push(packing);
          }
          packing.add(toBlockRow(row));
        }
        if (days.length > 0) await upsertDays(tx, days);
      }
      await upsertMeta(tx, new Map([[PACKED_UNTIL_META, String(lastDay + 1)]]));
    });
    this.packedUntilDay = lastDay + 1;
  }

  async latestBlock(series: number): Promise<BlockRow | null> {
    const [row] = await this.sql<BlockDbRow[]>`
      SELECT * FROM blocks
      WHERE series = ${series} ORDER BY time DESC LIMIT 1`;
    return row ? toBlockRow(row) : null;
  }

  async blockAtOrBefore(series: number, time: number, maxAgeSeconds: number): Promise<BlockRow | null> {
    const [row] = await this.sql<BlockDbRow[]>`
      SELECT * FROM blocks
      WHERE series = ${series} AND time <= ${time} AND time >= ${time - maxAgeSeconds}
      ORDER BY time DESC LIMIT 1`;
    return row ? toBlockRow(row) : null;
  }

  async volumeUSD(series: number, from: number, to: number): Promise<number> {
    const [row] = await this.sql<{ v: number }[]>`
      SELECT coalesce(sum(volume_usd), 0) AS v FROM blocks
      WHERE series = ${series} AND time > ${from} AND time <= ${to}`;
    return row?.v ?? 0;
  }

  async tradesBetween(series: number, fromMs: number, toMs: number): Promise<StoredTrade[]> {
    const rows = await this.sql<TradeDbRow[]>`
      SELECT * FROM trades WHERE series = ${series} AND time_ms >= ${fromMs} AND time_ms < ${toMs}
      ORDER BY time_ms, seq`;
    return rows.map(toStoredTrade);
  }

  async lastTrades(series: number, limit: number): Promise<StoredTrade[]> {
    const rows = await this.sql<TradeDbRow[]>`
      SELECT series, time_ms, seq, pair, price, volume, usd_price, foreign_id FROM trades
      WHERE series = ${series} ORDER BY time_ms DESC, seq DESC LIMIT ${limit}`;
    return rows.map(toStoredTrade);
  }

  async latestSupply(symbol: string): Promise<SupplyRecord | null> {
    const [row] = await this.sql<SupplyDbRow[]>`
      SELECT * FROM supply WHERE symbol = ${symbol} ORDER BY id DESC LIMIT 1`;
    return row ? toSupplyRecord(row) : null;
  }

  /** Never in a bulk load's relaxed transactions: resolves once the commit is flushed. */
  async insertSupply(r: SupplyRecord): Promise<void> {
    await this.sql`
      INSERT INTO supply (symbol, circulating_supply, source, time_ms, block, key_fingerprint)
      VALUES (${r.symbol}, ${r.circulatingSupply}, ${r.source}, ${r.timeMs}, ${r.block}, ${r.keyFingerprint})`;
  }

  async insertRates(records: readonly RateRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.sql.begin((tx) => upsertRates(tx, records));
  }

  async deleteRates(): Promise<void> {
    await this.sql`DELETE FROM rates`;
  }

  async rateFixings(symbol: string): Promise<RateRecord[]> {
    const rows = await this.sql<RateDbRow[]>`
      SELECT * FROM rates WHERE symbol = ${symbol} ORDER BY effective_date`;
    return rows.map(toRateRecord);
  }
}
