// Seeding on worker threads gives exactly the rows of seeding on one thread.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { PAIRS } from "../../catalog/catalog-pairs.ts";
import { MarketFeed } from "../../market/feed.ts";
import { SqliteStore } from "../../store/sqlite-store.ts";
import { shareCoins } from "./parallel-seed.ts";
import { SimulatorSource } from "./simulator-source.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const NOW = Date.UTC(2026, 10, 20, 12, 0, 30);
/** A part of the market, big coins and small: equality needs no more, and the whole market is slow to seed twice. */
const SYMBOLS = ["BTC", "ETH", "USDT", "SOL", "DOGE", "LINK", "EOS", "HBAR", "KAS", "ZEC"];

function dump(dir: string) {
  const db = new Database(join(dir, "market.sqlite"), { readonly: true });
  const blocks = db
    .prepare(
      "SELECT s.symbol, s.exchange, b.time, b.ma120, b.mair120, b.medir120, b.last_trade_offset, b.volume_usd, b.trades " +
        "FROM blocks b JOIN series s ON s.id = b.series ORDER BY s.symbol, s.exchange, b.time",
    )
    .raw()
    .all();
  const trades = db
    .prepare(
      "SELECT s.symbol, s.exchange, t.time_ms, t.pair, t.price, t.volume, t.usd_price, t.foreign_id FROM trades t " +
        "JOIN series s ON s.id = t.series ORDER BY s.symbol, s.exchange, t.time_ms, t.foreign_id",
    )
    .raw()
    .all();
  const days = db
    .prepare(
      "SELECT s.symbol, s.exchange, d.day, hex(d.data) FROM day_columns d JOIN series s ON s.id = d.series " +
        "ORDER BY s.symbol, s.exchange, d.day",
    )
    .raw()
    .all();
  const packedUntil = db.prepare("SELECT value FROM meta WHERE key = 'packed_until_day'").pluck().get();
  db.close();
  return { blocks, trades, days, packedUntil };
}

async function seed(parallel: boolean): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "market-seed-"));
  dirs.push(dir);
  const store = SqliteStore.open(dir);
  const feed = new MarketFeed(store, new SimulatorSource(5, SYMBOLS, 2), {
    historyDays: 3,
    pairs: PAIRS.filter((pair) => SYMBOLS.includes(pair.symbol)),
    parallelMinBlocks: parallel ? 0 : Number.POSITIVE_INFINITY,
  });
  expect(await feed.catchUpInParallel(NOW)).toBe(3 * 720);
  await store.close();
  return dir;
}

describe("parallel seeding", () => {
  it("stores the same blocks and trades as seeding on one thread", async () => {
    const [one, many] = await Promise.all([seed(false), seed(true)]);
    const a = dump(one);
    const b = dump(many);
    expect(a.blocks.length).toBeGreaterThan(50_000);
    expect(a.trades.length).toBeGreaterThan(1000);
    expect(b.blocks).toEqual(a.blocks);
    expect(b.trades).toEqual(a.trades);
    expect(a.days.length).toBeGreaterThan(200);
    expect(b.days).toEqual(a.days);
    expect(b.packedUntil).toBe(a.packedUntil);
  });

  it("splits the coins into shares that cover each coin once", () => {
    const shares = shareCoins(3);
    const all = shares.flat().sort();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...new Set(PAIRS.filter((p) => !p.ignore).map((p) => p.symbol))].sort());
    expect(shares.length).toBe(3);
  });

  it("shares only the market's coins, in no more shares than coins", () => {
    const shares = shareCoins(3, ["SOL", "BTC"]);
    expect(shares.flat().sort()).toEqual(["BTC", "SOL"]);
    expect(shares.length).toBe(2);
  });
});
