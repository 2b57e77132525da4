// A seeding worker: simulates and aggregates the blocks of its share of the coins, and posts the block
// rows back in chunks as transferable column buffers. The main thread writes them to the store.
import { parentPort, workerData } from "node:worker_threads";
import { PAIRS } from "../../catalog/catalog-pairs.ts";
import { BlockAggregator } from "../../market/aggregator.ts";
import { DayColumns, dayOfBlockEnd } from "../../store/day-columns.ts";
import type { StoredTrade } from "../../store/store.ts";
import {
  MAX_CHUNKS_IN_FLIGHT,
  type PackedDay,
  packRows,
  type SeedMessage,
  type SeedTask,
} from "./seed-task.ts";
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
// The days being packed, by series; posted when their last block has been aggregated.
let packing = new Map<number, DayColumns>();
for (let from = task.firstBlock; from <= task.lastBlock; from += task.chunkBlocks) {
  const to = Math.min(task.lastBlock, from + task.chunkBlocks - 1);
  const rows = [];
  const trades: StoredTrade[] = [];
  const days: PackedDay[] = [];
  for (let block = from; block <= to; block++) {
    const keep = (block + 1) * 120_000 > task.keepTradesFromMs;
    const aggregated = aggregator.aggregate(block, simulator.tradesOfBlock(block), keep);
    if (keep) trades.push(...aggregated.trades);
    const end = (block + 1) * 120;
    const day = dayOfBlockEnd(end);
    if (day < task.packFromDay || end > task.rowsAfter) rows.push(...aggregated.rows);
    if (day < task.packFromDay) continue;
    for (const row of aggregated.rows) {
      let columns = packing.get(row.series);
      if (!columns) {
        columns = new DayColumns(row.series, day);
        packing.set(row.series, columns);
      }
      columns.add(row);
    }
    if (end % 86_400 === 0) {
      for (const columns of packing.values()) days.push({ series: columns.series, day, data: columns.data });
      packing = new Map();
    }
  }
  const packed = packRows(rows);
  const transfer = [packed.buffer as ArrayBuffer, ...days.map((d) => d.data.buffer as ArrayBuffer)];
  const message: SeedMessage = { blocks: to - from + 1, rows: packed, trades, days };
  for (
    let n = Atomics.load(task.inFlight, 0);
    n >= MAX_CHUNKS_IN_FLIGHT;
    n = Atomics.load(task.inFlight, 0)
  ) {
    Atomics.wait(task.inFlight, 0, n, 1000);
  }
  Atomics.add(task.inFlight, 0, 1);
  parentPort?.postMessage(message, transfer);
}
const done: SeedMessage = { done: true };
parentPort?.postMessage(done);
