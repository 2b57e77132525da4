// The service's storage, as the rest of the service sees it: the records it keeps, and the Store that
// keeps them.
import type { CandleColumns } from "../../interface/candles.ts";
import type { ChartScale } from "../../interface/chart-window.ts";
import type { Filter } from "../../interface/vocabulary.ts";

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
  /**
   * The block's candle: the USD prices of its first, highest, lowest and last trade (null without trades),
   * and the coins bought and sold by takers (the volume is their sum).
   */
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  buyVolume: number;
  sellVolume: number;
  /** Trades the interquartile filter (MEDIR120's) left out as outliers. */
  tradesLeftOut: number;
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
  scale: ChartScale;
  /** Stop reading after this many points (the caller asks one more than it allows, to detect excess). */
  limit: number;
}

/** One series' candles asked for: bounds are on candle starts (a scaled bucket's start), inclusive. */
export interface CandleQuery {
  series: number;
  from: number;
  to: number;
  scale: ChartScale;
  /** Stop after this many candles (the caller asks one more than it allows, to detect excess). */
  limit: number;
}

/** A (symbol, exchange) series; `exchange` null is the all-exchanges series. */
export interface SeriesKey {
  symbol: string;
  exchange: string | null;
}

/** One ended UTC day of a series' block values, packed (see day-columns.ts). */
export interface PackedDay {
  series: number;
  day: number;
  data: Uint8Array;
}

/**
 * What one write stores, all of it or none. Blocks, trades and packed days are keyed by series first and
 * time second, and a write replaces what the same keys had: writing a block twice (a restarted or a
 * duplicated ingest) stores it once.
 */
export interface MarketWrite {
  blocks?: readonly BlockRow[];
  trades?: readonly StoredTrade[];
  days?: readonly PackedDay[];
  meta?: Readonly<Record<string, string>>;
  /** Every series is stored up to the block ending at this time (Unix seconds). */
  lastBlockTime?: number;
}

/**
 * The service's storage. Two engines implement it (SQLite embedded, sqlite-store.ts; PostgreSQL for
 * replicas, pg-store.ts) and one contract suite (store-contract.ts) holds both to it. Every call is
 * asynchronous, as a database across the network is; a call that resolves has been committed.
 */
export interface Store {
  /** Which engine this is ("sqlite" or "postgres"), for logs and /readyz. */
  readonly engine: string;
  close(): Promise<void>;
  /**
   * Seeding mode for loading a long history: durability may be relaxed while it lasts (a crash means
   * seeding again, nothing else is lost), and is restored, with everything flushed, when it ends.
   */
  beginBulkLoad(): Promise<void>;
  endBulkLoad(): Promise<void>;

  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;

  /**
   * The id of a series the store knows, or null. Synchronous: the series are few (hundreds) and kept in
   * memory; a reader learns the ones a writer made since it opened through refreshSeries().
   */
  seriesId(symbol: string, exchange: string | null): number | null;
  /** Makes the series that do not exist yet (idempotent, safe from several processes); ids in order. */
  ensureSeries(keys: readonly SeriesKey[]): Promise<number[]>;
  /** Reloads the series another process may have made, and what is packed. */
  refreshSeries(): Promise<void>;

  /** Stores blocks, trades, packed days and meta at once (see MarketWrite). */
  write(write: MarketWrite): Promise<void>;
  deleteTradesBefore(timeMs: number): Promise<void>;
  /**
   * Forgets the block rows ending at or before `end` (Unix seconds), in every series. Only for days already
   * packed: their chart points and candles come from the packed days, and nothing else reads rows older
   * than a day.
   */
  deleteRowsThrough(end: number): Promise<void>;
  /** End time of the oldest stored block, or null for an empty store. */
  firstBlockTime(): Promise<number | null>;
  /** End time of the newest block stored for every series, or null for an empty store. */
  lastBlockTime(): Promise<number | null>;

  /** Packs the stored rows of days firstDay..lastDay for every series, and marks them packed. */
  packDays(firstDay: number, lastDay: number): Promise<void>;
  /** The first UTC day not packed yet (every earlier day is), or null when none is. */
  packedUntil(): Promise<number | null>;
  setPackedUntil(day: number): Promise<void>;

  latestBlock(series: number): Promise<BlockRow | null>;
  /** The newest block of the series at or before `time`, within `maxAgeSeconds` of it. */
  blockAtOrBefore(series: number, time: number, maxAgeSeconds: number): Promise<BlockRow | null>;
  /** Sum of USD volume over blocks whose end lies in (from, to]. */
  volumeUSD(series: number, from: number, to: number): Promise<number>;
  lastTrades(series: number, limit: number): Promise<StoredTrade[]>;
  /** The stored trades of a series in [fromMs, toMs), by time ascending (the store keeps the last hour). */
  tradesBetween(series: number, fromMs: number, toMs: number): Promise<StoredTrade[]>;
  chartPoints(query: ChartQuery): Promise<PointColumns>;
  /** Candles of blocks with trades, raw or combined per bucket (candle-reader.ts). */
  candles(query: CandleQuery): Promise<CandleColumns>;
  /** The block of a series ending at `time`, from its row or its packed day; null when there is none. */
  blockAt(series: number, time: number): Promise<BlockRow | null>;

  latestSupply(symbol: string): Promise<SupplyRecord | null>;
  /** Resolves once the post is durable (committed and synced): only then may it be acknowledged. */
  insertSupply(record: SupplyRecord): Promise<void>;

  insertRates(records: readonly RateRecord[]): Promise<void>;
  /** Forgets every stored fixing (a data directory whose rates change source). */
  deleteRates(): Promise<void>;
  /** Every fixing of a rate type, ascending by effective date. */
  rateFixings(symbol: string): Promise<RateRecord[]>;
}
