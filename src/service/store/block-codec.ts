// The packed form of one (series, UTC day) of blocks: columns of integers, a fraction of the bytes of its
// doubles. Layout:
//   version (1) · form (0 integers, 1 raw doubles) · the slots that have a block · the slots with trades
//   integers: price exponent e · decimals of buy and of sell volumes · first MA120 · 12 columns, each [byte length, predictor,
//             column (block-codec-ints.ts)]; MA120 has one value per block, the others one per block with
//             trades (the rest are null or 0, so they take nothing)
//   raw:      12 columns of Float64 (NaN for null), one value per block
// Prices are whole multiples of 10^e (e from the day's smallest price, so that nine significant digits fit),
// stored as the difference from a prediction (the previous MA120, the block's MA120, its open...) chosen
// per column and day by measuring. A day whose figures do not fit (a price with more digits, integers past
// 2^53, an inconsistent row) is stored raw: never rounded, never corrupted.

import { ByteWriter, type ColumnPlan, planColumn } from "./block-codec-ints.ts";
import { writeSlots } from "./block-codec-slots.ts";
import { writeColumn } from "./block-codec-write.ts";
import { PRICE_DIGITS } from "./block-rounding.ts";

export const BLOCKS_PER_DAY = 720;
/** The columns of a day, by index. */
export const MA = 0;
export const MAIR = 1;
export const MEDIR = 2;
export const OPEN = 3;
export const HIGH = 4;
export const LOW = 5;
export const CLOSE = 6;
export const BUY = 7;
export const SELL = 8;
export const TRADES = 9;
export const LEFT_OUT = 10;
export const OFFSET = 11;
export const COLUMN_COUNT = 12;

export const VERSION = 1;
export const FORM_INTEGERS = 0;
export const FORM_RAW = 1;
const VOLUME_DECIMALS = 8;
const VOLUME_LIMIT = 2 ** 47;
/** Exact powers of ten (10^22 is the last a double holds exactly). */
export const P10: number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** Columns in blob order: each after the ones its predictions may use. */
export const ORDER = [MA, MAIR, MEDIR, OPEN, CLOSE, HIGH, LOW, BUY, SELL, TRADES, LEFT_OUT, OFFSET];

/** What a column's integers are the difference from. */
const PREV = 0; // the previous value of the column (MA120: of the previous block)
export const OF_MA = 1; // the block's MA120
export const OF_MAIR = 2;
export const OF_OPEN = 3;
export const PREV_CLOSE = 4; // the close of the previous block with trades (the first: its MA120)
export const MAX_OC = 5; // max(open, close)
export const MIN_OC = 6;
export const NONE = 7; // the value itself
export const CANDIDATES: number[][] = [
  [PREV],
  [OF_MA],
  [OF_MA, OF_MAIR],
  [OF_MA, PREV_CLOSE],
  [OF_MA, MAX_OC],
  [OF_MA, MIN_OC],
  [OF_MA, OF_OPEN],
  [NONE],
  [NONE],
  [NONE],
  [NONE],
  [NONE],
];

/** 10^x as the double nearest it, as a literal would be (10 ** -3 need not be). |x| ≤ 22. */
function pow10(x: number): number {
  return x >= 0 ? (P10[x] as number) : 1 / (P10[-x] as number);
}

/** A day being packed: which slots have a block, and each column by slot (column c at c × 720; NaN = null). */
interface DayValues {
  present: Uint8Array;
  values: Float64Array;
}

/** The encoded blob of a day; in an ArrayBuffer of its own. */
export function encodeDay(day: DayValues): Uint8Array {
  return encodeIntegers(day) ?? encodeRaw(day);
}

const out = new ByteWriter();
const column = new ByteWriter();
/**
 * The day's integers, dense (so predictions and columns read them in order): column c at c × 720, its j-th
 * value that of the j-th block (MA120) or of the j-th block with trades (the others).
 */
const ints = new Float64Array(COLUMN_COUNT * BLOCKS_PER_DAY);
/** MA120's integer at each block with trades, for the predictions from it. */
const maOfTrade = new Float64Array(BLOCKS_PER_DAY);
const blockSlots = new Uint16Array(BLOCKS_PER_DAY);
const tradeSlots = new Uint16Array(BLOCKS_PER_DAY);
/** Which of blockSlots each block with trades is, and the slots of the blocks without trades. */
const tradeBlock = new Uint16Array(BLOCKS_PER_DAY);
const idleSlots = new Uint16Array(BLOCKS_PER_DAY);
const residuals = [new Float64Array(BLOCKS_PER_DAY), new Float64Array(BLOCKS_PER_DAY)];

function header(present: Uint8Array, form: number): number {
  out.pos = 0;
  out.byte(VERSION);
  out.byte(form);
  let n = 0;
  for (let s = 0; s < BLOCKS_PER_DAY; s++) if (present[s]) blockSlots[n++] = s;
  writeSlots(out, blockSlots, n);
  return n;
}

function encodeRaw({ present, values }: DayValues): Uint8Array {
  const n = header(present, FORM_RAW);
  out.ensure(COLUMN_COUNT * n * 8);
  const view = new DataView(out.buf.buffer);
  for (let c = 0; c < COLUMN_COUNT; c++) {
    for (let i = 0; i < n; i++, out.pos += 8) {
      view.setFloat64(out.pos, values[c * BLOCKS_PER_DAY + (blockSlots[i] as number)] as number, true);
    }
  }
  return out.result();
}

/** The integer form, or null when some figure of the day does not fit it exactly. */
function encodeIntegers({ present, values }: DayValues): Uint8Array | null {
  let nb = 0;
  let nt = 0;
  let ni = 0;
  const openAt = OPEN * BLOCKS_PER_DAY;
  for (let s = 0; s < BLOCKS_PER_DAY; s++) {
    if (!present[s]) continue;
    if (!Number.isNaN(values[openAt + s] as number)) {
      // The block has trades.
      tradeBlock[nt] = nb;
      tradeSlots[nt++] = s;
    } else idleSlots[ni++] = s;
    blockSlots[nb++] = s;
  }
  if (nb === 0) return null;
  // Checked column by column, not with a branch per column per block.
  if (!idleFit(values, ni)) return null;
  const largestVolume = largestAmount(values, nt);
  if (largestVolume < 0) return null;
  const smallest = smallestPrice(values, nb, nt);
  // The step of the day: 10^e with 10^(e + 8) ≤ the smallest price, so every price of nine significant
  // digits is a whole multiple of it (corrected where log10 rounds across a power of ten).
  let e = smallest === Number.POSITIVE_INFINITY ? 0 : Math.floor(Math.log10(smallest)) - (PRICE_DIGITS - 1);
  if (e < -30 || e > 13) return null;
  if (smallest < pow10(e + PRICE_DIGITS - 1)) e--;
  else if (smallest >= pow10(e + PRICE_DIGITS)) e++;
  if (e < -22 || e > 22) return null;
  if (!toIntegers(values, nb, nt, e)) return null;
  // Volumes: integers of 10^-d coins (d ≤ 8, then as few decimals as the day's amounts need), exact while
  // the day's largest × 10^8 stays below 2^53, as the aggregator's rounding keeps it; else rounded to the d
  // that keeps the largest below 2^47, so that buy + sell stays exact.
  let d = VOLUME_DECIMALS;
  while (d >= 0 && largestVolume * (P10[d] as number) > Number.MAX_SAFE_INTEGER) d--;
  if (d < 0 || !volumesAt(values, nt, d, true)) {
    d = VOLUME_DECIMALS;
    while (d >= 0 && largestVolume * (P10[d] as number) >= VOLUME_LIMIT) d--;
    if (d < 0) return null;
    volumesAt(values, nt, d, false);
  }
  header(present, FORM_INTEGERS);
  writeSlots(out, tradeSlots, nt);
  out.svarint(e);
  out.byte(fewestDecimals(BUY, d, nt));
  out.byte(fewestDecimals(SELL, d, nt));
  out.svarint(ints[0] as number);
  for (const c of ORDER) if (!writeBest(c, c === MA ? nb : nt)) return null;
  return out.result();
}

/** Whether the blocks without trades have no prices or offset (NaN), and amounts and counts of 0. */
function idleFit(values: Float64Array, ni: number): boolean {
  if (ni === 0) return true;
  for (let c = MAIR; c < COLUMN_COUNT; c++) {
    const base = c * BLOCKS_PER_DAY;
    if (c >= BUY && c <= LEFT_OUT) {
      for (let k = 0; k < ni; k++)
        if ((values[base + (idleSlots[k] as number)] as number) !== 0) return false;
    } else {
      for (let k = 0; k < ni; k++) {
        if (!Number.isNaN(values[base + (idleSlots[k] as number)] as number)) return false;
      }
    }
  }
  return true;
}

/**
 * The largest |amount| of the blocks with trades (those without have 0), or −1 when one is not finite or a
 * count or offset is not an integer; counts and offsets go into `ints` as they are checked.
 */
function largestAmount(values: Float64Array, nt: number): number {
  let largest = 0;
  for (let c = BUY; c <= SELL; c++) {
    const base = c * BLOCKS_PER_DAY;
    for (let j = 0; j < nt; j++) {
      const x = values[base + (tradeSlots[j] as number)] as number;
      if (!Number.isFinite(x)) return -1;
      const a = Math.abs(x);
      if (a > largest) largest = a;
    }
  }
  for (let c = TRADES; c <= OFFSET; c++) {
    const base = c * BLOCKS_PER_DAY;
    for (let j = 0; j < nt; j++) {
      const x = values[base + (tradeSlots[j] as number)] as number;
      if (!Number.isSafeInteger(x)) return -1;
      ints[base + j] = x;
    }
  }
  return largest;
}

/** The smallest nonzero |price| of the day: MA120 of every block, the other prices of blocks with trades. */
function smallestPrice(values: Float64Array, nb: number, nt: number): number {
  let smallest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < nb; i++) {
    const a = Math.abs(values[blockSlots[i] as number] as number);
    if (a < smallest && a !== 0) smallest = a;
  }
  for (let c = MAIR; c <= CLOSE; c++) {
    const base = c * BLOCKS_PER_DAY;
    for (let j = 0; j < nt; j++) {
      const a = Math.abs(values[base + (tradeSlots[j] as number)] as number);
      if (a < smallest && a !== 0) smallest = a;
    }
  }
  return smallest;
}

/** Amounts as integers of 10^-d in `ints`; false when `exact` and one is not. */
function volumesAt(values: Float64Array, nt: number, d: number, exact: boolean): boolean {
  const scale = P10[d] as number;
  for (let c = BUY; c <= SELL; c++) {
    const base = c * BLOCKS_PER_DAY;
    for (let j = 0; j < nt; j++) {
      const x = values[base + (tradeSlots[j] as number)] as number;
      const k = Math.round(x * scale);
      if (exact && k / scale !== x) return false;
      ints[base + j] = k;
    }
  }
  return true;
}

/** The fewest decimals (≤ d) column `c`'s amounts have; divides its integers to them. */
function fewestDecimals(c: number, d: number, nt: number): number {
  const base = c * BLOCKS_PER_DAY;
  let z = d;
  // k is a multiple of 10^z exactly when k / 10^z is an integer, as |k| < 2^53: the quotient's rounding
  // error is below 1/10^z, nearer than any integer to a quotient that is not one (cheaper than % on doubles).
  for (let j = 0; j < nt && z > 0; j++) {
    const k = ints[base + j] as number;
    for (;;) {
      const q = k / (P10[z] as number);
      if (Math.floor(q) === q) break;
      if (--z === 0) break;
    }
  }
  if (z > 0) {
    const p = P10[z] as number;
    for (let j = 0; j < nt; j++) ints[base + j] = (ints[base + j] as number) / p;
  }
  return d - z;
}

/** Prices as integers of the step 10^e, in `ints`; false when one is not such a multiple below 2^53. */
function toIntegers(values: Float64Array, nb: number, nt: number, e: number): boolean {
  if (!onStep(values, blockSlots, nb, 0, e)) return false;
  for (let j = 0; j < nt; j++) maOfTrade[j] = ints[tradeBlock[j] as number] as number;
  for (let c = MAIR; c <= CLOSE; c++)
    if (!onStep(values, tradeSlots, nt, c * BLOCKS_PER_DAY, e)) return false;
  return true;
}

/** One column of prices as integers of 10^e; one loop per sign of e rather than a branch per value. */
function onStep(values: Float64Array, slots: Uint16Array, n: number, base: number, e: number): boolean {
  const scale = P10[Math.abs(e)] as number;
  const max = Number.MAX_SAFE_INTEGER;
  if (e < 0) {
    for (let i = 0; i < n; i++) {
      const x = values[base + (slots[i] as number)] as number;
      const k = Math.round(x * scale);
      if (k / scale !== x || Math.abs(k) > max) return false;
      if (k === 0 && 1 / x < 0) return false; // -0 would come back as 0
      ints[base + i] = k;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const x = values[base + (slots[i] as number)] as number;
      const k = Math.round(x / scale);
      if (k * scale !== x || Math.abs(k) > max) return false;
      if (k === 0 && 1 / x < 0) return false;
      ints[base + i] = k;
    }
  }
  return true;
}

/** Writes column `c` with the prediction that measures smallest; false when no coding keeps it exact. */
function writeBest(c: number, n: number): boolean {
  let best: ColumnPlan | null = null;
  let bestPred = 0;
  let bestR = residuals[0] as Float64Array;
  for (const pred of CANDIDATES[c] as number[]) {
    const r = residuals[best !== null && bestR === residuals[0] ? 1 : 0] as Float64Array;
    const plan = planResiduals(c, pred, n, r);
    if (plan && (!best || plan.bits < best.bits)) {
      best = plan;
      bestPred = pred;
      bestR = r;
    }
  }
  if (!best) return false;
  column.pos = 0;
  column.byte(bestPred);
  writeColumn(column, bestR, n, best);
  out.varint(column.pos);
  out.ensure(column.pos);
  out.buf.set(column.buf.subarray(0, column.pos), out.pos);
  out.pos += column.pos;
  return true;
}

/**
 * Column `c`'s residuals from prediction `pred` into `r`, and their plan; their least and greatest found as
 * they are made, in one loop per prediction rather than a switch per value.
 */
function planResiduals(c: number, pred: number, n: number, r: Float64Array): ColumnPlan | null {
  const v = ints;
  const base = c * BLOCKS_PER_DAY;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  if (c === MA) {
    let previous = v[0] as number;
    if (n > 0) min = max = r[0] = 0;
    for (let i = 1; i < n; i++) {
      const x = v[i] as number;
      const y = x - previous;
      previous = x;
      r[i] = y;
      if (y < min) min = y;
      if (y > max) max = y;
    }
    return planColumn(r, n, min, max);
  }
  switch (pred) {
    case OF_MA:
      for (let j = 0; j < n; j++) {
        const y = (v[base + j] as number) - (maOfTrade[j] as number);
        r[j] = y;
        if (y < min) min = y;
        if (y > max) max = y;
      }
      break;
    case OF_MAIR:
    case OF_OPEN: {
      const from = (pred === OF_MAIR ? MAIR : OPEN) * BLOCKS_PER_DAY;
      for (let j = 0; j < n; j++) {
        const y = (v[base + j] as number) - (v[from + j] as number);
        r[j] = y;
        if (y < min) min = y;
        if (y > max) max = y;
      }
      break;
    }
    case PREV_CLOSE: {
      const closeAt = CLOSE * BLOCKS_PER_DAY;
      let p = maOfTrade[0] as number;
      for (let j = 0; j < n; j++) {
        const y = (v[base + j] as number) - p;
        p = v[closeAt + j] as number;
        r[j] = y;
        if (y < min) min = y;
        if (y > max) max = y;
      }
      break;
    }
    case MAX_OC:
    case MIN_OC: {
      const openAt = OPEN * BLOCKS_PER_DAY;
      const closeAt = CLOSE * BLOCKS_PER_DAY;
      const highest = pred === MAX_OC;
      for (let j = 0; j < n; j++) {
        const open = v[openAt + j] as number;
        const close = v[closeAt + j] as number;
        const p = highest ? (open > close ? open : close) : open < close ? open : close;
        const y = (v[base + j] as number) - p;
        r[j] = y;
        if (y < min) min = y;
        if (y > max) max = y;
      }
      break;
    }
    default:
      for (let j = 0; j < n; j++) {
        const y = v[base + j] as number;
        r[j] = y;
        if (y < min) min = y;
        if (y > max) max = y;
      }
  }
  return planColumn(r, n, min, max);
}
