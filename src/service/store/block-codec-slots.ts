// Which of a day's 720 slots a packed day has values for (block-codec.ts): a series has a block in every
// slot from its first trade on, and a busy one has trades in every block, so a range is the usual case; a
// thin series' blocks with trades are scattered, and take a bitmap.
import type { ByteReader, ByteWriter } from "./block-codec-ints.ts";

const SLOTS = 720;
const EMPTY = 0;
const RANGE = 1;
const BITMAP = 2;
const RUNS = 3;

function varintBytes(v: number): number {
  return v < 128 ? 1 : v < 16_384 ? 2 : 3;
}

/** Writes the ascending slots `slots[0..n)` in the smallest of the forms. */
export function writeSlots(out: ByteWriter, slots: Uint16Array, n: number): void {
  if (n === 0) {
    out.byte(EMPTY);
    return;
  }
  if ((slots[n - 1] as number) - (slots[0] as number) === n - 1) {
    // Ascending and as many as they span: one run, the usual case (a busy series' day), without counting.
    out.byte(RANGE);
    out.varint(slots[0] as number);
    out.varint(n);
    return;
  }
  let runs = 0;
  let runBytes = 0;
  let start = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && slots[i] === (slots[i - 1] as number) + 1) continue;
    const gap = (slots[start] as number) - (start === 0 ? 0 : (slots[start - 1] as number) + 1);
    runBytes += varintBytes(gap) + varintBytes(i - start - 1);
    runs++;
    start = i;
  }
  if (runs === 1) {
    out.byte(RANGE);
    out.varint(slots[0] as number);
    out.varint(n);
  } else if (runBytes + varintBytes(runs) < SLOTS / 8) {
    out.byte(RUNS);
    out.varint(runs);
    start = 0;
    for (let i = 1; i <= n; i++) {
      if (i < n && slots[i] === (slots[i - 1] as number) + 1) continue;
      out.varint((slots[start] as number) - (start === 0 ? 0 : (slots[start - 1] as number) + 1));
      out.varint(i - start - 1);
      start = i;
    }
  } else {
    out.byte(BITMAP);
    out.ensureZeroed(SLOTS / 8);
    for (let i = 0; i < n; i++) {
      const s = slots[i] as number;
      out.buf[out.pos + (s >>> 3)] = (out.buf[out.pos + (s >>> 3)] as number) | (1 << (s & 7));
    }
    out.pos += SLOTS / 8;
  }
}

/** Reads slots written by writeSlots. */
export function readSlots(r: ByteReader): Uint16Array {
  const form = r.byte();
  if (form === EMPTY) return new Uint16Array(0);
  if (form === RANGE) {
    const first = r.varint();
    const n = r.varint();
    if (first + n > SLOTS) throw new RangeError("packed day: a range of slots past the day");
    const slots = new Uint16Array(n);
    for (let i = 0; i < n; i++) slots[i] = first + i;
    return slots;
  }
  const scratch = new Uint16Array(SLOTS);
  let n = 0;
  if (form === RUNS) {
    let next = 0;
    for (let runs = r.varint(); runs > 0; runs--) {
      const first = next + r.varint();
      next = first + r.varint() + 1;
      if (next > SLOTS) throw new RangeError("packed day: a run of slots past the day");
      for (let s = first; s < next; s++) scratch[n++] = s;
    }
  } else if (form === BITMAP) {
    for (let s = 0; s < SLOTS; s++) {
      if ((r.buf[r.pos + (s >>> 3)] as number) & (1 << (s & 7))) scratch[n++] = s;
    }
    r.pos += SLOTS / 8;
    if (r.pos > r.buf.length) throw new RangeError("packed day: truncated");
  } else throw new RangeError(`packed day: unknown form ${form} of its slots`);
  return scratch.slice(0, n);
}
