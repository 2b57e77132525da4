// The Store on PostgreSQL 15 (the `postgres` client), for an ingest and API replicas sharing one database.
// The schema is migrated on open (pg-schema.ts); the series (a few hundred) and the packed-until day are
// kept in memory and reloaded by refreshSeries() when another process may have changed them.
import type { CandleColumns } from "../../interface/candles.ts";
import { DayColumns } from "./day-columns.ts";
import { PgChartReader } from "./pg-chart-reader.ts";
import { connect, type PgOptions, type PgSql, type PgTransaction } from "./pg-connection.ts";
import { upsertBlocks, upsertDays, upsertMeta, upsertRates, upsertTrades } from "./pg-rows.ts";
import { migrate } from "./pg-schema.ts";
import {
  type BlockDbRow,
  FIRST_BLOCK_META,
  LAST_BLOCK_META,
  PACKED_UNTIL_META,
  type TradeDbRow,
  toBlockRow,
  toStoredTrade,
} from "./sqlite-schema.ts";
import type {
  BlockRow,
  CandleQuery,
  ChartQuery,
  MarketWrite,
  PackedDay,
  PointColumns,
  RateRecord,
  SeriesKey,
  Store,
  StoredTrade,
  SupplyRecord,
} from "./store.ts";

const seriesKey = (symbol: string, exchange: string | null): string => `${symbol}|${exchange ?? ""}`;

export class PgStore implements Store {
  readonly engine = "postgres";
  private readonly seriesIds = new Map<string, number>();
  private packedUntilDay: number | null = null;
  /** While a bulk load lasts, the store's own writes commit without waiting for the WAL flush. */
  private bulkLoading = false;
  private readonly charts: PgChartReader;

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
    this.charts = new PgChartReader(sql, () => this.packedUntilDay);
  }

  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }

  /**
   * Only this store's market writes relax durability (synchronous_commit off, set per transaction): a
   * crash loses at most the last few hundred milliseconds of the seed, which seeding again restores. A
   * supply post or a rate, even during the load, still waits for its commit to be flushed.
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

  async firstBlockTime(): Promise<number | null> {
    const known = await this.getMeta(FIRST_BLOCK_META);
    if (known !== null) return Number(known);
    // Once, for a store whose writer did not record it: min(time) reads every series' first key.
    const [row] = await this.sql<{ t: number | null }[]>`SELECT min(time) AS t FROM blocks`;
    const first = row?.t ?? null;
    if (first !== null) await this.setMeta(FIRST_BLOCK_META, String(first));
    return first;
  }

  async lastBlockTime(): Promise<number | null> {
    // Kept in meta by the writer: max(time) over the (series, time) key would read every series.
    const value = await this.getMeta(LAST_BLOCK_META);
    return value === null ? null : Number(value);
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

  async packedUntil(): Promise<number | null> {
    return this.packedUntilDay;
  }

  async setPackedUntil(day: number): Promise<void> {
    await this.setMeta(PACKED_UNTIL_META, String(day));
    this.packedUntilDay = day;
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

  chartPoints(query: ChartQuery): Promise<PointColumns> {
    return this.charts.points(query);
  }

  candles(query: CandleQuery): Promise<CandleColumns> {
    return this.charts.candles(query);
  }

  blockAt(series: number, time: number): Promise<BlockRow | null> {
    return this.charts.blockAt(series, time);
  }

  async latestSupply(symbol: string): Promise<SupplyRecord | null> {
    const [row] = await this.sql<
      {
        circulating_supply: number;
        source: string;
        time_ms: number;
        block: number;
        key_fingerprint: string | null;
      }[]
    >`
      SELECT circulating_supply, source, time_ms, block, key_fingerprint FROM supply
      WHERE symbol = ${symbol} ORDER BY id DESC LIMIT 1`;
    if (!row) return null;
    return {
      symbol,
      circulatingSupply: row.circulating_supply,
      source: row.source,
      timeMs: row.time_ms,
      block: row.block,
      keyFingerprint: row.key_fingerprint,
    };
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
    const rows = await this.sql<RateRecord[]>`
      SELECT symbol, effective_date AS "effectiveDate", value, publication_time AS "publicationTime", source
      FROM rates WHERE symbol = ${symbol} ORDER BY effective_date`;
    return [...rows];
  }
}
