// npm run bench:storage — what the store costs per series and block: 30 days of the default simulated
// market seeded through the real feed into each engine (SQLite embedded, PostgreSQL for replicas), then
// the bytes kept (SQLite: the data directory without request logs; PostgreSQL: the market tables with their
// indexes and TOAST) over (series × 21,600 blocks). Target ≤ 32 bytes for all 12 figures of a block. The
// baseline: the blocks this run stored, read back and counted, at what plain doubles would take (12 × 8
// bytes, and a byte of last-trade offset for each block with trades): what storing without encoding costs.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { PAIRS } from "../src/service/catalog/catalog-pairs.ts";
import { MarketFeed } from "../src/service/market/feed.ts";
import { SimulatorSource } from "../src/service/sources/simulator/simulator-source.ts";
import { PgStore } from "../src/service/store/pg-store.ts";
import { SqliteStore } from "../src/service/store/sqlite-store.ts";
import type { Store } from "../src/service/store/store.ts";
import { startPostgres } from "../src/service/testing/servers/postgres-server.ts";
import { table, writeSection } from "./report.ts";

const HISTORY_DAYS = 30;
const BLOCKS = HISTORY_DAYS * 720;
const log = (line: string) => console.log(`bench: ${line}`);

async function seed(store: Store, now: number): Promise<number> {
  await store.setMeta("seed", "42");
  const started = performance.now();
  await new MarketFeed(store, new SimulatorSource(42), {
    historyDays: HISTORY_DAYS,
    pairs: PAIRS,
  }).catchUpInParallel(now);
  return performance.now() - started;
}

/** Every block stored, read back as candles and points: how many blocks and how many with trades. */
async function blocksKept(
  store: Store,
  series: number[],
  now: number,
): Promise<{ blocks: number; traded: number }> {
  let blocks = 0;
  let traded = 0;
  const query = {
    from: 0,
    to: Math.floor(now / 1000) + 120,
    scale: "raw" as const,
    limit: Number.MAX_SAFE_INTEGER,
  };
  for (const id of series) {
    blocks += (await store.chartPoints({ ...query, series: id, filter: "MA120" })).times.length;
    traded += (await store.candles({ ...query, series: id })).times.length;
  }
  return { blocks, traded };
}

const server = await startPostgres({ fsync: true });
const dataDir = mkdtempSync(join(tmpdir(), "bench-storage-"));
const admin = postgres(server.url, { max: 1, onnotice: () => {} });
try {
  const now = Date.now();
  const sqlite = SqliteStore.open(dataDir);
  const sqliteSeedMs = await seed(sqlite, now);
  log(`SQLite: seeded ${HISTORY_DAYS} days in ${(sqliteSeedMs / 1000).toFixed(1)} s`);
  const pg = await PgStore.open(server.url);
  const pgSeedMs = await seed(pg, now);
  log(`PostgreSQL: seeded in ${(pgSeedMs / 1000).toFixed(1)} s`);

  const ids = (await admin<{ id: number }[]>`SELECT id FROM series ORDER BY id`).map((r) => r.id);
  const kept = await blocksKept(pg, ids, now);
  await sqlite.close();
  await pg.close();
  const sqliteFiles = readdirSync(dataDir).filter((f) => !f.startsWith("requests.log"));
  const sqliteBytes = sqliteFiles.reduce((sum, f) => sum + statSync(join(dataDir, f)).size, 0);
  const sizes = await admin<{ name: string; bytes: number }[]>`
    SELECT relname AS name, pg_total_relation_size(oid)::float8 AS bytes FROM pg_class
    WHERE relname IN ('blocks', 'day_columns', 'trades', 'series', 'supply', 'rates', 'meta') ORDER BY relname`;
  const pgBytes = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const perBlock = (bytes: number) => bytes / (ids.length * BLOCKS);
  const doubles = kept.blocks * 12 * 8 + kept.traded;
  log(`${ids.length} series, ${kept.blocks} blocks (${kept.traded} with trades)`);
  const row = (name: string, bytes: number) => [
    name,
    `${(bytes / 2 ** 20).toFixed(1)} MiB`,
    `${perBlock(bytes).toFixed(1)} B`,
    perBlock(bytes) <= 32 ? "met" : "**not met**",
    (bytes / doubles).toFixed(2),
  ];
  const body = `
${HISTORY_DAYS} days of the default simulated market (seed 42, ${ids.length} series: every traded
(exchange, coin) and every coin across exchanges), seeded through the real feed into each engine.
Bytes per series and block = the store's bytes / (${ids.length} series × ${BLOCKS.toLocaleString("en")} blocks);
each block keeps 12 figures (MA120, MAIR120, MEDIR120, open, high, low, close, volume, buy and sell
volume, trades, trades left out) and its last-trade offset. Baseline: the ${kept.blocks.toLocaleString("en")}
blocks read back from the store (${kept.traded.toLocaleString("en")} with trades), counted at 12 plain doubles each
and a byte of offset (${(doubles / 2 ** 20).toFixed(1)} MiB); the ratio is the store's bytes over that.

${table(
  ["Engine", "Bytes", "Per series and block", "≤ 32 B", "× doubles"],
  [
    row("SQLite (data directory, request logs excluded)", sqliteBytes),
    row("PostgreSQL (market tables, indexes and TOAST)", pgBytes),
  ],
)}

PostgreSQL by table: ${sizes.map((s) => `${s.name} ${(s.bytes / 2 ** 20).toFixed(1)} MiB`).join(", ")}.
Seeding 30 days: SQLite ${(sqliteSeedMs / 1000).toFixed(1)} s, PostgreSQL ${(pgSeedMs / 1000).toFixed(1)} s
(target ≤ 15 s on SQLite: ${sqliteSeedMs <= 15_000 ? "met" : "**not met**"}).
What is exact and what is rounded: prices (the filters and open, high, low, close) are kept to nine
significant digits as each block is made; coin amounts are summed as exact decimals of 10^-8 (the
exchanges' and the simulator's amounts have at most 8 decimals) and kept exactly; counts and the
last-trade offset exactly. The packed day stores them as integers (store/block-codec.ts).
`;
  writeSection("storage", "npm run bench:storage", body);
  log("BENCHMARKS.md updated");
} finally {
  await admin.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
