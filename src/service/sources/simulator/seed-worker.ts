// A seeding worker: simulates and aggregates the blocks of its share of the coins, and posts the block
// rows back in chunks as transferable column buffers. The main thread writes them to the store.
import { parentPort, workerData } from "node:worker_threads";
import { PAIRS } from "../../catalog/catalog-pairs.ts";
import { BlockAggregator } from "../../market/aggregator.ts";
import { DayColumns, dayOfBlockEnd } from "../../store/day-columns.ts";
import type { BlockRow, StoredTrade } from "../../store/store.ts";
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
const routes = aggregator.routes(simulator.pairList);
for (let block = task.warmUpFrom; block < task.firstBlock; block++) {
  aggregator.aggregateColumns(block, simulator.simulateBlock(block), routes);
}
// The day being packed of each series (by id); posted when its last block has been aggregated, then
// restarted for the next day.
const packing: (DayColumns | undefined)[] = [];
let packingDay = Number.NaN;
for (let from = task.firstBlock; from <= task.lastBlock; from += task.chunkBlocks) {
  const to = Math.min(task.lastBlock, from + task.chunkBlocks - 1);
  const rows: BlockRow[] = [];
  const trades: StoredTrade[] = [];
  const days: PackedDay[] = [];
  for (let block = from; block <= to; block++) {
    const keep = (block + 1) * 120_000 > task.keepTradesFromMs;
    // Blocks whose trades are kept go through trade objects (stored with their IDs); the others, nearly all
    // of a long seed, are aggregated from the simulator's columns.
    let blockRows: BlockRow[];
    if (keep) {
      const aggregated = aggregator.aggregate(block, simulator.tradesOfBlock(block), true);
      for (const trade of aggregated.trades) trades.push(trade);
      blockRows = aggregated.rows;
    } else blockRows = aggregator.aggregateColumns(block, simulator.simulateBlock(block), routes);
    const end = (block + 1) * 120;
    const day = dayOfBlockEnd(end);
    if (day < task.packFromDay || end > task.rowsAfter) for (const row of blockRows) rows.push(row);
    if (day < task.packFromDay) continue;
    if (day !== packingDay) {
      for (const columns of packing) columns?.restart(day);
      packingDay = day;
    }
    for (const row of blockRows) {
      let columns = packing[row.series];
      if (!columns) {
        columns = new DayColumns(row.series, day);
        packing[row.series] = columns;
      }
      columns.add(row);
    }
    if (end % 86_400 === 0) {
      // A series that had no block this day (it had never traded) has nothing to post.
      for (const columns of packing) {
        if (columns?.hasBlocks) days.push({ series: columns.series, day, data: columns.data });
      }
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
