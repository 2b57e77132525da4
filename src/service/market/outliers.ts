// The interquartile-range rule the public service used to drop outlier prices (its Filter.go):
// sort; Q1 and Q3 are the medians of the lower and upper halves (for an odd count the middle value
// belongs to neither); keep the values within [Q1 − 1.5·IQR, Q3 + 1.5·IQR]. Sets of 0 or 1 pass unchanged.

/** Median of an ascending array; 0 for an empty one (as the reference's computeMedian). */
export function median(sorted: ArrayLike<number>): number {
  return medianOfRange(sorted, 0, sorted.length);
}

function medianOfRange(sorted: ArrayLike<number>, from: number, to: number): number {
  const n = to - from;
  if (n <= 0) return 0;
  const mid = from + (n >> 1);
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Plain mean; 0 for an empty array. */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i] as number;
  return total / values.length;
}

/** [Q1, Q3] of an ascending array. */
export function quartiles(sorted: ArrayLike<number>): [number, number] {
  const n = sorted.length;
  return [medianOfRange(sorted, 0, n >> 1), medianOfRange(sorted, Math.ceil(n / 2), n)];
}

/** The values inside the IQR fences, ascending. */
export function removeOutliers(values: ArrayLike<number>): number[] {
  const sorted = Array.from(values).sort((a, b) => a - b);
  if (sorted.length < 2) return sorted;
  const [q1, q3] = quartiles(sorted);
  const iqr = q3 - q1;
  const low = q1 - 1.5 * iqr;
  const high = q3 + 1.5 * iqr;
  return sorted.filter((v) => v >= low && v <= high);
}
