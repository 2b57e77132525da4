// Runs of equal per-second prices in rings held in shared typed arrays: the MA120's samples of every series
// (aggregator.ts), each series' ring at `base` in the prices and counts arrays and its scalars at offset `o`.
// Runs, because a block's few trades make 120 samples a handful of entries; a ring, because a busy series
// drops its oldest run on nearly every trade.

/** The samples (MA120, MAIR120) and trade prices (MEDIR120) a filter keeps. */
export const FILTER_MEMORY = 120;
const MEMORY = FILTER_MEMORY;
/** A ring of runs: a power of two above the 120 samples (each run holds one, and one more may stand). */
export const RING = 128;
export const MASK = RING - 1;

// A ring's scalars, the first of a series' scalars at its offset in `scalars` (the aggregator's stride).
export const HEAD = 0;
export const RUNS = 1;
export const SIZE = 2;
/** How many of a series' scalars the ring takes: the aggregator keeps its own after them. */
export const RING_SCALARS = 3;

/** Adds `n` samples of `price` as the newest of a ring, dropping the oldest beyond 120. */
export function pushNewest(
  prices: Float64Array,
  counts: Float64Array,
  base: number,
  s: Float64Array,
  o: number,
  price: number,
  n: number,
): void {
  if (n <= 0) return;
  const head = s[o + HEAD] as number;
  const runs = s[o + RUNS] as number;
  const last = base + ((head + runs - 1) & MASK);
  if (runs > 0 && prices[last] === price) counts[last] = (counts[last] as number) + n;
  else {
    const at = base + ((head + runs) & MASK);
    prices[at] = price;
    counts[at] = n;
    s[o + RUNS] = runs + 1;
  }
  const size = (s[o + SIZE] as number) + n;
  if (size <= MEMORY) s[o + SIZE] = size;
  else {
    // Most often the oldest run alone gives up the excess (a full ring drops one sample per second).
    const oldest = base + (s[o + HEAD] as number);
    const c = counts[oldest] as number;
    if (c > size - MEMORY) {
      counts[oldest] = c - (size - MEMORY);
      s[o + SIZE] = MEMORY;
    } else {
      s[o + SIZE] = size;
      trimOldest(counts, base, s, o);
    }
  }
}

function trimOldest(counts: Float64Array, base: number, s: Float64Array, o: number): void {
  let head = s[o + HEAD] as number;
  let runs = s[o + RUNS] as number;
  let size = s[o + SIZE] as number;
  let excess = size - MEMORY;
  while (excess > 0) {
    const c = counts[base + head] as number;
    if (c > excess) {
      counts[base + head] = c - excess;
      size -= excess;
      break;
    }
    head = (head + 1) & MASK;
    runs -= 1;
    size -= c;
    excess -= c;
  }
  s[o + HEAD] = head;
  s[o + RUNS] = runs;
  s[o + SIZE] = size;
}

/** Removes the newest sample (a trade in the same second replaces it). */
export function dropNewest(counts: Float64Array, base: number, s: Float64Array, o: number): void {
  const runs = s[o + RUNS] as number;
  if (runs === 0) return;
  const last = base + (((s[o + HEAD] as number) + runs - 1) & MASK);
  const c = (counts[last] as number) - 1;
  if (c === 0) s[o + RUNS] = runs - 1;
  else counts[last] = c;
  s[o + SIZE] = (s[o + SIZE] as number) - 1;
}
