// The packed form of one (series, UTC day) of blocks: columns of integers, so that a day of a busy series
// takes ~20 bytes a block instead of the ~100 of its doubles, and a thin one a few. Layout:
//   version (1) · form (0 integers, 1 raw doubles) · the slots that have a block · the slots with trades
//   integers: price exponent e · decimals of buy and of sell volumes · first MA120 · 12 columns, each [byte length, predictor,
//             column (block-codec-ints.ts)]; MA120 has one value per block, the others one per block with
//             trades (the rest are null or 0, so they take nothing)
//   raw:      12 columns of Float64 (NaN for null), one value per block
// Prices are whole multiples of 10^e (e from the day's smallest price, so that nine significant digits fit),
// stored as the difference from a prediction (the previous MA120, the block's MA120, its open...) chosen
// per column and day by measuring. A day whose figures do not fit (a price with more digits, integers past
// 2^53, an inconsistent row) is stored raw: never rounded, never corrupted.

import { ByteWriter, planColumn, writeColumn } from "./block-codec-ints.ts";
import { writeSlots } from "./block-codec-slots.ts";
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
const ints = new Float64Array(COLUMN_COUNT * BLOCKS_PER_DAY);
const blockSlots = new Uint16Array(BLOCKS_PER_DAY);
const tradeSlots = new Uint16Array(BLOCKS_PER_DAY);
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
  let smallest = Number.POSITIVE_INFINITY;
  let largestVolume = 0;
  for (let s = 0; s < BLOCKS_PER_DAY; s++) {
    if (!present[s]) continue;
    blockSlots[nb++] = s;
    const ma = values[s] as number;
    if (ma !== 0 && Math.abs(ma) < smallest) smallest = Math.abs(ma);
    const traded = !Number.isNaN(values[OPEN * BLOCKS_PER_DAY + s] as number);
    if (traded) tradeSlots[nt++] = s;
    for (let c = MAIR; c < COLUMN_COUNT; c++) {
      const x = values[c * BLOCKS_PER_DAY + s] as number;
      if (c >= BUY && c <= LEFT_OUT) {
        // Without trades a block's amounts and counts are 0; with them, counts are integers.
        if (!traded ? x !== 0 : c >= TRADES ? !Number.isSafeInteger(x) : !Number.isFinite(x)) return null;
        if (c <= SELL && Math.abs(x) > largestVolume) largestVolume = Math.abs(x);
      } else if (!traded) {
        if (!Number.isNaN(x)) return null;
      } else if (c === OFFSET) {
        if (!Number.isSafeInteger(x)) return null;
      } else if (x !== 0 && Math.abs(x) < smallest) smallest = Math.abs(x);
    }
  }
  if (nb === 0) return null;
  // The step of the day: 10^e with 10^(e + 8) ≤ the smallest price, so every price of nine significant
  // digits is a whole multiple of it (corrected where log10 rounds across a power of ten).
  let e = smallest === Number.POSITIVE_INFINITY ? 0 : Math.floor(Math.log10(smallest)) - (PRICE_DIGITS - 1);
  if (e < -30 || e > 13) return null;
  if (smallest < pow10(e + PRICE_DIGITS - 1)) e--;
  else if (smallest >= pow10(e + PRICE_DIGITS)) e++;
  if (e < -22 || e > 22) return null;
  if (!toIntegers(values, nb, nt, e)) return null;
  // Volumes: integers of 10^-d coins, d ≤ 8, then as few decimals as the day's amounts need (an
  // exchange's lot size: DOGE in thousandths saves 5 digits). Exact for amounts given to at most 8 decimals
  // (k / 10^d is the double nearest the decimal, as parsing it gives) while the day's largest × 10^8 stays
  // below 2^53, which is what the aggregator's rounding keeps. Otherwise (a coin traded by the hundred
  // million a block) amounts are rounded to the d that keeps the largest below 2^47, as the sum buy + sell
  // then is exact too.
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
  out.svarint(ints[blockSlots[0] as number] as number);
  for (const c of ORDER) if (!writeBest(c, c === MA ? nb : nt)) return null;
  return out.result();
}

/** Amounts, counts and offsets as integers in `ints`, amounts of 10^-d; false when `exact` and one is not. */
function volumesAt(values: Float64Array, nt: number, d: number, exact: boolean): boolean {
  const scale = P10[d] as number;
  for (let j = 0; j < nt; j++) {
    const s = tradeSlots[j] as number;
    for (let c = BUY; c <= OFFSET; c++) {
      const x = values[c * BLOCKS_PER_DAY + s] as number;
      if (c > SELL) ints[c * BLOCKS_PER_DAY + s] = x;
      else {
        const k = Math.round(x * scale);
        if (exact && k / scale !== x) return false;
        ints[c * BLOCKS_PER_DAY + s] = k;
      }
    }
  }
  return true;
}

/** The fewest decimals (≤ d) column `c`'s amounts have; divides its integers to them. */
function fewestDecimals(c: number, d: number, nt: number): number {
  const base = c * BLOCKS_PER_DAY;
  let z = d;
  for (let j = 0; j < nt && z > 0; j++) {
    const k = ints[base + (tradeSlots[j] as number)] as number;
    while (z > 0 && k % (P10[z] as number) !== 0) z--;
  }
  for (let j = 0; j < nt && z > 0; j++) {
    const at = base + (tradeSlots[j] as number);
    ints[at] = (ints[at] as number) / (P10[z] as number);
  }
  return d - z;
}

/** Prices as integers of the step 10^e, in `ints`; false when one is not such a multiple below 2^53. */
function toIntegers(values: Float64Array, nb: number, nt: number, e: number): boolean {
  const scale = P10[Math.abs(e)] as number;
  for (let c = MA; c <= CLOSE; c++) {
    const n = c === MA ? nb : nt;
    const slots = c === MA ? blockSlots : tradeSlots;
    for (let i = 0; i < n; i++) {
      const at = c * BLOCKS_PER_DAY + (slots[i] as number);
      const x = values[at] as number;
      const k = e < 0 ? Math.round(x * scale) : Math.round(x / scale);
      if ((e < 0 ? k / scale : k * scale) !== x || Math.abs(k) > Number.MAX_SAFE_INTEGER) return false;
      if (k === 0 && 1 / x < 0) return false; // -0 would come back as 0
      ints[at] = k;
    }
  }
  return true;
}

/** Writes column `c` with the prediction that measures smallest; false when no coding keeps it exact. */
function writeBest(c: number, n: number): boolean {
  let best: { pred: number; plan: NonNullable<ReturnType<typeof planColumn>>; r: Float64Array } | null = null;
  for (const pred of CANDIDATES[c] as number[]) {
    const r = residuals[best?.r === residuals[0] ? 1 : 0] as Float64Array;
    residualsOf(c, pred, n, r);
    const plan = planColumn(r, n);
    if (plan && (!best || plan.bits < best.plan.bits)) best = { pred, plan, r };
  }
  if (!best) return false;
  column.pos = 0;
  column.byte(best.pred);
  writeColumn(column, best.r, n, best.plan);
  out.varint(column.pos);
  out.ensure(column.pos);
  out.buf.set(column.buf.subarray(0, column.pos), out.pos);
  out.pos += column.pos;
  return true;
}

function residualsOf(c: number, pred: number, n: number, r: Float64Array): void {
  const base = c * BLOCKS_PER_DAY;
  if (c === MA) {
    for (let i = 0; i < n; i++) {
      const s = blockSlots[i] as number;
      r[i] = i === 0 ? 0 : (ints[s] as number) - (ints[blockSlots[i - 1] as number] as number);
    }
    return;
  }
  // One loop per prediction rather than a switch per value (measured: the switch was a tenth of encoding).
  const openAt = OPEN * BLOCKS_PER_DAY;
  const closeAt = CLOSE * BLOCKS_PER_DAY;
  switch (pred) {
    case OF_MA:
    case OF_MAIR:
    case OF_OPEN: {
      const from = pred === OF_MA ? 0 : pred === OF_MAIR ? MAIR * BLOCKS_PER_DAY : openAt;
      for (let j = 0; j < n; j++) {
        const s = tradeSlots[j] as number;
        r[j] = (ints[base + s] as number) - (ints[from + s] as number);
      }
      return;
    }
    case PREV_CLOSE:
      for (let j = 0; j < n; j++) {
        const s = tradeSlots[j] as number;
        const p = j === 0 ? (ints[s] as number) : (ints[closeAt + (tradeSlots[j - 1] as number)] as number);
        r[j] = (ints[base + s] as number) - p;
      }
      return;
    case MAX_OC:
    case MIN_OC:
      for (let j = 0; j < n; j++) {
        const s = tradeSlots[j] as number;
        const open = ints[openAt + s] as number;
        const close = ints[closeAt + s] as number;
        const p = pred === MAX_OC ? (open > close ? open : close) : open < close ? open : close;
        r[j] = (ints[base + s] as number) - p;
      }
      return;
    default:
      for (let j = 0; j < n; j++) r[j] = ints[base + (tradeSlots[j] as number)] as number;
  }
}
