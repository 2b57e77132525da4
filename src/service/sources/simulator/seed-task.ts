// What a seeding worker (seed-worker.ts) and the thread that starts it (parallel-seed.ts) say to each other:
// the task, and the block rows packed so a chunk crosses threads without copying. Both load this, and
// neither loads the other.
import type { BlockRun } from "../../market/trade-source.ts";
import type { BlockRow, PackedDay, StoredTrade } from "../../store/store.ts";

/** A worker's share of a run: rows are posted only for the blocks the store keeps rows of (BlockRun). */
export interface SeedTask extends Omit<BlockRun, "symbols" | "onProgress"> {
  seed: number;
  symbols: string[];
  seriesIds: [string, number][];
  chunkBlocks: number;
  /**
   * Chunks posted and not yet stored, shared with the main thread (an Int32Array over a SharedArrayBuffer):
   * a worker waits while MAX_CHUNKS_IN_FLIGHT are, so a store slower than the simulation (PostgreSQL across
   * a network) never has a month of rows queued in memory.
   */
  inFlight: Int32Array;
}

export const MAX_CHUNKS_IN_FLIGHT = 4;

/** What a worker posts: a chunk of blocks done, then `done` alone when its share is seeded. */
export type SeedMessage =
  | { done?: undefined; blocks: number; rows: Float64Array; trades: StoredTrade[]; days: PackedDay[] }
  | { done: true };

/** A row's fields in the order they are packed; a null (no trades) travels as NaN. */
const FIELDS = [
  "series",
  "time",
  "ma120",
  "mair120",
  "medir120",
  "lastTradeOffset",
  "volumeUSD",
  "trades",
  "open",
  "high",
  "low",
  "close",
  "buyVolume",
  "sellVolume",
  "tradesLeftOut",
] as const satisfies readonly (keyof BlockRow)[];
const COLUMNS = FIELDS.length;

/** Block rows as one Float64Array, so a chunk crosses threads without copying. */
export function packRows(rows: BlockRow[]): Float64Array {
  const out = new Float64Array(rows.length * COLUMNS);
  rows.forEach((row, i) => {
    for (let f = 0; f < COLUMNS; f++) out[i * COLUMNS + f] = row[FIELDS[f] as keyof BlockRow] ?? Number.NaN;
  });
  return out;
}

const orNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

export function unpackRows(packed: Float64Array): BlockRow[] {
  const rows: BlockRow[] = [];
  // One object literal per row, in FIELDS' order: a shape V8 makes once (rows are millions when seeding).
  for (let o = 0; o < packed.length; o += COLUMNS) {
    rows.push({
      series: packed[o] as number,
      time: packed[o + 1] as number,
      ma120: packed[o + 2] as number,
      mair120: orNull(packed[o + 3] as number),
      medir120: orNull(packed[o + 4] as number),
      lastTradeOffset: orNull(packed[o + 5] as number),
      volumeUSD: packed[o + 6] as number,
      trades: packed[o + 7] as number,
      open: orNull(packed[o + 8] as number),
      high: orNull(packed[o + 9] as number),
      low: orNull(packed[o + 10] as number),
      close: orNull(packed[o + 11] as number),
      buyVolume: packed[o + 12] as number,
      sellVolume: packed[o + 13] as number,
      tradesLeftOut: packed[o + 14] as number,
    });
  }
  return rows;
}
