// A seeding worker: simulates and aggregates the blocks of its share of the coins, and posts the block
// rows back in chunks as transferable column buffers. The main thread writes them to the store.
import { parentPort, workerData } from "node:worker_threads";
import { PAIRS } from "../../catalog/catalog-pairs.ts";
import { BlockAggregator, type ClosedFigures, rowOf, storedTradeOf } from "../../market/aggregator.ts";
import type { SourceTrade } from "../../market/trade-source.ts";
import { DayColumns, dayOfBlockEnd } from "../../store/day-columns.ts";
import type { BlockRow, PackedDay, StoredTrade } from "../../store/store.ts";
import { MAX_CHUNKS_IN_FLIGHT, packRows, type SeedMessage, type SeedTask } from "./seed-task.ts";
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
const aggregator = new BlockAggregator(lookup, pairs, task.warmUpFrom * 120_000, simulator.pairList);
for (let block = task.warmUpFrom; block < task.firstBlock; block++) {
  aggregator.aggregateInto(block, simulator.simulateBlock(block), null);
}
/**
 * What becomes of each closed block: its row when rows travel, and its slot in its series' packed day
 * (the block under way in fields, set once per block).
 */
class BlockSink {
  /** The day being packed of each series (by id), restarted when a new day begins. */
  readonly packing: (DayColumns | undefined)[] = [];
  private packingDay = Number.NaN;
  rows: BlockRow[] = [];
  end = 0;
  day = 0;
  wantRows = false;
  packs = false;

  /** Sets the block about to be closed. */
  block(block: number): void {
    this.end = (block + 1) * 120;
    this.day = dayOfBlockEnd(this.end);
    // Rows travel for the days packed from rows afterwards and for the hours the store keeps rows of.
    this.wantRows = this.day < task.packFromDay || this.end > task.rowsAfter;
    this.packs = this.day >= task.packFromDay;
  }

  visit(series: number, figures: ClosedFigures): void {
    if (this.wantRows) this.rows.push(rowOf(series, this.end, figures));
    if (this.packs) this.packingOf(series).addFigures(this.end, figures);
  }

  /** The packed day of `series` under way. */
  packingOf(series: number): DayColumns {
    const day = this.day;
    if (day !== this.packingDay) {
      for (const columns of this.packing) columns?.restart(day);
      this.packingDay = day;
    }
    let columns = this.packing[series];
    if (!columns) {
      columns = new DayColumns(series, day);
      this.packing[series] = columns;
    }
    return columns;
  }
}

const sink = new BlockSink();
let trades: StoredTrade[] = [];
let days: PackedDay[] = [];
let from = task.firstBlock;
for (let block = task.firstBlock; block <= task.lastBlock; block++) {
  sink.block(block);
  const columns = simulator.simulateBlock(block);
  if ((block + 1) * 120_000 > task.keepTradesFromMs) {
    // The trades of the last hour are kept, with their IDs: made as objects of the columns aggregated
    // below, each with its place in the block's list.
    const made = simulator.tradesOfColumns(block, columns);
    for (let i = 0; i < made.length; i++) {
      const trade = made[i] as SourceTrade;
      const series = ids.get(`${trade.symbol}|${trade.exchange}`);
      if (series !== undefined) trades.push(storedTradeOf(trade, series, i));
    }
  }
  // Every block is aggregated from the simulator's columns and packed from its figures, without an object
  // per trade or per block.
  aggregator.aggregateInto(block, columns, sink);
  if (sink.packs && sink.end % 86_400 === 0) {
    // A series that had no block this day (it had never traded) has nothing to post.
    for (const columns of sink.packing) {
      if (columns?.hasBlocks) days.push({ series: columns.series, day: sink.day, data: columns.data });
    }
  }
  // A message holds a day of blocks (one store transaction), rows included, so the rows of the last hours
  // reach the store in few transactions, each nearly in key order.
  if (block - from + 1 < task.chunkBlocks && block < task.lastBlock) {
    continue;
  }
  const packed = packRows(sink.rows);
  const transfer = [packed.buffer as ArrayBuffer, ...days.map((d) => d.data.buffer as ArrayBuffer)];
  const message: SeedMessage = { blocks: block - from + 1, rows: packed, trades, days };
  for (
    let n = Atomics.load(task.inFlight, 0);
    n >= MAX_CHUNKS_IN_FLIGHT;
    n = Atomics.load(task.inFlight, 0)
  ) {
    Atomics.wait(task.inFlight, 0, n, 1000);
  }
  Atomics.add(task.inFlight, 0, 1);
  parentPort?.postMessage(message, transfer);
  sink.rows = [];
  trades = [];
  days = [];
  from = block + 1;
}
const done: SeedMessage = { done: true };
parentPort?.postMessage(done);
