// The data directory the service benchmarks run on: 30 days of the simulated market seeded through the
// real feed (trades → filters → SQLite), and the BTC all-exchanges series lengthened to reach 100,000 raw
// points, the most one chart request may ask for. Shared by bench:service, bench:chart-transfer and
// bench:compression, so their answers are the same answers.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { PAIRS } from "../src/service/catalog/catalog-pairs.ts";
import { MarketFeed } from "../src/service/market/feed.ts";
import { SimulatorSource } from "../src/service/sources/simulator/simulator-source.ts";
import { dayOfBlockEnd } from "../src/service/store/day-columns.ts";
import { SqliteStore } from "../src/service/store/sqlite-store.ts";

export const HISTORY_DAYS = 30;
/** Days of synthetic block values put before the seeded month of BTC (all exchanges). */
const EXTRA_DAYS = 110;
/** Seconds a request for 100,000 raw points spans (one point per 120-second block). */
export const HUNDRED_THOUSAND_RAW_SECONDS = 100_000 * 120 - 60;

/** A chart request of the BTC all-exchanges MEDIR120 series: `scale` is "" (raw) or e.g. "&scale=5m". */
export const chartPath = (range: number, scale: string, end: number, symbol = "BTC") =>
  `/v1/chartPointsAllExchanges/MEDIR120/${symbol}?starttime=${end - range}&endtime=${end}${scale}`;

/** Seeds HISTORY_DAYS of the market up to `now` into `dataDir`; returns how long it took and the file's size. */
export async function seedMarket(
  dataDir: string,
  now: number,
): Promise<{ blocks: number; seedMs: number; dbBytes: number }> {
  const store = SqliteStore.open(dataDir);
  store.setMeta("seed", "42");
  const started = performance.now();
  await new MarketFeed(store, new SimulatorSource(42), {
    historyDays: HISTORY_DAYS,
    pairs: PAIRS,
  }).catchUpInParallel(now);
  const seedMs = performance.now() - started;
  store.close();
  const dbBytes = statSync(join(dataDir, "market.sqlite")).size;
  return { blocks: HISTORY_DAYS * 720, seedMs, dbBytes };
}

/**
 * The BTC all-exchanges series gets 110 more days of MEDIR120 block values before the seeded month
 * (synthetic values: the server's work depends on the rows it reads, not on their origin; their text is as
 * long as a real price's, full double precision). Returns the series' id, for a bare read of its rows.
 */
export async function lengthenBtcSeries(dataDir: string): Promise<number> {
  const db = new Database(join(dataDir, "market.sqlite"));
  const series = (
    db.prepare("SELECT id FROM series WHERE symbol = 'BTC' AND exchange = ''").get() as { id: number }
  ).id;
  const firstTime = (
    db.prepare("SELECT min(time) AS t FROM blocks WHERE series = ?").get(series) as { t: number }
  ).t;
  const insert = db.prepare("INSERT INTO blocks VALUES (?, ?, ?, ?, ?, 60, 1e6, 5, ?, ?, ?, ?, 2.5, 2.5, 0)");
  db.transaction(() => {
    for (let i = 1; i <= EXTRA_DAYS * 720; i++) {
      const v = 90_000 + 5_000 * Math.sin(i / 3000);
      insert.run(series, firstTime - i * 120, v, v, v, v, v, v, v);
    }
  })();
  db.close();
  // Those days have ended, so the service would hold them packed: pack them (and repack the day the seeded
  // month starts in) as the feed does, keeping the mark of what is packed.
  const packing = SqliteStore.open(dataDir);
  const packedUntil = (await packing.packedUntil()) as number;
  await packing.packDays(dayOfBlockEnd(firstTime - EXTRA_DAYS * 720 * 120), dayOfBlockEnd(firstTime));
  await packing.setPackedUntil(packedUntil);
  await packing.close();
  return series;
}

/**
 * The data directory of a benchmark that only reads answers (bench:chart-transfer, bench:compression):
 * BENCH_DATA_DIR when set, seeded on its first use and kept for the next run (its answers then end where it
 * was seeded), else a temporary one seeded now and removed by dispose().
 */
export async function benchDataDir(
  name: string,
  log: (line: string) => void,
): Promise<{ dataDir: string; dispose: () => void }> {
  const kept = process.env.BENCH_DATA_DIR;
  if (kept !== undefined && existsSync(join(kept, "market.sqlite"))) {
    log(`reading ${kept} (BENCH_DATA_DIR), seeded before`);
    return { dataDir: kept, dispose: () => undefined };
  }
  if (kept !== undefined) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const { blocks, seedMs } = await seedMarket(dataDir, Date.now());
  await lengthenBtcSeries(dataDir);
  log(`seeded ${blocks} blocks in ${(seedMs / 1000).toFixed(1)} s into ${dataDir}`);
  return {
    dataDir,
    dispose: () => {
      if (kept === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
