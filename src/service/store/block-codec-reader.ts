// Reads a packed day (block-codec.ts says its layout). Columns are decoded only when asked for, so a chart
// of MA120 decodes one column of each day, not twelve.

import {
  BLOCKS_PER_DAY,
  BUY,
  CANDIDATES,
  CLOSE,
  COLUMN_COUNT,
  FORM_INTEGERS,
  FORM_RAW,
  MA,
  MAIR,
  MAX_OC,
  MIN_OC,
  NONE,
  OF_MA,
  OF_MAIR,
  OF_OPEN,
  OFFSET,
  OPEN,
  ORDER,
  P10,
  PREV_CLOSE,
  SELL,
  VERSION,
} from "./block-codec.ts";
import { ByteReader, readColumn } from "./block-codec-ints.ts";
import { readSlots } from "./block-codec-slots.ts";

export class PackedDayReader {
  /** The slots (0–719) with a block, and those of its blocks with trades, ascending. */
  readonly blocks: Uint16Array;
  readonly traded: Uint16Array;
  private readonly raw: boolean;
  /** Where each column starts (integers: at its predictor byte). */
  private readonly at = new Int32Array(COLUMN_COUNT);
  private exponent = 0;
  /** Decimals of the buy and the sell volumes. */
  private buyDecimals = 0;
  private sellDecimals = 0;
  private firstMa = 0;
  /** Integer columns decoded so far: MA120 one per block, the others one per block with trades. */
  private readonly ints: (Float64Array | undefined)[] = [];
  private maOfTraded: Float64Array | undefined;

  /** `label` names the day in errors ("series 3, day 20000"). */
  constructor(
    private readonly data: Uint8Array,
    label: string,
  ) {
    const version = data[0];
    if (version !== VERSION) {
      throw new Error(
        `${label}: packed in format version ${version ?? "(empty)"}, which this build does not read (it reads ` +
          `version ${VERSION}); re-seed the data directory`,
      );
    }
    const r = new ByteReader(data, 2);
    this.blocks = readSlots(r);
    this.raw = data[1] === FORM_RAW;
    if (this.raw) {
      for (let c = 0; c < COLUMN_COUNT; c++) this.at[c] = r.pos + c * this.blocks.length * 8;
      if (r.pos + COLUMN_COUNT * this.blocks.length * 8 > data.length)
        throw new RangeError(`${label}: truncated`);
      const open = this.column(OPEN);
      this.traded = this.blocks.filter((s) => !Number.isNaN(open[s] as number));
      return;
    }
    if (data[1] !== FORM_INTEGERS) throw new Error(`${label}: unknown form ${data[1]} of packed day`);
    this.traded = readSlots(r);
    this.exponent = r.svarint();
    this.buyDecimals = r.byte();
    this.sellDecimals = r.byte();
    this.firstMa = r.svarint();
    for (const c of ORDER) {
      const length = r.varint();
      this.at[c] = r.pos;
      r.pos += length;
    }
    if (
      r.pos > data.length ||
      Math.max(this.buyDecimals, this.sellDecimals) >= P10.length ||
      Math.abs(this.exponent) >= P10.length
    ) {
      throw new RangeError(`${label}: packed day is truncated or corrupt`);
    }
  }

  /** Column `c` by slot: NaN where the slot has no block or the value is null; 0 for counts without trades. */
  column(c: number): Float64Array {
    const out = new Float64Array(BLOCKS_PER_DAY).fill(Number.NaN);
    if (this.raw) {
      const view = new DataView(this.data.buffer, this.data.byteOffset, this.data.byteLength);
      const at = this.at[c] as number;
      this.blocks.forEach((s, i) => {
        out[s] = view.getFloat64(at + i * 8, true);
      });
      return out;
    }
    if (c >= BUY && c !== OFFSET) for (const s of this.blocks) out[s] = 0;
    const ints = this.intsOf(c);
    const slots = c === MA ? this.blocks : this.traded;
    const n = slots.length;
    if (c <= CLOSE) {
      const e = this.exponent;
      const scale = P10[Math.abs(e)] as number;
      if (e < 0) for (let i = 0; i < n; i++) out[slots[i] as number] = (ints[i] as number) / scale;
      else for (let i = 0; i < n; i++) out[slots[i] as number] = (ints[i] as number) * scale;
    } else if (c <= SELL) {
      const scale = P10[c === BUY ? this.buyDecimals : this.sellDecimals] as number;
      for (let i = 0; i < n; i++) out[slots[i] as number] = (ints[i] as number) / scale;
    } else for (let i = 0; i < n; i++) out[slots[i] as number] = ints[i] as number;
    return out;
  }

  /** buy + sell by slot, as the exact decimal sum of the two (0 without trades, NaN without a block). */
  volume(): Float64Array {
    if (this.raw) {
      const buy = this.column(BUY);
      const sell = this.column(SELL);
      return buy.map((b, s) => b + (sell[s] as number));
    }
    const out = new Float64Array(BLOCKS_PER_DAY).fill(Number.NaN);
    for (const s of this.blocks) out[s] = 0;
    const buy = this.intsOf(BUY);
    const sell = this.intsOf(SELL);
    // Both at the finer of their decimals: exact while the sum stays below 2^53 (for amounts under ~45
    // million coins at 8 decimals; past that, within a unit of the last decimal).
    const d = Math.max(this.buyDecimals, this.sellDecimals);
    const toBuy = P10[d - this.buyDecimals] as number;
    const toSell = P10[d - this.sellDecimals] as number;
    const scale = P10[d] as number;
    const slots = this.traded;
    for (let j = 0; j < slots.length; j++) {
      out[slots[j] as number] = ((buy[j] as number) * toBuy + (sell[j] as number) * toSell) / scale;
    }
    return out;
  }

  /** The stored differences of column `c`, and what they are the difference from. */
  private residuals(c: number): { pred: number; v: Float64Array } {
    const r = new ByteReader(this.data, this.at[c] as number);
    const pred = r.byte();
    if (!(CANDIDATES[c] as number[]).includes(pred))
      throw new RangeError(`packed day: unknown prediction ${pred}`);
    const v = new Float64Array(c === MA ? this.blocks.length : this.traded.length);
    readColumn(r, v.length, v);
    return { pred, v };
  }

  private intsOf(c: number): Float64Array {
    const cached = this.ints[c];
    if (cached) return cached;
    const { pred, v } = this.residuals(c);
    const n = v.length;
    if (c === MA) {
      let k = this.firstMa;
      for (let i = 0; i < n; i++) {
        k += v[i] as number;
        v[i] = k;
      }
    } else if (pred === OF_MA) {
      const ma = this.maTraded();
      for (let j = 0; j < n; j++) v[j] = (v[j] as number) + (ma[j] as number);
    } else if (pred === PREV_CLOSE) {
      const close = this.residuals(CLOSE);
      return this.openAfterClose(v, close.pred === OF_OPEN ? close.v : undefined);
    } else if (pred === OF_OPEN) {
      const open = this.residuals(OPEN);
      if (open.pred === PREV_CLOSE) {
        this.openAfterClose(open.v, v);
        return v;
      }
      const opens = this.intsOf(OPEN);
      for (let j = 0; j < n; j++) v[j] = (v[j] as number) + (opens[j] as number);
    } else if (pred === MAX_OC || pred === MIN_OC) {
      const open = this.intsOf(OPEN);
      const close = this.intsOf(CLOSE);
      const pick = pred === MAX_OC ? Math.max : Math.min;
      for (let j = 0; j < n; j++) v[j] = (v[j] as number) + pick(open[j] as number, close[j] as number);
    } else if (pred === OF_MAIR) {
      const mair = this.intsOf(MAIR);
      for (let j = 0; j < n; j++) v[j] = (v[j] as number) + (mair[j] as number);
    } else if (pred !== NONE) throw new RangeError(`packed day: unknown prediction ${pred}`);
    this.ints[c] = v;
    return v;
  }

  /**
   * Opens predicted from the previous close; closes, when predicted from the open, are decoded in the same
   * pass (`closeResiduals`), since each needs the other's previous value.
   */
  private openAfterClose(open: Float64Array, closeResiduals?: Float64Array): Float64Array {
    const ma = this.maTraded();
    const close = closeResiduals ?? this.intsOf(CLOSE);
    for (let j = 0; j < open.length; j++) {
      open[j] = (open[j] as number) + (j === 0 ? (ma[0] as number) : (close[j - 1] as number));
      if (closeResiduals) close[j] = (close[j] as number) + (open[j] as number);
    }
    this.ints[OPEN] = open;
    this.ints[CLOSE] = close;
    return open;
  }

  /** MA120's integers at the blocks with trades. */
  private maTraded(): Float64Array {
    if (this.maOfTraded) return this.maOfTraded;
    const ma = this.intsOf(MA);
    const out = new Float64Array(this.traded.length);
    let i = 0;
    for (let j = 0; j < out.length; j++) {
      const s = this.traded[j] as number;
      while (i < this.blocks.length && (this.blocks[i] as number) < s) i++;
      if (this.blocks[i] !== s) throw new RangeError("packed day: a block with trades that is not a block");
      out[j] = ma[i] as number;
    }
    this.maOfTraded = out;
    return out;
  }
}
