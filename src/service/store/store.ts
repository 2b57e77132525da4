// The service's storage, as the rest of the service sees it. One engine implements it today (SQLite,
// sqlite-store.ts); another can be added behind the same interface.
import type { Filter, Scale } from "../../interface/vocabulary.ts";

/** One series' values for one 120-second block. `time` is the block end, Unix seconds. */
export interface BlockRow {
  series: number;
  time: number;
  ma120: number;
  /** MAIR120 and MEDIR120 exist only for blocks with trades; they are stamped at the last trade. */
  mair120: number | null;
  medir120: number | null;
  /** Seconds from the block start to the last trade (0–119); null without trades. */
  lastTradeOffset: number | null;
  volumeUSD: number;
  trades: number;
}

/**
 * The blocks table's key order: rows inserted in it append to the end of each series' range of the
 * clustered table, which is what makes a long seed's inserts cheap.
 */
export const bySeriesAndTime = (a: BlockRow, b: BlockRow): number => a.series - b.series || a.time - b.time;

export interface StoredTrade {
  series: number;
  timeMs: number;
  seq: number;
  pair: string;
  price: number;
  volume: number;
  estimatedUSDPrice: number;
  foreignTradeID: string;
}

export interface SupplyRecord {
  symbol: string;
  circulatingSupply: number;
  source: string;
  timeMs: number;
  block: number;
  /** Fingerprint of the write key that posted it; null for seeded values. */
  keyFingerprint: string | null;
}

export interface RateRecord {
  symbol: string;
  effectiveDate: string;
  value: number;
  publicationTime: string;
  source: string;
}

/** Points of one series, oldest first: parallel arrays of Unix seconds and values. */
export interface PointColumns {
  times: number[];
  values: number[];
}

export interface ChartQuery {
  series: number;
  filter: Filter;
  /**
   * Inclusive bounds, Unix seconds: on the point time of raw points; on the bucket start of scaled points
   * (each the mean of its whole bucket).
   */
  from: number;
  to: number;
  scale: Scale | null;
  /** Stop reading after this many points (the caller asks one more than it allows, to detect excess). */
  limit: number;
}

export interface Store {
  close(): void;
  transaction<T>(fn: () => T): T;
  /**
   * Seeding mode for loading a long history: durability is relaxed while it lasts (a crash means seeding
   * again, nothing else is lost), and restored, with everything flushed, when it ends.
   */
  beginBulkLoad(): void;
  endBulkLoad(): void;

  getMeta(key: string): string | null;
  setMeta(key: string, value: string): void;

  /** The id of a (symbol, exchange) series; `exchange` null is the all-exchanges series. Created on demand. */
  seriesId(symbol: string, exchange: string | null): number;

  insertBlocks(rows: BlockRow[]): void;
  insertTrades(trades: StoredTrade[]): void;
  deleteTradesBefore(timeMs: number): void;
  /** End time of the oldest stored block, or null for an empty store. */
  firstBlockTime(): number | null;
  /** End time of the newest block stored for every series, or null for an empty store. */
  lastBlockTime(): number | null;
  /** Records that every series is stored up to the block ending at `time` (in the inserting transaction). */
  setLastBlockTime(time: number): void;

  /** Stores a packed (series, day) of block values (see day-columns.ts). */
  insertDayColumns(series: number, day: number, data: Uint8Array): void;
  /** Packs the stored rows of days firstDay..lastDay for every series, and marks them packed. */
  packDays(firstDay: number, lastDay: number): void;
  /** The first UTC day not packed yet (every earlier day is), or null when none is. */
  packedUntil(): number | null;
  setPackedUntil(day: number): void;

  latestBlock(series: number): BlockRow | null;
  /** The newest block of the series at or before `time`, within `maxAgeSeconds` of it. */
  blockAtOrBefore(series: number, time: number, maxAgeSeconds: number): BlockRow | null;
  /** Sum of USD volume over blocks whose end lies in (from, to]. */
  volumeUSD(series: number, from: number, to: number): number;
  lastTrades(series: number, limit: number): StoredTrade[];
  chartPoints(query: ChartQuery): PointColumns;

  latestSupply(symbol: string): SupplyRecord | null;
  insertSupply(record: SupplyRecord): void;

  insertRates(records: RateRecord[]): void;
  /** Forgets every stored fixing (a data directory whose rates change source). */
  deleteRates(): void;
  /** Every fixing of a rate type, ascending by effective date. */
  rateFixings(symbol: string): RateRecord[];
}
