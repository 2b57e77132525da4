// A stable LSD radix sort of indexes by small non-negative integer keys, into buffers the caller reuses.

/** Keys are below 2^(2 × RADIX_BITS) = 2^18: two passes of 9 bits. */
const RADIX_BITS = 9;
/** Buckets per pass: the length of the `counts` buffer. */
export const RADIX = 1 << RADIX_BITS;
const RADIX_MASK = RADIX - 1;

/**
 * Writes to `order` the indexes 0 … n−1 sorted by `keys[i]` (each in [0, 2^18)), equal keys in index
 * order. `scratch` (at least n long) and `counts` (RADIX long) are working space, so nothing is allocated.
 */
export function radixSortIndexes(
  keys: Int32Array,
  n: number,
  order: Int32Array,
  scratch: Int32Array,
  counts: Int32Array,
): void {
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const bucket = (keys[i] as number) & RADIX_MASK;
    counts[bucket] = (counts[bucket] as number) + 1;
  }
  for (let b = 0, sum = 0; b < RADIX; b++) {
    const c = counts[b] as number;
    counts[b] = sum;
    sum += c;
  }
  for (let i = 0; i < n; i++) {
    const bucket = (keys[i] as number) & RADIX_MASK;
    const at = counts[bucket] as number;
    scratch[at] = i;
    counts[bucket] = at + 1;
  }
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const bucket = (keys[i] as number) >>> RADIX_BITS;
    counts[bucket] = (counts[bucket] as number) + 1;
  }
  for (let b = 0, sum = 0; b < RADIX; b++) {
    const c = counts[b] as number;
    counts[b] = sum;
    sum += c;
  }
  for (let i = 0; i < n; i++) {
    const idx = scratch[i] as number;
    const bucket = (keys[idx] as number) >>> RADIX_BITS;
    const at = counts[bucket] as number;
    order[at] = idx;
    counts[bucket] = at + 1;
  }
}
