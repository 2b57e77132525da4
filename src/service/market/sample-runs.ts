// A bounded buffer of per-second price samples, stored as runs of equal prices (oldest run first).
// The moving-average filters keep 120 one-second samples, but a block holds only a few trades, so a
// run-length buffer does the same arithmetic with a handful of entries instead of 120.

export class SampleRuns {
  prices: number[] = [];
  counts: number[] = [];
  /** Number of samples (sum of counts). */
  size = 0;

  constructor(readonly capacity: number) {}

  /** Adds `n` samples of `price` as the newest, dropping the oldest beyond capacity. */
  pushNewest(price: number, n = 1): void {
    if (n <= 0) return;
    const last = this.prices.length - 1;
    if (last >= 0 && this.prices[last] === price) this.counts[last] = (this.counts[last] as number) + n;
    else {
      this.prices.push(price);
      this.counts.push(n);
    }
    this.size += n;
    this.trimOldest();
  }

  /** Removes the newest sample (the reference replaces it when a second trade falls in the same second). */
  dropNewest(): void {
    const last = this.prices.length - 1;
    if (last < 0) return;
    const c = (this.counts[last] as number) - 1;
    if (c === 0) {
      this.prices.pop();
      this.counts.pop();
    } else this.counts[last] = c;
    this.size -= 1;
  }

  reset(price: number): void {
    this.prices = [price];
    this.counts = [1];
    this.size = 1;
  }

  sum(): number {
    let total = 0;
    for (let i = 0; i < this.prices.length; i++)
      total += (this.prices[i] as number) * (this.counts[i] as number);
    return total;
  }

  private trimOldest(): void {
    let excess = this.size - this.capacity;
    while (excess > 0) {
      const c = this.counts[0] as number;
      if (c > excess) {
        this.counts[0] = c - excess;
        this.size -= excess;
        return;
      }
      this.prices.shift();
      this.counts.shift();
      this.size -= c;
      excess -= c;
    }
  }
}
