// A seeding worker: simulates and aggregates the blocks of its share of the coins, and posts the block
// rows back in chunks as transferable column buffers. The main thread writes them to the store.
import { parentPort, workerData } from "node:worker_threads";
import { PAIRS } from "../../catalog/catalog-pairs.ts";
import { BlockAggregator, type ClosedFigures, rowOf } from "../../market/aggregator.ts";
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

/** The packed day of `series` under way, restarted when a new day begins. */
function packingOf(series: number, day: number): DayColumns {
  if (day !== packingDay) {
    for (const columns of packing) columns?.restart(day);
    packingDay = day;
  }
  let columns = packing[series];
  if (!columns) {
    columns = new DayColumns(series, day);
    packing[series] = columns;
  }
  return columns;
}

// The block being closed, as the visitor of aggregateColumnsInto sees it (one function for the whole seed).
let rows: BlockRow[] = [];
let end = 0;
let day = 0;
let wantRows = false;
let packs = false;
const visit = (series: number, figures: ClosedFigures): void => {
  if (wantRows) rows.push(rowOf(series, end, figures));
  if (packs) packingOf(series, day).addFigures(end, figures);
};

for (let from = task.firstBlock; from <= task.lastBlock; from += task.chunkBlocks) {
  const to = Math.min(task.lastBlock, from + task.chunkBlocks - 1);
  rows = [];
  const trades: StoredTrade[] = [];
  const days: PackedDay[] = [];
  for (let block = from; block <= to; block++) {
    end = (block + 1) * 120;
    day = dayOfBlockEnd(end);
    // Rows travel for the days packed from rows afterwards and for the hours the store keeps rows of.
    wantRows = day < task.packFromDay || end > task.rowsAfter;
    packs = day >= task.packFromDay;
    if ((block + 1) * 120_000 > task.keepTradesFromMs) {
      // Blocks whose trades are kept go through trade objects (stored with their IDs).
      const aggregated = aggregator.aggregate(block, simulator.tradesOfBlock(block), true);
      for (const trade of aggregated.trades) trades.push(trade);
      if (wantRows) for (const row of aggregated.rows) rows.push(row);
      if (packs) for (const row of aggregated.rows) packingOf(row.series, day).add(row);
    } else {
      // The others, nearly all of a long seed, are aggregated from the simulator's columns and packed
      // from their figures, without an object per trade or per block.
      aggregator.aggregateColumnsInto(block, simulator.simulateBlock(block), routes, visit);
    }
    if (packs && end % 86_400 === 0) {
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
