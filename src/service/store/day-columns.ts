// Complete UTC days of a series' blocks, packed into one BLOB per (series, day) (block-codec.ts): chart and
// candle reads take a few blobs instead of thousands of rows, and never format a number on the way. Rows
// stay the source of truth; a day is packed once it ended.
import type { CandleColumns } from "../../interface/candles.ts";
import type { Filter } from "../../interface/vocabulary.ts";
import {
  BLOCKS_PER_DAY,
  BUY,
  CLOSE,
  COLUMN_COUNT,
  encodeDay,
  HIGH,
  LEFT_OUT,
  LOW,
  MA,
  MAIR,
  MEDIR,
  OFFSET,
  OPEN,
  SELL,
  TRADES,
} from "./block-codec.ts";
import { PackedDayReader } from "./block-codec-reader.ts";
import type { BlockRow, PointColumns } from "./store.ts";

const DAY = 86_400;
const COLUMN_OF: Record<Filter, number> = { MA120: MA, MAIR120: MAIR, MEDIR120: MEDIR };

/** The UTC day a block belongs to (the day its 120 seconds start in), from its end time. */
export function dayOfBlockEnd(end: number): number {
  return Math.floor((end - 120) / DAY);
}

/** A block's figures as numbers, NaN where its row has null (the aggregator's ClosedFigures). */
export interface BlockFigures {
  readonly ma120: number;
  readonly mair120: number;
  readonly medir120: number;
  readonly lastTradeOffset: number;
  readonly trades: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly buyVolume: number;
  readonly sellVolume: number;
  readonly tradesLeftOut: number;
}

/** The codec's input by column (column c at c × 720), filled from a day's values as it is encoded. */
const byColumn = new Float64Array(COLUMN_COUNT * BLOCKS_PER_DAY);

/** One (series, day) being packed: rows are added (in any order), `data` is the packed blob. */
export class DayColumns {
  private readonly present = new Uint8Array(BLOCKS_PER_DAY);
  /** A block's 12 figures side by side (slot × 12 + column): adding one touches one or two cache lines. */
  private readonly values = new Float64Array(COLUMN_COUNT * BLOCKS_PER_DAY);
  private encoded: Uint8Array | null = null;

  constructor(
    readonly series: number,
    private currentDay: number,
  ) {}

  get day(): number {
    return this.currentDay;
  }

  /**
   * Empties it for another day of the series: a seed packs a day of every series in turn, and reusing the
   * columns spares allocating (and collecting) them per series and day.
   */
  restart(day: number): void {
    this.currentDay = day;
    this.present.fill(0);
    this.hasBlocks = false;
    this.encoded = null;
  }

  /** Whether a block was added since it was made or restarted. */
  hasBlocks = false;

  /** Adds a block from its figures as numbers (NaN for null), as a seed packs without making rows. */
  addFigures(time: number, f: BlockFigures): void {
    const at = this.slotOf(time) * COLUMN_COUNT;
    const v = this.values;
    v[at + MA] = f.ma120;
    v[at + MAIR] = f.mair120;
    v[at + MEDIR] = f.medir120;
    v[at + OPEN] = f.open;
    v[at + HIGH] = f.high;
    v[at + LOW] = f.low;
    v[at + CLOSE] = f.close;
    v[at + BUY] = f.buyVolume;
    v[at + SELL] = f.sellVolume;
    v[at + TRADES] = f.trades;
    v[at + LEFT_OUT] = f.tradesLeftOut;
    v[at + OFFSET] = f.lastTradeOffset;
  }

  add(row: BlockRow): void {
    const nan = (x: number | null) => x ?? Number.NaN;
    this.addFigures(row.time, {
      ...row,
      mair120: nan(row.mair120),
      medir120: nan(row.medir120),
      lastTradeOffset: nan(row.lastTradeOffset),
      open: nan(row.open),
      high: nan(row.high),
      low: nan(row.low),
      close: nan(row.close),
    });
  }

  /** The slot of the block ending at `time`, marked present (the blob is made again when next asked). */
  private slotOf(time: number): number {
    const slot = (time - 120 - this.currentDay * DAY) / 120;
    if (!Number.isInteger(slot) || slot < 0 || slot >= BLOCKS_PER_DAY) {
      throw new RangeError(
        `series ${this.series}: the block ending at ${time} is not one of day ${this.day}`,
      );
    }
    this.present[slot] = 1;
    this.hasBlocks = true;
    this.encoded = null;
    return slot;
  }

  /** The packed day (encoded when first asked after an add), in an ArrayBuffer of its own. */
  get data(): Uint8Array {
    if (this.encoded === null) {
      // The codec reads by column: the day's values are turned once, into a scratch the encodes share.
      const v = this.values;
      for (let slot = 0; slot < BLOCKS_PER_DAY; slot++) {
        if (this.present[slot] === 0) continue;
        const at = slot * COLUMN_COUNT;
        for (let c = 0; c < COLUMN_COUNT; c++) byColumn[c * BLOCKS_PER_DAY + slot] = v[at + c] as number;
      }
      this.encoded = encodeDay({ present: this.present, values: byColumn });
    }
    return this.encoded;
  }
}

type Days = readonly { day: number; data: Uint8Array }[];

/** Whether any block of `day` could have a point or candle time in [from, to]. */
function overlaps(day: number, from: number, to: number): boolean {
  return day * DAY <= to && (day + 1) * DAY >= from;
}

/**
 * Appends a filter's points of packed days (ascending) whose point time lies in [from, to]: MA120 at the
 * block end, MAIR120 and MEDIR120 at the last trade (block start + last-trade offset).
 */
export function appendDayPoints(
  days: Days,
  filter: Filter,
  from: number,
  to: number,
  out: PointColumns,
): void {
  const column = COLUMN_OF[filter];
  for (const { day, data } of days) {
    if (!overlaps(day, from, to)) continue;
    const reader = new PackedDayReader(data, `packed day ${day}`);
    const values = reader.column(column);
    const offsets = column === MA ? null : reader.column(OFFSET);
    const dayStart = day * DAY;
    for (let slot = 0; slot < BLOCKS_PER_DAY; slot++) {
      const value = values[slot] as number;
      if (Number.isNaN(value)) continue;
      const start = dayStart + 120 * slot;
      const t = offsets ? start + (offsets[slot] as number) : start + 120;
      if (!(t >= from && t <= to)) continue; // also a NaN offset of a raw day
      out.times.push(t);
      out.values.push(value);
    }
  }
}

/**
 * Appends the candles of packed days (ascending) whose block start lies in [from, to]: one per block with
 * trades, its volume the exact decimal sum of its buy and sell volumes.
 */
export function appendDayCandles(days: Days, from: number, to: number, out: CandleColumns): void {
  for (const { day, data } of days) {
    if (!overlaps(day, from, to)) continue;
    const reader = new PackedDayReader(data, `packed day ${day}`);
    const [open, high, low, close, buy, sell, trades] = [OPEN, HIGH, LOW, CLOSE, BUY, SELL, TRADES].map((c) =>
      reader.column(c),
    ) as Float64Array[];
    const volume = reader.volume();
    const dayStart = day * DAY;
    for (const slot of reader.traded) {
      const start = dayStart + 120 * slot;
      if (start < from || start > to) continue;
      out.times.push(start);
      out.open.push(open?.[slot] as number);
      out.high.push(high?.[slot] as number);
      out.low.push(low?.[slot] as number);
      out.close.push(close?.[slot] as number);
      out.volume.push(volume[slot] as number);
      out.buyVolume.push(buy?.[slot] as number);
      out.sellVolume.push(sell?.[slot] as number);
      out.trades.push(trades?.[slot] as number);
    }
  }
}

/** The rows of a packed day, oldest first (volumeUSD, which packed days do not keep, is 0). */
export function decodeDayBlocks(data: Uint8Array, series: number, day: number): BlockRow[] {
  const reader = new PackedDayReader(data, `series ${series}, packed day ${day}`);
  const columns = Array.from({ length: COLUMN_COUNT }, (_, c) => reader.column(c));
  const at = (c: number, slot: number): number => columns[c]?.[slot] as number;
  const orNull = (c: number, slot: number): number | null => (Number.isNaN(at(c, slot)) ? null : at(c, slot));
  return Array.from(reader.blocks, (slot) => ({
    series,
    time: day * DAY + 120 * (slot + 1),
    ma120: at(MA, slot),
    mair120: orNull(MAIR, slot),
    medir120: orNull(MEDIR, slot),
    lastTradeOffset: orNull(OFFSET, slot),
    volumeUSD: 0,
    trades: at(TRADES, slot),
    open: orNull(OPEN, slot),
    high: orNull(HIGH, slot),
    low: orNull(LOW, slot),
    close: orNull(CLOSE, slot),
    buyVolume: at(BUY, slot),
    sellVolume: at(SELL, slot),
    tradesLeftOut: at(LEFT_OUT, slot),
  }));
}
