// A chart cannot show more than a few points per pixel column, yet setData's cost grows with every point:
// above `limit` each run of points becomes its lowest and highest, so every spike and dip stays visible.

/** Points drawn at most for one series: 5,000 buckets of min + max, several per pixel column. */
export const DRAW_LIMIT = 10_000;

/**
 * The indices of the points to draw, ascending: every index when there are at most `limit`; else, per
 * bucket of consecutive points, the index of its lowest and of its highest value (one when they coincide),
 * with the first and last point always kept so the line spans the whole range.
 */
export function drawnIndices(values: ArrayLike<number>, limit: number = DRAW_LIMIT): Uint32Array {
  const n = values.length;
  if (n <= limit) return Uint32Array.from({ length: n }, (_, i) => i);
  const buckets = Math.max(1, Math.floor((limit - 2) / 2));
  const picked = new Uint32Array(buckets * 2 + 2);
  let count = 0;
  picked[count++] = 0;
  for (let b = 0; b < buckets; b++) {
    const from = 1 + Math.floor((b * (n - 2)) / buckets);
    const to = 1 + Math.floor(((b + 1) * (n - 2)) / buckets);
    if (from >= to) continue;
    let low = from;
    let high = from;
    for (let i = from + 1; i < to; i++) {
      const value = values[i] as number;
      if (value < (values[low] as number)) low = i;
      if (value > (values[high] as number)) high = i;
    }
    if (low === high) picked[count++] = low;
    else if (low < high) {
      picked[count++] = low;
      picked[count++] = high;
    } else {
      picked[count++] = high;
      picked[count++] = low;
    }
  }
  picked[count++] = n - 1;
  return picked.slice(0, count);
}
