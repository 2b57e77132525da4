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
  sortPass(keys, n, null, scratch, counts, 0);
  sortPass(keys, n, scratch, order, counts, RADIX_BITS);
}

/**
 * One counting-sort pass on the 9-bit digit at `shift`: the indexes in `from` (0 … n−1 when null), in
 * their order within each digit, go to `to`. Stability of each pass makes the two passes a sort.
 */
function sortPass(
  keys: Int32Array,
  n: number,
  from: Int32Array | null,
  to: Int32Array,
  counts: Int32Array,
  shift: number,
): void {
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const bucket = ((keys[i] as number) >>> shift) & RADIX_MASK;
    counts[bucket] = (counts[bucket] as number) + 1;
  }
  for (let b = 0, sum = 0; b < RADIX; b++) {
    const c = counts[b] as number;
    counts[b] = sum;
    sum += c;
  }
  for (let i = 0; i < n; i++) {
    const index = from === null ? i : (from[i] as number);
    const bucket = ((keys[index] as number) >>> shift) & RADIX_MASK;
    const at = counts[bucket] as number;
    to[at] = index;
    counts[bucket] = at + 1;
  }
}
