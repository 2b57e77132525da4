// The SQLite store's schema and the row conversions between its tables and the Store's records.
import type Database from "better-sqlite3";
import type { BlockRow, RateRecord, StoredTrade, SupplyRecord } from "./store.ts";

/** 2: blocks hold their candle (open … tradesLeftOut) and packed days the new codec (block-codec.ts). */
export const SCHEMA_VERSION = "2";
/** Meta key of the first UTC day whose blocks are not packed into day_columns yet (earlier ones all are). */
export const PACKED_UNTIL_META = "packed_until_day";
/** Meta key of the end of the oldest stored block. */
export const FIRST_BLOCK_META = "first_block_end";
/** Meta key of the end of the newest block that the store holds for every series. */
export const LAST_BLOCK_META = "last_block_end";

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series (
  id INTEGER PRIMARY KEY, symbol TEXT NOT NULL, exchange TEXT NOT NULL, UNIQUE (symbol, exchange));
CREATE TABLE IF NOT EXISTS blocks (
  series INTEGER NOT NULL, time INTEGER NOT NULL, ma120 REAL NOT NULL, mair120 REAL, medir120 REAL,
  last_trade_offset INTEGER, volume_usd REAL NOT NULL, trades INTEGER NOT NULL,
  open REAL, high REAL, low REAL, close REAL, buy_volume REAL NOT NULL, sell_volume REAL NOT NULL,
  trades_left_out INTEGER NOT NULL,
  PRIMARY KEY (series, time)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS day_columns (
  series INTEGER NOT NULL, day INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (series, day)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS trades (
  series INTEGER NOT NULL, time_ms INTEGER NOT NULL, seq INTEGER NOT NULL, pair TEXT NOT NULL,
  price REAL NOT NULL, volume REAL NOT NULL, usd_price REAL NOT NULL, foreign_id TEXT NOT NULL,
  PRIMARY KEY (series, time_ms, seq)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS trades_by_time ON trades (time_ms);
CREATE TABLE IF NOT EXISTS supply (
  id INTEGER PRIMARY KEY AUTOINCREMENT, symbol TEXT NOT NULL, circulating_supply REAL NOT NULL,
  source TEXT NOT NULL, time_ms INTEGER NOT NULL, block INTEGER NOT NULL, key_fingerprint TEXT);
CREATE INDEX IF NOT EXISTS supply_by_symbol ON supply (symbol, id);
CREATE TABLE IF NOT EXISTS rates (
  symbol TEXT NOT NULL, effective_date TEXT NOT NULL, value REAL NOT NULL, publication_time TEXT NOT NULL,
  source TEXT NOT NULL, PRIMARY KEY (symbol, effective_date)) WITHOUT ROWID;
`;

export interface BlockDbRow {
  series: number;
  time: number;
  ma120: number;
  mair120: number | null;
  medir120: number | null;
  last_trade_offset: number | null;
  volume_usd: number;
  trades: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  buy_volume: number;
  sell_volume: number;
  trades_left_out: number;
}

export const toBlockRow = (r: BlockDbRow): BlockRow => ({
  series: r.series,
  time: r.time,
  ma120: r.ma120,
  mair120: r.mair120,
  medir120: r.medir120,
  lastTradeOffset: r.last_trade_offset,
  volumeUSD: r.volume_usd,
  trades: r.trades,
  open: r.open,
  high: r.high,
  low: r.low,
  close: r.close,
  buyVolume: r.buy_volume,
  sellVolume: r.sell_volume,
  tradesLeftOut: r.trades_left_out,
});

export interface TradeDbRow {
  series: number;
  time_ms: number;
  seq: number;
  pair: string;
  price: number;
  volume: number;
  usd_price: number;
  foreign_id: string;
}

export const toStoredTrade = (r: TradeDbRow): StoredTrade => ({
  series: r.series,
  timeMs: r.time_ms,
  seq: r.seq,
  pair: r.pair,
  price: r.price,
  volume: r.volume,
  estimatedUSDPrice: r.usd_price,
  foreignTradeID: r.foreign_id,
});

export interface SupplyDbRow {
  symbol: string;
  circulating_supply: number;
  source: string;
  time_ms: number;
  block: number;
  key_fingerprint: string | null;
}

export const toSupplyRecord = (r: SupplyDbRow): SupplyRecord => ({
  symbol: r.symbol,
  circulatingSupply: r.circulating_supply,
  source: r.source,
  timeMs: r.time_ms,
  block: r.block,
  keyFingerprint: r.key_fingerprint,
});

export interface RateDbRow {
  symbol: string;
  effective_date: string;
  value: number;
  publication_time: string;
  source: string;
}

export const toRateRecord = (r: RateDbRow): RateRecord => ({
  symbol: r.symbol,
  effectiveDate: r.effective_date,
  value: r.value,
  publicationTime: r.publication_time,
  source: r.source,
});

export const BATCH_ROWS = 100;
/** The placeholders of one row of `width` values. */
export const placeholders = (width: number): string => `(${Array(width).fill("?").join(", ")})`;
export const BLOCK_WIDTH = 15;
export const TRADE_WIDTH = 8;

export function blockParams(r: BlockRow, out: unknown[], at: number): unknown[] {
  out[at] = r.series;
  out[at + 1] = r.time;
  out[at + 2] = r.ma120;
  out[at + 3] = r.mair120;
  out[at + 4] = r.medir120;
  out[at + 5] = r.lastTradeOffset;
  out[at + 6] = r.volumeUSD;
  out[at + 7] = r.trades;
  out[at + 8] = r.open;
  out[at + 9] = r.high;
  out[at + 10] = r.low;
  out[at + 11] = r.close;
  out[at + 12] = r.buyVolume;
  out[at + 13] = r.sellVolume;
  out[at + 14] = r.tradesLeftOut;
  return out;
}

export function tradeParams(t: StoredTrade, out: unknown[], at: number): unknown[] {
  out[at] = t.series;
  out[at + 1] = t.timeMs;
  out[at + 2] = t.seq;
  out[at + 3] = t.pair;
  out[at + 4] = t.price;
  out[at + 5] = t.volume;
  out[at + 6] = t.estimatedUSDPrice;
  out[at + 7] = t.foreignTradeID;
  return out;
}

/**
 * Inserts rows a hundred per statement (seeding writes millions: far fewer calls into SQLite), the rest
 * one by one. `params` writes one row's `width` values into the parameter array at an offset.
 */
export function insertBatched<T>(
  single: Database.Statement,
  batch: Database.Statement,
  rows: readonly T[],
  width: number,
  params: (row: T, out: unknown[], at: number) => unknown[],
): void {
  const many: unknown[] = new Array(BATCH_ROWS * width);
  let i = 0;
  for (; i + BATCH_ROWS <= rows.length; i += BATCH_ROWS) {
    for (let j = 0; j < BATCH_ROWS; j++) params(rows[i + j] as T, many, j * width);
    batch.run(many);
  }
  const one: unknown[] = new Array(width);
  for (; i < rows.length; i++) single.run(params(rows[i] as T, one, 0));
}
