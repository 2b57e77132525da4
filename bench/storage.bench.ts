// npm run bench:storage — what the store costs per series and block: 30 days of the default simulated
// market seeded through the real feed into each engine (SQLite embedded, PostgreSQL for replicas), then
// the bytes kept (SQLite: the data directory without request logs; PostgreSQL: the market tables with their
// indexes and TOAST) over (series × 21,600 blocks). Target ≤ 32 bytes for all 12 figures of a block. The
// baseline: the blocks this run stored, read back and counted, at what plain doubles would take (12 × 8
// bytes, and a byte of last-trade offset for each block with trades): what storing without encoding costs.
// Seeding time (target ≤ 15 s on SQLite): the median of three seeds, against simulating the same trades
// alone in the same run.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { PAIRS } from "../src/service/catalog/catalog-pairs.ts";
import { MarketFeed } from "../src/service/market/feed.ts";
import { MarketSimulator } from "../src/service/sources/simulator/simulator.ts";
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

/**
 * The baseline of the seeding time, measured in the same run: simulating the same 30 days of trades alone
 * (as columns, on one thread, then halved for the two cores the seed uses): what no seed can go below,
 * and a measure of how fast the machine is at the moment (a shared machine's speed varies by a fifth
 * from one minute to the next).
 */
function simulateAlone(now: number): { ms: number; trades: number } {
  const simulator = new MarketSimulator(42);
  const last = Math.floor(now / 120_000) - 1;
  let trades = 0;
  const started = performance.now();
  for (let block = last - BLOCKS + 1; block <= last; block++) trades += simulator.simulateBlock(block).count;
  return { ms: (performance.now() - started) / 2, trades };
}

const SQLITE_SEEDS = 3;
const server = await startPostgres({ fsync: true });
const dataDirs: string[] = [];
const admin = postgres(server.url, { max: 1, onnotice: () => {} });
try {
  const now = Date.now();
  const baseline = simulateAlone(now);
  log(
    `simulating ${baseline.trades} trades alone: ${(baseline.ms / 1000).toFixed(1)} s on each of two cores`,
  );
  // SQLite is seeded three times, each into a new data directory, and the median taken; the last is measured.
  const sqliteSeeds: number[] = [];
  let sqlite: SqliteStore | null = null;
  let dataDir = "";
  for (let i = 0; i < SQLITE_SEEDS; i++) {
    await sqlite?.close();
    dataDir = mkdtempSync(join(tmpdir(), "bench-storage-"));
    dataDirs.push(dataDir);
    sqlite = SqliteStore.open(dataDir);
    sqliteSeeds.push(await seed(sqlite, now));
    log(`SQLite: seeded ${HISTORY_DAYS} days in ${((sqliteSeeds.at(-1) as number) / 1000).toFixed(1)} s`);
  }
  if (!sqlite) throw new Error("no seed");
  const sqliteSeedMs = [...sqliteSeeds].sort((a, b) => a - b)[Math.floor(SQLITE_SEEDS / 2)] as number;
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

### Seeding 30 days

${table(
  ["Engine", "Seeding", "≤ 15 s", "Baseline: simulating the trades alone, per core", "Ratio"],
  [
    [
      `SQLite (median of ${SQLITE_SEEDS}: ${sqliteSeeds.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s)`,
      `${(sqliteSeedMs / 1000).toFixed(1)} s`,
      sqliteSeedMs <= 15_000 ? "met" : "**not met**",
      `${(baseline.ms / 1000).toFixed(1)} s`,
      (sqliteSeedMs / baseline.ms).toFixed(2),
    ],
    [
      "PostgreSQL (one seed)",
      `${(pgSeedMs / 1000).toFixed(1)} s`,
      "—",
      `${(baseline.ms / 1000).toFixed(1)} s`,
      (pgSeedMs / baseline.ms).toFixed(2),
    ],
  ],
)}

The seed simulates ${baseline.trades.toLocaleString("en")} trades on two worker threads (a share of the coins each), runs
every series' three filters and candle over them, packs each finished day (block-codec.ts) and writes it
from the main thread. The baseline is the simulation alone, on one thread, halved: the ratio is what the
aggregation, packing and storing cost on top, and stays comparable when the machine's speed does not.

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
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
