// Complete UTC days of a series' block values, packed into one BLOB per (series, day): chart reads take a
// few blobs instead of thousands of rows, and never format a number on the way (SQLite rendering values
// as text was most of a cold chart read). Rows stay the source of truth; a day is packed once it ended.
import type { Filter } from "../../interface/vocabulary.ts";
import type { BlockRow, PointColumns } from "./store.ts";

const DAY = 86_400;
export const BLOCKS_PER_DAY = 720;
const NO_OFFSET = 255;
/** Three Float64 columns (MA120, MAIR120, MEDIR120; NaN where no value) then one byte of last-trade offset. */
export const DAY_BYTES = BLOCKS_PER_DAY * 3 * 8 + BLOCKS_PER_DAY;
const COLUMN_OF: Record<Filter, number> = { MA120: 0, MAIR120: 1, MEDIR120: 2 };

/** The UTC day a block belongs to (the day its 120 seconds start in), from its end time. */
export function dayOfBlockEnd(end: number): number {
  return Math.floor((end - 120) / DAY);
}

/** One (series, day) being packed. */
export class DayColumns {
  readonly data = new Uint8Array(DAY_BYTES);
  private readonly values = new Float64Array(this.data.buffer, 0, BLOCKS_PER_DAY * 3);
  private readonly offsets = new Uint8Array(this.data.buffer, BLOCKS_PER_DAY * 24, BLOCKS_PER_DAY);

  constructor(
    readonly series: number,
    readonly day: number,
  ) {
    this.values.fill(Number.NaN);
    this.offsets.fill(NO_OFFSET);
  }

  add(row: BlockRow): void {
    const slot = (row.time - 120 - this.day * DAY) / 120;
    this.values[slot] = row.ma120;
    this.values[BLOCKS_PER_DAY + slot] = row.mair120 ?? Number.NaN;
    this.values[2 * BLOCKS_PER_DAY + slot] = row.medir120 ?? Number.NaN;
    this.offsets[slot] = row.lastTradeOffset ?? NO_OFFSET;
  }
}

/**
 * Appends a filter's points of packed days (ascending) whose point time lies in [from, to]: MA120 at the
 * block end, MAIR120 and MEDIR120 at the last trade.
 */
export function appendDayPoints(
  days: readonly { day: number; data: Uint8Array }[],
  filter: Filter,
  from: number,
  to: number,
  out: PointColumns,
): void {
  const column = COLUMN_OF[filter] * BLOCKS_PER_DAY;
  for (const { day, data } of days) {
    // A copy: SQLite's buffer need not be aligned for a Float64Array view.
    const aligned = data.byteOffset % 8 === 0 ? data : new Uint8Array(data);
    const values = new Float64Array(aligned.buffer, aligned.byteOffset, BLOCKS_PER_DAY * 3);
    const offsets = new Uint8Array(aligned.buffer, aligned.byteOffset + BLOCKS_PER_DAY * 24, BLOCKS_PER_DAY);
    const dayStart = day * DAY;
    for (let slot = 0; slot < BLOCKS_PER_DAY; slot++) {
      const value = values[column + slot] as number;
      if (Number.isNaN(value)) continue;
      const end = dayStart + 120 * (slot + 1);
      const t = filter === "MA120" ? end : end - 120 + (offsets[slot] as number);
      if (t < from || t > to) continue;
      out.times.push(t);
      out.values.push(value);
    }
  }
}
