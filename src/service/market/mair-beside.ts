// MAIR120 made beside the MA120's samples (filters.ts), for a seed's trades in time order within their
// block: the same value as MairFilter's, without a per-second buffer of its own.
import { FILTER_MEMORY, type MairFilter, type MovingAverageFilter } from "./filters.ts";
import { SampleRuns } from "./sample-runs.ts";

/** The scratch a MairBesideMovingAverage builds a block's samples in (closes are one at a time). */
const besideSamples = new SampleRuns(FILTER_MEMORY);

/**
 * MAIR120 computed from the MA120's samples instead of a buffer of its own, for trades in time order within
 * their block (a seed's simulated columns): the two buffers take the same trades, and from a block's first
 * trade on they add the same samples. MAIR120's samples are then the previous price k times (k from its
 * first trade's gap, as its own buffer would have filled: d − 1 for a gap of d ≥ 2 seconds, 1 for d = 1, 0
 * for d = 0, which replaces it), then the MA120's samples since that first trade (never more than 120,
 * since a block is 120 s, so the MA120 still holds them all at the block's close); before any trade
 * at all, the two are the same samples. Built with the same pushes (canonical runs, trimmed to 120) they
 * give MairFilter's value to the last bit, and the MairFilter is left as its own close would leave it, so a
 * block of trades given one by one carries on from there. Measured: the MAIR120's own buffer was a third of
 * the seeding workers' filtering.
 */
export class MairBesideMovingAverage {
  private tradedThisBlock = false;
  /** No trade before this block: MAIR120's samples are all of MA120's. */
  private sameSamples = false;
  private previousPrice = 0;
  private previousSamples = 0;
  /** MA120's `added` after the block's first trade. */
  private firstAdded = 0;
  private lastTradeMs = 0;

  constructor(
    private readonly mair: MairFilter,
    private readonly ma: MovingAverageFilter,
  ) {}

  /** Takes a trade into both filters; the trades must be in time order within their block. */
  computeAt(timeMs: number, price: number): void {
    if (this.tradedThisBlock) {
      if (!this.ma.computeAt(timeMs, price)) throw new RangeError("trades out of time order");
    } else {
      const previous = this.mair.lastPrice;
      this.sameSamples = previous === null;
      if (previous !== null) {
        const gap = Math.trunc((timeMs - this.mair.filledToMs) / 1000);
        this.previousPrice = previous;
        this.previousSamples = gap >= 2 ? gap - 1 : gap === 1 ? 1 : 0;
        if (gap < 0) throw new RangeError("trades out of time order");
      }
      if (!this.ma.computeAt(timeMs, price)) throw new RangeError("trades out of time order");
      this.firstAdded = this.ma.added;
      this.tradedThisBlock = true;
    }
    this.lastTradeMs = timeMs;
  }

  /** MairFilter.closeBlock's value; to be called before the MA120 closes the block. */
  closeBlock(): number {
    if (!this.tradedThisBlock) return this.mair.closeBlock();
    this.tradedThisBlock = false;
    const samples = besideSamples;
    samples.clear();
    const ma = this.ma.samples;
    if (this.sameSamples) ma.copyNewestInto(samples, ma.size);
    else {
      samples.pushNewest(this.previousPrice, this.previousSamples);
      ma.copyNewestInto(samples, 1 + this.ma.added - this.firstAdded);
    }
    const last = this.ma.lastPrice as number;
    let value: number;
    if (samples.size < 2) value = samples.oldest() ?? last;
    else {
      samples.pushNewest(last, 1);
      value = samples.trimmedMean();
    }
    this.mair.restartAt(last, this.lastTradeMs);
    return value;
  }
}
