// Seeding a long history on every core: each worker thread simulates and aggregates its share of the
// coins (series never span coins, so shares are independent), the main thread writes the rows. The
// simulator is a pure function of (seed, block, pair), so the result equals a single-threaded seed.
import { cpus } from "node:os";
import { Worker } from "node:worker_threads";
import { PAIRS } from "../../catalog/catalog-pairs.ts";
import { seriesOfPairs } from "../../market/aggregator.ts";
import type { BlockRun } from "../../market/trade-source.ts";
import { bySeriesAndTime, type Store } from "../../store/store.ts";
import { type SeedMessage, type SeedTask, unpackRows } from "./seed-task.ts";
import { seedWorkerScript } from "./seed-worker-script.ts";
import { simulatedPairs } from "./simulated-pairs.ts";

/**
 * Splits the coins (`symbols`, default all) into at most `n` shares of about equal work: a pair's expected
 * trades per block (the simulator's Poisson rate), taken by two series each, and each series' closes;
 * weighed from the rates, as simulating blocks to weigh them would delay every worker's start.
 */
export function shareCoins(n: number, symbols?: readonly string[]): string[][] {
  const pairs = simulatedPairs(symbols);
  const load = new Map<string, number>();
  const series = new Set<string>();
  for (let p = 0; p < pairs.count; p++) {
    if (pairs.active[p] === 0) continue;
    const symbol = pairs.symbol[p] as string;
    // A trade is taken by two series (its exchange's and its coin's across exchanges).
    let weight = 2 * (pairs.lambda[p] as number);
    for (const key of [`${symbol}|${pairs.exchange[p]}`, `${symbol}|`]) {
      if (!series.has(key)) weight += SERIES_COST;
      series.add(key);
    }
    load.set(symbol, (load.get(symbol) ?? 0) + weight);
  }
  const shares = Array.from({ length: n }, () => ({ symbols: [] as string[], load: 0 }));
  for (const [symbol, weight] of [...load.entries()].sort((a, b) => b[1] - a[1])) {
    const lightest = shares.reduce((a, b) => (b.load < a.load ? b : a));
    lightest.symbols.push(symbol);
    lightest.load += weight;
  }
  return shares.map((s) => s.symbols).filter((s) => s.length > 0);
}

/** A series' close of a block, in trades taken: it closes every block, with trades or without. */
const SERIES_COST = 9;

/** Worker threads for a long run: one per core, at most 4. */
export function workerCount(): number {
  return Math.max(1, Math.min(4, cpus().length));
}

/**
 * Seeds the run's blocks firstBlock..lastBlock of the market of `seed` into the store with `workers` worker
 * threads.
 */
export async function seedInParallel(
  store: Store,
  seed: number,
  workers: number,
  options: BlockRun,
): Promise<void> {
  // Bundled (in esbuild's own process) while the shares are measured. No log of the service's reaches a
  // seed, so a failed bundle is told as a process warning (Node writes it to the standard error).
  const scriptReady = seedWorkerScript((error) => {
    const why = error instanceof Error ? error.message : String(error);
    process.emitWarning(
      `seed workers start from the TypeScript entry, each loading its modules through tsx: bundling failed: ${why}`,
      { code: "SEED_WORKER_NOT_BUNDLED" },
    );
  });
  // A function cannot cross to a worker.
  const { onProgress, ...run } = options;
  const shares = shareCoins(workers, options.symbols);
  const total = options.lastBlock - options.firstBlock + 1;
  const done = new Array<number>(shares.length).fill(0);
  const seeded = new Set(shares.flat());
  const ids = await seriesOfPairs(
    store,
    PAIRS.filter((p) => seeded.has(p.symbol)),
  );
  const script = await scriptReady;
  await Promise.all(
    shares.map((symbols, index) => {
      const seriesIds: [string, number][] = [];
      for (const p of PAIRS) {
        if (p.ignore || !symbols.includes(p.symbol)) continue;
        seriesIds.push([`${p.symbol}|${p.exchange}`, ids.seriesId(p.symbol, p.exchange)]);
        seriesIds.push([`${p.symbol}|`, ids.seriesId(p.symbol, null)]);
      }
      const inFlight = new Int32Array(new SharedArrayBuffer(4));
      const task: SeedTask = { ...run, seed, symbols, seriesIds, chunkBlocks: 720, inFlight };
      // The worker's chunks are stored one after the other; the share is done when the worker has ended
      // and its last chunk is stored.
      let writes: Promise<void> = Promise.resolve();
      const ended = new Promise<void>((resolve, reject) => {
        const worker = new Worker(script, { workerData: task });
        worker.on("message", (message: SeedMessage) => {
          if (message.done) return;
          const rows = unpackRows(message.rows).sort(bySeriesAndTime);
          writes = writes.then(async () => {
            await store.write({ blocks: rows, trades: message.trades, days: message.days });
            Atomics.sub(inFlight, 0, 1);
            Atomics.notify(inFlight, 0);
            done[index] = (done[index] ?? 0) + message.blocks;
            onProgress?.(Math.min(...done), total);
          });
          // A failed write ends the seed: the worker is stopped rather than left waiting for room.
          writes.catch((error) => {
            reject(error);
            void worker.terminate();
          });
        });
        worker.once("error", reject);
        worker.once("exit", (code) =>
          code === 0 ? resolve() : reject(new Error(`seed worker exited with ${code}`)),
        );
      });
      return ended.then(() => writes);
    }),
  );
}
