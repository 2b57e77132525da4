// Writing an integer column of a packed day as planned (block-codec-ints.ts: planColumn): the packed low
// bits, then the exceptions. The encoder's innermost loops, hand-tuned (see each).
import { type ByteWriter, type ColumnPlan, P2 } from "./block-codec-ints.ts";

// Scratch of writeColumn: a column is at most a day's 720 blocks.
const u = new Float64Array(720);
/** The exceptions: their positions and codes. */
const positions = new Int32Array(720);
const overs = new Float64Array(720);

/** Writes `v[0..n)` (n ≤ 720) as planned: a header byte, the packed low bits, then the exceptions. */
export function writeColumn(out: ByteWriter, v: Float64Array, n: number, plan: ColumnPlan): void {
  const { width, min, zigzag } = plan;
  out.byte((zigzag ? 64 : 0) | width);
  if (!zigzag) out.svarint(min);
  const limit = P2[width] as number;
  const bytes = Math.ceil((n * width) / 8);
  let exceptions = 0;
  if (width <= 24 && (plan.small || !zigzag)) {
    // The usual column: coded, checked and packed in one pass, one loop per coding rather than a branch
    // per value (zigzag's branch on the sign is mispredicted around 0, as in planColumn).
    out.ensure(bytes);
    exceptions = zigzag
      ? packZigzag(out.buf, out.pos, v, n, width, limit)
      : packOffset(out.buf, out.pos, v, n, width, limit, min);
    out.pos += bytes;
  } else {
    // The values as coded, in u, then packed; exceptions noted as they are met.
    if (zigzag) {
      for (let i = 0; i < n; i++) {
        const x = v[i] as number;
        const y = x < 0 ? -2 * x - 1 : 2 * x;
        u[i] = y;
        if (y >= limit) {
          positions[exceptions] = i;
          overs[exceptions++] = y;
        }
      }
    } else {
      for (let i = 0; i < n; i++) {
        const y = (v[i] as number) - min;
        u[i] = y;
        if (y >= limit) {
          positions[exceptions] = i;
          overs[exceptions++] = y;
        }
      }
    }
    if (width <= 24) {
      out.ensure(bytes);
      packNarrow(out.buf, out.pos, n, width, limit);
    } else if (width <= 48) {
      out.ensure(bytes);
      packWide(out.buf, out.pos, n, width, limit);
    } else {
      out.ensureZeroed(bytes);
      packWidest(out.buf, out.pos * 8, n, width, limit);
    }
    out.pos += bytes;
  }
  out.varint(exceptions);
  let previous = -1;
  for (let k = 0; k < exceptions; k++) {
    const i = positions[k] as number;
    out.varint(i - previous - 1);
    // ⌊u / limit⌋ − 1, exactly (limit is a power of two); written without the − 1 after ⌊⌋, which V8
    // speculated a small integer and deoptimized writeColumn for, again and again.
    out.varint(Math.floor(((overs[k] as number) - limit) / limit));
    previous = i;
  }
}

// Packing: each value is ORed with the pending bits of the last byte into a word of fewer than 32 bits
// that is stored whole (its bytes past the column are overwritten after it, or lie past the blob), so each
// byte is stored rather than ORed into zeroed ones (and each value made and packed in one pass).

/**
 * Packs the zigzag codes of v[0..n) (all in [−2^31, 2^31)) at byte `at`, `width` ≤ 24 bits each; notes the
 * exceptions (position and code) in `positions` and `u`, and returns how many there are.
 */
function packZigzag(
  buf: Uint8Array,
  at: number,
  v: Float64Array,
  n: number,
  width: number,
  limit: number,
): number {
  let exceptions = 0;
  let pending = 0;
  let pendingBits = 0;
  for (let i = 0; i < n; i++) {
    const x = v[i] as number;
    // x << 1 keeps 2x's low 32 bits, x >> 31 is its sign: no branch.
    let y = ((x << 1) ^ (x >> 31)) >>> 0;
    if (y >= limit) {
      positions[exceptions] = i;
      overs[exceptions++] = y;
      y %= limit;
    }
    // pendingBits < 8 and y < 2^24: the word stays within 31 bits.
    const word = pending | (y << pendingBits);
    const bits = pendingBits + width;
    buf[at] = word;
    buf[at + 1] = word >>> 8;
    buf[at + 2] = word >>> 16;
    buf[at + 3] = word >>> 24;
    at += bits >>> 3;
    pendingBits = bits & 7;
    pending = word >>> (bits & 24);
  }
  return exceptions;
}

/** packZigzag for the offsets v[i] − min (below 2^53): the innermost loop, so one of its own, not a branch. */
function packOffset(
  buf: Uint8Array,
  at: number,
  v: Float64Array,
  n: number,
  width: number,
  limit: number,
  min: number,
): number {
  let exceptions = 0;
  let pending = 0;
  let pendingBits = 0;
  for (let i = 0; i < n; i++) {
    let y = (v[i] as number) - min;
    if (y >= limit) {
      positions[exceptions] = i;
      overs[exceptions++] = y;
      y %= limit;
    }
    const word = pending | (y << pendingBits);
    const bits = pendingBits + width;
    buf[at] = word;
    buf[at + 1] = word >>> 8;
    buf[at + 2] = word >>> 16;
    buf[at + 3] = word >>> 24;
    at += bits >>> 3;
    pendingBits = bits & 7;
    pending = word >>> (bits & 24);
  }
  return exceptions;
}

/** Packs u[0..n) (the low `width` ≤ 24 bits of each) at byte `at`. */
function packNarrow(buf: Uint8Array, at: number, n: number, width: number, limit: number): void {
  let pending = 0;
  let pendingBits = 0;
  for (let i = 0; i < n; i++) {
    let y = u[i] as number;
    if (y >= limit) y %= limit;
    // pendingBits < 8 and y < 2^24: the word stays within 31 bits.
    const word = pending | (y << pendingBits);
    const bits = pendingBits + width;
    buf[at] = word;
    buf[at + 1] = word >>> 8;
    buf[at + 2] = word >>> 16;
    buf[at + 3] = word >>> 24;
    at += bits >>> 3;
    pendingBits = bits & 7;
    pending = word >>> (bits & 24);
  }
}

/** Packs u[0..n) (the low `width` bits of each, 24 < width ≤ 48) at byte `at`: 24 bits, then the rest. */
function packWide(buf: Uint8Array, at: number, n: number, width: number, limit: number): void {
  const rest = width - 24;
  let pending = 0;
  let pendingBits = 0;
  for (let i = 0; i < n; i++) {
    let y = u[i] as number;
    if (y >= limit) y %= limit;
    const high = Math.floor(y / 16_777_216);
    let word = pending | ((y - high * 16_777_216) << pendingBits);
    let bits = pendingBits + 24;
    buf[at] = word;
    buf[at + 1] = word >>> 8;
    buf[at + 2] = word >>> 16;
    buf[at + 3] = word >>> 24;
    at += bits >>> 3;
    pendingBits = bits & 7;
    pending = word >>> (bits & 24);
    word = pending | (high << pendingBits);
    bits = pendingBits + rest;
    buf[at] = word;
    buf[at + 1] = word >>> 8;
    buf[at + 2] = word >>> 16;
    buf[at + 3] = word >>> 24;
    at += bits >>> 3;
    pendingBits = bits & 7;
    pending = word >>> (bits & 24);
  }
}

/** Packs u[0..n) (wider than 48 bits) into zeroed bytes from bit `bit`, 24 bits at a time. */
function packWidest(buf: Uint8Array, bit: number, n: number, width: number, limit: number): void {
  for (let i = 0; i < n; i++) {
    let x = u[i] as number;
    if (x >= limit) x %= limit;
    // 24 bits at a time: shifted by up to 7, they stay within a 32-bit integer.
    for (let rest = width; rest > 0; ) {
      const c = rest < 24 ? rest : 24;
      const chunk = c === width ? x : x % (P2[c] as number);
      const y = chunk << (bit & 7);
      const at = bit >>> 3;
      // A Uint8Array keeps the low 8 bits of what is stored.
      buf[at] = (buf[at] as number) | y;
      buf[at + 1] = (buf[at + 1] as number) | (y >>> 8);
      buf[at + 2] = (buf[at + 2] as number) | (y >>> 16);
      buf[at + 3] = (buf[at + 3] as number) | (y >>> 24);
      bit += c;
      rest -= c;
      x = (x - chunk) / (P2[c] as number);
    }
  }
}
