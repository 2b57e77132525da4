// What a seeding worker (seed-worker.ts) and the thread that starts it (parallel-seed.ts) say to each other:
// the task, and the block rows packed so a chunk crosses threads without copying. Both load this, and
// neither loads the other.
import type { BlockRow, StoredTrade } from "../../store/store.ts";

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
  /**
   * Chunks posted and not yet stored, shared with the main thread (an Int32Array over a SharedArrayBuffer):
   * a worker waits while MAX_CHUNKS_IN_FLIGHT are, so a store slower than the simulation (PostgreSQL across
   * a network) never has a month of rows queued in memory.
   */
  inFlight: Int32Array;
}

export const MAX_CHUNKS_IN_FLIGHT = 4;

/** A packed (series, day), as a worker posts it. */
export interface PackedDay {
  series: number;
  day: number;
  data: Uint8Array;
}

/** What a worker posts: a chunk of blocks done, then `done` alone when its share is seeded. */
export type SeedMessage =
  | { done?: undefined; blocks: number; rows: Float64Array; trades: StoredTrade[]; days: PackedDay[] }
  | { done: true };

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
