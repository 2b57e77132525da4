// A seeding worker: simulates and aggregates the blocks of its share of the coins, and posts the block
// rows back in chunks as transferable column buffers. The main thread writes them to the store.
import { parentPort, workerData } from "node:worker_threads";
import type { StoredTrade } from "../store/store.ts";
import { BlockAggregator } from "./aggregator.ts";
import { PAIRS } from "./catalog.ts";
import { packRows, type SeedTask } from "./parallel-seed.ts";
import { MarketSimulator } from "./simulator.ts";

const task = workerData as SeedTask;
const ids = new Map(task.seriesIds);
const symbols = new Set(task.symbols);
const simulator = new MarketSimulator(task.seed, { symbols: task.symbols });
const lookup = {
  seriesId(symbol: string, exchange: string | null): number {
    const id = ids.get(`${symbol}|${exchange ?? ""}`);
    if (id === undefined) throw new Error(`no series id for ${symbol}|${exchange}`);
    return id;
  },
};
const pairs = PAIRS.filter((p) => symbols.has(p.symbol));
const aggregator = new BlockAggregator(lookup, pairs, task.warmUpFrom * 120_000);
for (let block = task.warmUpFrom; block < task.firstBlock; block++) {
  aggregator.aggregate(block, simulator.tradesOfBlock(block), false);
}
for (let from = task.firstBlock; from <= task.lastBlock; from += task.chunkBlocks) {
  const to = Math.min(task.lastBlock, from + task.chunkBlocks - 1);
  const rows = [];
  const trades: StoredTrade[] = [];
  for (let block = from; block <= to; block++) {
    const keep = (block + 1) * 120_000 > task.keepTradesFromMs;
    const aggregated = aggregator.aggregate(block, simulator.tradesOfBlock(block), keep);
    rows.push(...aggregated.rows);
    if (keep) trades.push(...aggregated.trades);
  }
  const packed = packRows(rows);
  parentPort?.postMessage({ blocks: to - from + 1, rows: packed, trades }, [packed.buffer as ArrayBuffer]);
}
parentPort?.postMessage({ done: true });
