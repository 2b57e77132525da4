// A bounded buffer of per-second price samples, stored as runs of equal prices (oldest run first).
// The moving-average filters keep 120 one-second samples, but a block holds only a few trades, so a
// run-length buffer does the same arithmetic with a handful of entries instead of 120. The runs are a ring:
// a busy series drops its oldest run on nearly every trade, and an array's shift() moved all the others
// each time (measured: a tenth of a seeding worker's time).

import { trimmedMeanOfRuns } from "./outliers-fast.ts";

export class SampleRuns {
  private readonly prices: Float64Array;
  private readonly counts: Float64Array;
  /** The ring's length less one: a power of two, so a slot is an index masked. */
  private readonly mask: number;
  /** Where the oldest run is. */
  private head = 0;
  /** Number of runs. */
  runs = 0;
  /** Number of samples (sum of counts). */
  size = 0;

  constructor(readonly capacity: number) {
    // Every run holds a sample at least, and one more run stands until the oldest is trimmed.
    let length = 1;
    while (length < capacity + 1) length *= 2;
    this.prices = new Float64Array(length);
    this.counts = new Float64Array(length);
    this.mask = length - 1;
  }

  /** Adds `n` samples of `price` as the newest, dropping the oldest beyond capacity. */
  pushNewest(price: number, n = 1): void {
    if (n <= 0) return;
    const mask = this.mask;
    const prices = this.prices;
    const counts = this.counts;
    const last = (this.head + this.runs - 1) & mask;
    if (this.runs > 0 && prices[last] === price) counts[last] = (counts[last] as number) + n;
    else {
      const at = (this.head + this.runs) & mask;
      prices[at] = price;
      counts[at] = n;
      this.runs += 1;
    }
    this.size += n;
    if (this.size > this.capacity) this.trimOldest();
  }

  /** Removes the newest sample (the reference replaces it when a second trade falls in the same second). */
  dropNewest(): void {
    if (this.runs === 0) return;
    const last = (this.head + this.runs - 1) & this.mask;
    const c = (this.counts[last] as number) - 1;
    if (c === 0) this.runs -= 1;
    else this.counts[last] = c;
    this.size -= 1;
  }

  reset(price: number): void {
    this.head = 0;
    this.prices[0] = price;
    this.counts[0] = 1;
    this.runs = 1;
    this.size = 1;
  }

  /** The oldest sample's price, or undefined when there is none. */
  oldest(): number | undefined {
    return this.runs === 0 ? undefined : this.prices[this.head];
  }

  sum(): number {
    let total = 0;
    for (let i = 0; i < this.runs; i++) {
      const at = (this.head + i) & this.mask;
      total += (this.prices[at] as number) * (this.counts[at] as number);
    }
    return total;
  }

  /** mean(removeOutliers(samples)) (outliers-fast.ts), read from the ring in place. */
  trimmedMean(): number {
    return trimmedMeanOfRuns(this.prices, this.counts, this.runs, this.head);
  }

  private trimOldest(): void {
    let excess = this.size - this.capacity;
    while (excess > 0) {
      const c = this.counts[this.head] as number;
      if (c > excess) {
        this.counts[this.head] = c - excess;
        this.size -= excess;
        return;
      }
      this.head = (this.head + 1) & this.mask;
      this.runs -= 1;
      this.size -= c;
      excess -= c;
    }
  }
}
