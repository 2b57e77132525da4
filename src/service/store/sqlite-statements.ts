// The SQLite store's prepared statements, made once per connection.
import type Database from "better-sqlite3";
import { BATCH_ROWS, BLOCK_WIDTH, placeholders, TRADE_WIDTH } from "./sqlite-schema.ts";

const BLOCK_ROW = placeholders(BLOCK_WIDTH);
const TRADE_ROW = placeholders(TRADE_WIDTH);

export function prepareStatements(db: Database.Database) {
  return {
    setMeta: db.prepare(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ),
    insertSeries: db.prepare("INSERT OR IGNORE INTO series (symbol, exchange) VALUES (?, ?)"),
    seriesOf: db.prepare("SELECT id FROM series WHERE symbol = ? AND exchange = ?").pluck(),
    insertBlock: db.prepare(`INSERT OR REPLACE INTO blocks VALUES ${BLOCK_ROW}`),
    insertBlockBatch: db.prepare(
      `INSERT OR REPLACE INTO blocks VALUES ${Array(BATCH_ROWS).fill(BLOCK_ROW).join(",")}`,
    ),
    insertTrade: db.prepare(`INSERT OR REPLACE INTO trades VALUES ${TRADE_ROW}`),
    insertTradeBatch: db.prepare(
      `INSERT OR REPLACE INTO trades VALUES ${Array(BATCH_ROWS).fill(TRADE_ROW).join(",")}`,
    ),
    deleteTrades: db.prepare("DELETE FROM trades WHERE time_ms < ?"),
    deleteBlocks: db.prepare("DELETE FROM blocks WHERE series = ? AND time <= ?"),
    insertDay: db.prepare("INSERT OR REPLACE INTO day_columns VALUES (?, ?, ?)"),
    days: db.prepare(
      "SELECT day, data FROM day_columns WHERE series = ? AND day >= ? AND day <= ? ORDER BY day",
    ),
    seriesIds: db.prepare("SELECT id FROM series").pluck(),
    blocksOf: db.prepare("SELECT * FROM blocks WHERE series = ? AND time > ? AND time <= ? ORDER BY time"),
    blocksFrom: db.prepare("SELECT * FROM blocks WHERE series = ? AND time >= ? AND time <= ? ORDER BY time"),
    latestBlock: db.prepare("SELECT * FROM blocks WHERE series = ? ORDER BY time DESC LIMIT 1"),
    blockAtOrBefore: db.prepare(
      "SELECT * FROM blocks WHERE series = ? AND time <= ? AND time >= ? ORDER BY time DESC LIMIT 1",
    ),
    volume: db.prepare(
      "SELECT total(volume_usd) AS v FROM blocks WHERE series = ? AND time > ? AND time <= ?",
    ),
    tradesBetween: db.prepare(
      "SELECT * FROM trades WHERE series = ? AND time_ms >= ? AND time_ms < ? ORDER BY time_ms, seq",
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
    deleteRates: db.prepare("DELETE FROM rates"),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;
