// A data directory made before candles (schema 1) opens on this version: its block history is forgotten,
// to be made again with candles, and everything else it held is kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "./sqlite-schema.ts";
import { SqliteStore } from "./sqlite-store.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A market file as schema 1 left it: blocks without candles, a packed day, a supply post, a rate. */
function schemaOneFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "market-schema-1-"));
  dirs.push(dir);
  const db = new Database(join(dir, "market.sqlite"));
  db.exec(`
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE series (id INTEGER PRIMARY KEY, symbol TEXT NOT NULL, exchange TEXT NOT NULL, UNIQUE (symbol, exchange));
    CREATE TABLE blocks (series INTEGER NOT NULL, time INTEGER NOT NULL, ma120 REAL NOT NULL, mair120 REAL,
      medir120 REAL, last_trade_offset INTEGER, volume_usd REAL NOT NULL, trades INTEGER NOT NULL,
      PRIMARY KEY (series, time)) WITHOUT ROWID;
    CREATE TABLE day_columns (series INTEGER NOT NULL, day INTEGER NOT NULL, data BLOB NOT NULL,
      PRIMARY KEY (series, day)) WITHOUT ROWID;
    CREATE TABLE supply (id INTEGER PRIMARY KEY AUTOINCREMENT, symbol TEXT NOT NULL, circulating_supply REAL NOT NULL,
      source TEXT NOT NULL, time_ms INTEGER NOT NULL, block INTEGER NOT NULL, key_fingerprint TEXT);
    INSERT INTO meta VALUES ('schema_version', '1'), ('packed_until_day', '20400'),
      ('first_block_end', '1762000000'), ('last_block_end', '1763000000'), ('seed', '42');
    INSERT INTO series VALUES (1, 'BTC', '');
    INSERT INTO blocks VALUES (1, 1763000000, 90000, 90001, 90002, 30, 1e6, 5);
    INSERT INTO day_columns VALUES (1, 20399, zeroblob(18000));
    INSERT INTO supply (symbol, circulating_supply, source, time_ms, block, key_fingerprint)
      VALUES ('BTC', 19900000, 'api', 1763000000000, 14691666, 'abc');
  `);
  db.close();
  return dir;
}

describe("a schema 1 data directory", () => {
  it("forgets its blocks and packed days, keeps its supply, series and settings, and is schema 2 after", async () => {
    const dir = schemaOneFile();
    const store = SqliteStore.open(dir);
    try {
      expect(await store.getMeta("schema_version")).toBe(SCHEMA_VERSION);
      expect(store.notices).toEqual([
        expect.stringMatching(/upgraded to schema 2; its block history is made again/),
      ]);
      expect(await store.lastBlockTime()).toBeNull();
      expect(await store.packedUntil()).toBeNull();
      expect(await store.getMeta("seed")).toBe("42");
      expect(store.seriesId("BTC", null)).toBe(1);
      expect(await store.latestSupply("BTC")).toMatchObject({
        circulatingSupply: 19_900_000,
        keyFingerprint: "abc",
      });
      expect(await store.latestBlock(1)).toBeNull();
      // The new blocks hold their candles.
      const row = {
        series: 1,
        time: 1_763_000_120,
        ma120: 90_000,
        mair120: 90_001,
        medir120: 90_002,
        lastTradeOffset: 30,
        volumeUSD: 1e6,
        trades: 5,
        open: 89_990,
        high: 90_010,
        low: 89_980,
        close: 90_005,
        buyVolume: 6.5,
        sellVolume: 4.25,
        tradesLeftOut: 1,
      };
      await store.write({ blocks: [row] });
      expect(await store.latestBlock(1)).toEqual(row);
    } finally {
      await store.close();
    }
  });
});
