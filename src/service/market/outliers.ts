// The public service's interquartile-range rule for outlier prices (its Filter.go): keep the values within
// [Q1 − 1.5·IQR, Q3 + 1.5·IQR], Q1 and Q3 the medians of the lower and upper halves (an odd count's middle
// in neither). Allocation-free for the aggregation's hot loop; outliers.test.ts holds it to the plain rule.

let scratch = new Float64Array(256);

/**
 * The fences of the last fence call and how many values the last trimmedMedian left out: module fields
 * rather than a returned object, so the hot loop allocates nothing.
 */
export const lastTrim = { low: Number.NEGATIVE_INFINITY, high: Number.POSITIVE_INFINITY, leftOut: 0 };

/** Sets lastTrim's fences for `count` (≥ 2) ascending values. */
export function fence(sorted: Float64Array, count: number): void {
  const q1 = medianOf(sorted, 0, count >> 1);
  const q3 = medianOf(sorted, Math.ceil(count / 2), count);
  lastTrim.low = q1 - 1.5 * (q3 - q1);
  lastTrim.high = q3 + 1.5 * (q3 - q1);
}

/** median(removeOutliers(values)) without allocating: sorts a scratch copy, trims to the IQR fences. */
export function trimmedMedian(values: ArrayLike<number>, count: number): number {
  lastTrim.leftOut = 0;
  if (count === 0) return 0;
  // The fences leave every one of up to three values in: the median without the sort.
  if (count === 1) return values[0] as number;
  if (count === 2) {
    const a = values[0] as number;
    const b = values[1] as number;
    return (a + b) / 2;
  }
  if (count === 3) {
    const a = values[0] as number;
    const b = values[1] as number;
    const c = values[2] as number;
    return a <= b ? (b <= c ? b : a <= c ? c : a) : a <= c ? a : b <= c ? c : b;
  }
  if (scratch.length < count) scratch = new Float64Array(count * 2);
  // The scratch itself, not a subarray of it: no allocation per block and series.
  const sorted = scratch;
  if (count <= 24) {
    // A block's few trades: insertion sort beats the typed array's sort call.
    for (let i = 0; i < count; i++) {
      const v = values[i] as number;
      let j = i - 1;
      while (j >= 0 && (sorted[j] as number) > v) {
        sorted[j + 1] = sorted[j] as number;
        j--;
      }
      sorted[j + 1] = v;
    }
  } else {
    for (let i = 0; i < count; i++) sorted[i] = values[i] as number;
    sorted.subarray(0, count).sort();
  }
  fence(sorted, count);
  const { low, high } = lastTrim;
  let from = 0;
  let to = count;
  while (from < to && (sorted[from] as number) < low) from++;
  while (to > from && (sorted[to - 1] as number) > high) to--;
  lastTrim.leftOut = count - (to - from);
  return medianOf(sorted, from, to);
}

/** The median of sorted[from … to − 1]; 0 for none (as the reference's computeMedian). */
function medianOf(sorted: Float64Array, from: number, to: number): number {
  const n = to - from;
  if (n <= 0) return 0;
  const mid = from + (n >> 1);
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

let runPrices = new Float64Array(64);
let runCounts = new Float64Array(64);
let mergePrices = new Float64Array(64);
let mergeCounts = new Float64Array(64);

/**
 * The IQR-trimmed mean of a run-length multiset (`prices[i]` occurring `counts[i]` times), equal to
 * mean(removeOutliers(expanded samples)). The runs are sorted by price stably (the kept ones are summed in
 * that order): by insertion when few, by merging when a busy series has up to 120. They may be a ring, read
 * from index `head` on.
 */
export function trimmedMeanOfRuns(
  prices: ArrayLike<number>,
  counts: ArrayLike<number>,
  k: number,
  head = 0,
): number {
  // One run: the samples are all one price, and the general path's sum over what it keeps is this.
  if (k === 1) {
    const c = counts[head] as number;
    return c === 0 ? 0 : ((prices[head] as number) * c) / c;
  }
  if (runPrices.length < k) {
    runPrices = new Float64Array(k * 2);
    runCounts = new Float64Array(k * 2);
    mergePrices = new Float64Array(k * 2);
    mergeCounts = new Float64Array(k * 2);
  }
  // Locals rather than the module's bindings in the loops below (each use of a module `let` is checked).
  let sortedPrices = runPrices;
  let sortedCounts = runCounts;
  let n = 0;
  const ring = prices.length;
  if (k <= 16) {
    for (let i = 0; i < k; i++) {
      const at = head + i < ring ? head + i : head + i - ring;
      const p = prices[at] as number;
      const c = counts[at] as number;
      let j = i - 1;
      while (j >= 0 && (sortedPrices[j] as number) > p) {
        sortedPrices[j + 1] = sortedPrices[j] as number;
        sortedCounts[j + 1] = sortedCounts[j] as number;
        j--;
      }
      sortedPrices[j + 1] = p;
      sortedCounts[j + 1] = c;
      n += c;
    }
  } else {
    for (let i = 0; i < k; i++) {
      const at = head + i < ring ? head + i : head + i - ring;
      sortedPrices[i] = prices[at] as number;
      sortedCounts[i] = counts[at] as number;
      n += counts[at] as number;
    }
    // Bottom-up merge sort, the left run first among equal prices: the order insertion gives.
    let toPrices = mergePrices;
    let toCounts = mergeCounts;
    for (let width = 1; width < k; width *= 2) {
      for (let from = 0; from < k; from += 2 * width) {
        const middle = Math.min(from + width, k);
        const end = Math.min(from + 2 * width, k);
        let a = from;
        let b = middle;
        for (let out = from; out < end; out++) {
          if (a < middle && (b >= end || (sortedPrices[a] as number) <= (sortedPrices[b] as number))) {
            toPrices[out] = sortedPrices[a] as number;
            toCounts[out] = sortedCounts[a] as number;
            a++;
          } else {
            toPrices[out] = sortedPrices[b] as number;
            toCounts[out] = sortedCounts[b] as number;
            b++;
          }
        }
      }
      const p = sortedPrices;
      const c = sortedCounts;
      sortedPrices = toPrices;
      sortedCounts = toCounts;
      toPrices = p;
      toCounts = c;
    }
  }
  if (n === 0) return 0;
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  if (n >= 2) {
    const q1 = medianAt(sortedPrices, sortedCounts, k, 0, n >> 1);
    const q3 = medianAt(sortedPrices, sortedCounts, k, Math.ceil(n / 2), n);
    low = q1 - 1.5 * (q3 - q1);
    high = q3 + 1.5 * (q3 - q1);
  }
  let total = 0;
  let kept = 0;
  for (let i = 0; i < k; i++) {
    const p = sortedPrices[i] as number;
    if (p < low || p > high) continue;
    const c = sortedCounts[i] as number;
    total += p * c;
    kept += c;
  }
  return kept === 0 ? 0 : total / kept;
}

/** The sample at a position of the sorted, expanded runs. */
function sampleAt(prices: Float64Array, counts: Float64Array, k: number, position: number): number {
  let seen = 0;
  for (let i = 0; i < k; i++) {
    seen += counts[i] as number;
    if (position < seen) return prices[i] as number;
  }
  return prices[k - 1] as number;
}

function medianAt(prices: Float64Array, counts: Float64Array, k: number, from: number, to: number): number {
  const m = to - from;
  if (m <= 0) return 0;
  const mid = from + (m >> 1);
  return m % 2 === 1
    ? sampleAt(prices, counts, k, mid)
    : (sampleAt(prices, counts, k, mid - 1) + sampleAt(prices, counts, k, mid)) / 2;
}
