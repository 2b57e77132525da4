// Seeding a long history on every core: each worker thread simulates and aggregates its share of the
// coins (series never span coins, so shares are independent), the main thread writes the rows. The
// simulator is a pure function of (seed, block, pair), so the result equals a single-threaded seed.
import { cpus } from "node:os";
import { Worker } from "node:worker_threads";
import { PAIRS } from "../../catalog/catalog-pairs.ts";
import { bySeriesAndTime } from "../../market/feed.ts";
import type { BlockRow, Store, StoredTrade } from "../../store/store.ts";
import { MarketSimulator } from "./simulator.ts";

export interface SeedTask {
  seed: number;
  symbols: string[];
  seriesIds: [string, number][];
  warmUpFrom: number;
  firstBlock: number;
  lastBlock: number;
  keepTradesFromMs: number;
  chunkBlocks: number;
  /** Days from this one on that end within the seed are packed by the worker (see day-columns.ts). */
  packFromDay: number;
}

/** A packed (series, day), as a worker posts it. */
export interface PackedDay {
  series: number;
  day: number;
  data: Uint8Array;
}

const COLUMNS = 8;

/** Block rows as one Float64Array (NaN and −1 stand for null), so a chunk crosses threads without copying. */
export function packRows(rows: BlockRow[]): Float64Array {
  const out = new Float64Array(rows.length * COLUMNS);
  rows.forEach((r, i) => {
    const o = i * COLUMNS;
    out[o] = r.series;
    out[o + 1] = r.time;
    out[o + 2] = r.ma120;
    out[o + 3] = r.mair120 ?? Number.NaN;
    out[o + 4] = r.medir120 ?? Number.NaN;
    out[o + 5] = r.lastTradeOffset ?? -1;
    out[o + 6] = r.volumeUSD;
    out[o + 7] = r.trades;
  });
  return out;
}

export function unpackRows(packed: Float64Array): BlockRow[] {
  const rows: BlockRow[] = [];
  for (let o = 0; o < packed.length; o += COLUMNS) {
    const mair = packed[o + 3] as number;
    const medir = packed[o + 4] as number;
    const offset = packed[o + 5] as number;
    rows.push({
      series: packed[o] as number,
      time: packed[o + 1] as number,
      ma120: packed[o + 2] as number,
      mair120: Number.isNaN(mair) ? null : mair,
      medir120: Number.isNaN(medir) ? null : medir,
      lastTradeOffset: offset < 0 ? null : offset,
      volumeUSD: packed[o + 6] as number,
      trades: packed[o + 7] as number,
    });
  }
  return rows;
}

/**
 * Splits the coins (`symbols`, default all) into at most `n` shares of about equal trading, measured on a
 * sample of blocks.
 */
export function shareCoins(
  seed: number,
  n: number,
  sampleBlock: number,
  symbols?: readonly string[],
): string[][] {
  const simulator = new MarketSimulator(seed, symbols ? { symbols } : {});
  const load = new Map<string, number>();
  for (let b = sampleBlock - 60; b < sampleBlock; b++) {
    for (const t of simulator.tradesOfBlock(b)) load.set(t.symbol, (load.get(t.symbol) ?? 0) + 1);
  }
  // Every pair costs something even without trades: its series close every block.
  for (const p of PAIRS) {
    if (!p.ignore && (!symbols || symbols.includes(p.symbol)))
      load.set(p.symbol, (load.get(p.symbol) ?? 0) + 40);
  }
  const shares = Array.from({ length: n }, () => ({ symbols: [] as string[], load: 0 }));
  for (const [symbol, weight] of [...load.entries()].sort((a, b) => b[1] - a[1])) {
    const lightest = shares.reduce((a, b) => (b.load < a.load ? b : a));
    lightest.symbols.push(symbol);
    lightest.load += weight;
  }
  return shares.map((s) => s.symbols).filter((s) => s.length > 0);
}

export function workerCount(): number {
  return Math.max(1, Math.min(4, cpus().length));
}

export interface ParallelSeedOptions {
  seed: number;
  /** The coins to seed (default all of the catalog's). */
  symbols?: readonly string[];
  warmUpFrom: number;
  firstBlock: number;
  lastBlock: number;
  keepTradesFromMs: number;
  packFromDay: number;
  workers: number;
  onProgress?: (doneBlocks: number, totalBlocks: number) => void;
}

/** Seeds blocks firstBlock..lastBlock into the store with worker threads. */
export async function seedInParallel(store: Store, options: ParallelSeedOptions): Promise<void> {
  const shares = shareCoins(options.seed, options.workers, options.firstBlock, options.symbols);
  const total = options.lastBlock - options.firstBlock + 1;
  const done = new Array<number>(shares.length).fill(0);
  await Promise.all(
    shares.map((symbols, index) => {
      const seriesIds: [string, number][] = [];
      for (const p of PAIRS) {
        if (p.ignore || !symbols.includes(p.symbol)) continue;
        seriesIds.push([`${p.symbol}|${p.exchange}`, store.seriesId(p.symbol, p.exchange)]);
        seriesIds.push([`${p.symbol}|`, store.seriesId(p.symbol, null)]);
      }
      const task: SeedTask = {
        seed: options.seed,
        symbols,
        seriesIds,
        warmUpFrom: options.warmUpFrom,
        firstBlock: options.firstBlock,
        lastBlock: options.lastBlock,
        keepTradesFromMs: options.keepTradesFromMs,
        chunkBlocks: 180,
        packFromDay: options.packFromDay,
      };
      return new Promise<void>((resolve, reject) => {
        const worker = new Worker(new URL("./seed-worker-entry.mjs", import.meta.url), { workerData: task });
        worker.on(
          "message",
          (message: {
            done?: true;
            blocks: number;
            rows: Float64Array;
            trades: StoredTrade[];
            days: PackedDay[];
          }) => {
            if (message.done) return;
            const rows = unpackRows(message.rows).sort(bySeriesAndTime);
            store.transaction(() => {
              store.insertBlocks(rows);
              store.insertTrades(message.trades);
              for (const d of message.days) store.insertDayColumns(d.series, d.day, d.data);
            });
            done[index] = (done[index] ?? 0) + message.blocks;
            options.onProgress?.(Math.min(...done), total);
          },
        );
        worker.once("error", reject);
        worker.once("exit", (code) =>
          code === 0 ? resolve() : reject(new Error(`seed worker exited with ${code}`)),
        );
      });
    }),
  );
}
