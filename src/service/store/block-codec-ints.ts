// Integer columns of a packed day (block-codec.ts): varints, and a column coding measured per day. A column
// is bit-packed at one width, with the few values too wide for it ("exceptions", such as a 5% outlier trade
// in a day's highs) listed after it, so that one outlier costs its own bytes instead of widening every
// value. Integers are doubles here (up to 2^53): JavaScript's bit operators stop at 32 bits.

export const P2: number[] = Array.from({ length: 64 }, (_, i) => 2 ** i);
const MAX_BITS = 54;
/** Residuals of a zigzag column stay below this, so that 2|v| is still an exact integer. */
const ZIGZAG_LIMIT = 2 ** 52;

/** A growable byte buffer; one is kept per module and reused, so an encode allocates only its result. */
export class ByteWriter {
  buf = new Uint8Array(1 << 16);
  pos = 0;

  /** Makes room for `n` more bytes (and 4 of slack that bit packing may touch). */
  ensure(n: number): void {
    const need = this.pos + n + 4;
    if (need > this.buf.length) {
      const next = new Uint8Array(Math.max(need, this.buf.length * 2));
      next.set(this.buf.subarray(0, this.pos));
      this.buf = next;
    }
  }

  /** ensure, with the room zeroed: for writers that OR bits into it. */
  ensureZeroed(n: number): void {
    this.ensure(n);
    this.buf.fill(0, this.pos, this.pos + n + 4);
  }

  byte(b: number): void {
    if (this.pos + 5 > this.buf.length) this.ensure(1);
    this.buf[this.pos++] = b;
  }

  varint(v: number): void {
    if (this.pos + 12 > this.buf.length) this.ensure(8);
    while (v >= 128) {
      this.buf[this.pos++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.buf[this.pos++] = v;
  }

  svarint(v: number): void {
    this.varint(v < 0 ? -2 * v - 1 : 2 * v);
  }

  /** The bytes written, in an ArrayBuffer of their own (transferable between threads). */
  result(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

/** A position in a blob, read forward. */
export class ByteReader {
  constructor(
    readonly buf: Uint8Array,
    public pos: number,
  ) {}

  byte(): number {
    if (this.pos >= this.buf.length) throw new RangeError("packed day: truncated");
    return this.buf[this.pos++] as number;
  }

  varint(): number {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      v += (b & 127) * scale;
      if (b < 128) return v;
      scale *= 128;
    }
  }

  svarint(): number {
    const z = this.varint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }
}

function bitLength(u: number): number {
  return u < 4_294_967_296 ? 32 - Math.clz32(u) : 64 - Math.clz32(Math.floor(u / 4_294_967_296));
}

/** How a column is coded: zigzag (signed, around 0) or offset from its minimum, at a width in bits. */
export interface ColumnPlan {
  zigzag: boolean;
  width: number;
  min: number;
  /** Estimated size in bits, to compare codings and predictors. */
  bits: number;
  /** Whether every value lies in [−2^31, 2^31), where zigzag coding is (x << 1) ^ (x >> 31). */
  small?: boolean;
}

// Counts of bit lengths, and their sums by residue mod 7 (bestWidth's): integers, so sums are exact.
const histogram = new Int32Array(MAX_BITS + 1);
const zigzagHistogram = new Int32Array(MAX_BITS + 1);
const everySeventh = new Int32Array(MAX_BITS + 8);
/** The width bestWidth chose (a module field rather than an object per call). */
let chosenWidth = 0;

/**
 * The estimated cost of the width that minimises a histogram of bit lengths with exceptions (the width in
 * chosenWidth): for each width w, n·w + 8 + the exceptions' 8·⌈(b − w)/7⌉ bits each + their gaps.
 * The exceptions' bits are summed from one width to the next rather than over b for every w (O(maxBits)
 * instead of O(maxBits²)): going from w + 1 to w, every value of b > w whose b − w − 1 is a multiple of 7 takes
 * one byte more, so the cost grows by 8 × everySeventh[w + 1], the count of b = w + 1, w + 8, w + 15...
 */
function bestWidth(histogram: Int32Array, n: number, maxBits: number): number {
  const seventh = everySeventh;
  for (let b = maxBits + 7; b > maxBits; b--) seventh[b] = 0;
  for (let b = maxBits; b >= 0; b--) seventh[b] = (histogram[b] as number) + (seventh[b + 7] as number);
  let width = maxBits;
  let bits = n * maxBits + 8;
  let exceptions = 0;
  let high = 0;
  for (let w = maxBits - 1; w >= 0; w--) {
    exceptions += histogram[w + 1] as number;
    high += 8 * (seventh[w + 1] as number);
    // An exception's position is a gap from the previous one: one byte when they are frequent.
    const gapBits = exceptions > 0 && n / exceptions >= 128 ? 16 : 8;
    const cost = n * w + 8 + high + exceptions * gapBits;
    if (cost < bits) {
      bits = cost;
      width = w;
    }
  }
  chosenWidth = width;
  return bits;
}

/**
 * The cheaper coding of `v[0..n)`, whose least and greatest values are `min` and `max`, or null when neither
 * keeps every value an exact integer. Both codings' histograms are made in one pass (planning is a hot step).
 */
export function planColumn(v: Float64Array, n: number, min: number, max: number): ColumnPlan | null {
  if (n === 0) return { zigzag: false, width: 0, min: 0, bits: 0, small: true };
  const offsetFits = max - min <= Number.MAX_SAFE_INTEGER && Math.max(-min, max) <= Number.MAX_SAFE_INTEGER;
  const zigzagFits = Math.max(-min, max) < ZIGZAG_LIMIT;
  const offsets = histogram;
  const zigzags = zigzagHistogram;
  offsets.fill(0);
  zigzags.fill(0);
  const small =
    offsetFits &&
    zigzagFits &&
    max - min < 4_294_967_296 &&
    -2 * min - 1 < 4_294_967_296 &&
    2 * max < 4_294_967_296;
  if (small) {
    // The common case: every value fits 32 bits either way, so bit lengths come from clz32 directly, and
    // zigzag's without a branch on the sign (mispredicted for residuals around 0, it slowed this pass down
    // several times). x is in [−2^31, 2^31): x << 1 keeps 2x's low 32 bits, x >> 31 is its sign.
    for (let i = 0; i < n; i++) {
      const x = v[i] as number;
      (offsets[32 - Math.clz32(x - min)] as number)++;
      (zigzags[32 - Math.clz32((x << 1) ^ (x >> 31))] as number)++;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const x = v[i] as number;
      if (offsetFits) (offsets[bitLength(x - min)] as number)++;
      if (zigzagFits) (zigzags[bitLength(x < 0 ? -2 * x - 1 : 2 * x)] as number)++;
    }
  }
  let best: ColumnPlan | null = null;
  if (offsetFits) {
    const bits = bestWidth(offsets, n, bitLength(max - min));
    best = {
      zigzag: false,
      width: chosenWidth,
      min,
      bits: bits + 8 * Math.ceil(bitLength(Math.abs(min) * 2) / 7),
      small,
    };
  }
  if (zigzagFits) {
    const bits = bestWidth(zigzags, n, bitLength(Math.max(-2 * min - 1, 2 * max)));
    if (!best || bits < best.bits) best = { zigzag: true, width: chosenWidth, min: 0, bits, small };
  }
  return best;
}

/** Reads a column written by writeColumn into `out[0..n)`. */
export function readColumn(r: ByteReader, n: number, out: Float64Array): void {
  const head = r.byte();
  const zigzag = (head & 64) !== 0;
  const width = head & 63;
  const min = zigzag ? 0 : r.svarint();
  const buf = r.buf;
  let bit = r.pos * 8;
  if (width === 0) out.fill(0, 0, n);
  else if (width <= 24) {
    const mask = (1 << width) - 1;
    for (let i = 0; i < n; i++, bit += width) {
      const at = bit >>> 3;
      // Past the blob's end, a typed array reads undefined, which | makes 0.
      const word = (buf[at] as number) | ((buf[at + 1] as number) << 8) | ((buf[at + 2] as number) << 16);
      out[i] = ((word | ((buf[at + 3] as number) << 24)) >>> (bit & 7)) & mask;
    }
  } else {
    for (let i = 0; i < n; i++) {
      let x = 0;
      for (let done = 0; done < width; ) {
        const c = width - done < 24 ? width - done : 24;
        const at = bit >>> 3;
        const word = (buf[at] as number) | ((buf[at + 1] as number) << 8) | ((buf[at + 2] as number) << 16);
        x +=
          (((word | ((buf[at + 3] as number) << 24)) >>> (bit & 7)) & ((1 << c) - 1)) * (P2[done] as number);
        bit += c;
        done += c;
      }
      out[i] = x;
    }
  }
  r.pos += Math.ceil((n * width) / 8);
  const limit = P2[width] as number;
  let i = -1;
  for (let k = r.varint(); k > 0; k--) {
    i += r.varint() + 1;
    if (i >= n) throw new RangeError("packed day: an exception lies past its column");
    out[i] = (out[i] as number) + (r.varint() + 1) * limit;
  }
  if (zigzag) {
    for (let j = 0; j < n; j++) {
      const z = out[j] as number;
      out[j] = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    }
  } else if (min !== 0) for (let j = 0; j < n; j++) out[j] = (out[j] as number) + min;
}
