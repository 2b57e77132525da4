// The three block filters of the public service, computed per (symbol, exchange) and per (symbol, all
// exchanges) for every 120-second block. Each takes the trades' estimated USD price.
//
// - MA120: a 120 s time-weighted moving average. Every second holds the last known price; the value is
//   the mean of the newest 120 per-second samples. It continues through blocks without trades (the gap is
//   forward-filled), is stamped at the block end, and is the quotation price.
// - MAIR120: the same per-second buffer, the last trade added once more at block end, outliers removed by
//   the IQR rule, then the mean. Only blocks with trades get a value, stamped at the last trade's time.
// - MEDIR120: the block's per-trade prices (newest 120), outliers removed, then the median.
//
// The per-second fill follows the reference's FilterMA.fill exactly, quirks included: a gap of d ≥ 2 whole
// seconds adds d − 1 samples of the previous price before the new one replaces the newest; a trade in the
// same second replaces the newest sample. Trades older than the filter's current time are ignored.
// A seed computes the same values from trade columns (columnar-aggregator.ts), with its state in typed arrays.
import { lastTrim, trimmedMedian } from "./outliers-fast.ts";
import { SampleRuns } from "./sample-runs.ts";

export const FILTER_MEMORY = 120;

export interface FilterTrade {
  timeMs: number;
  estimatedUSDPrice: number;
}

/** A filter's value for one block and the time it is stamped with (Unix ms). */
export interface FilterValue {
  value: number;
  timeMs: number;
}

/** The per-second sample buffer shared by MA120 and MAIR120. */
class PerSecondBuffer {
  readonly samples: SampleRuns;
  currentMs: number;
  lastPrice: number | null = null;

  constructor(memory: number, startMs: number) {
    this.samples = new SampleRuns(memory);
    this.currentMs = startMs;
  }

  /**
   * Takes one trade; returns false when it is out of order and was ignored. The reference fills twice (the
   * previous price up to the trade's second, then the trade's price); done here as their net effect on the
   * samples, which is the same sequence with half the pushes (measured: a fifth of a seeding worker's
   * filtering): a gap of d ≥ 2 seconds adds d − 2 samples of the previous price and then the trade's price;
   * d = 1 adds the trade's price; d = 0 replaces the newest sample with it. Dropping the newest sample and
   * then adding one leaves what replacing it would, trimmed or not, so the runs (and sums) are identical.
   */
  take(timeMs: number, price: number): boolean {
    const last = this.lastPrice;
    if (last === null) {
      this.fill(timeMs, price);
    } else {
      if (timeMs < this.currentMs) return false;
      const diff = Math.trunc((timeMs - this.currentMs) / 1000);
      const samples = this.samples;
      if (diff >= 2) {
        if (diff > 2) samples.pushNewest(last, diff - 2);
        samples.pushNewest(price, 1);
      } else if (diff === 1) {
        samples.pushNewest(price, 1);
      } else {
        samples.dropNewest();
        samples.pushNewest(price, 1);
      }
      this.currentMs = timeMs;
    }
    this.lastPrice = price;
    return true;
  }

  fill(timeMs: number, price: number): void {
    const diff = Math.trunc((timeMs - this.currentMs) / 1000);
    if (diff > 1) this.samples.pushNewest(price, diff - 1);
    else {
      if (diff === 0 && this.samples.size >= 1) this.samples.dropNewest();
      this.samples.pushNewest(price, 1);
    }
    this.currentMs = timeMs;
  }
}

export class MovingAverageFilter {
  private readonly buffer: PerSecondBuffer;

  constructor(
    startMs: number,
    private readonly memory = FILTER_MEMORY,
  ) {
    this.buffer = new PerSecondBuffer(memory, startMs);
  }

  compute(trade: FilterTrade): void {
    this.buffer.take(trade.timeMs, trade.estimatedUSDPrice);
  }

  /** compute, from the trade's time and USD price (the aggregation's form); false when it was ignored. */
  computeAt(timeMs: number, price: number): boolean {
    return this.buffer.take(timeMs, price);
  }

  /** The value at the end of a block; null until the series has traded at all. */
  finalCompute(blockEndMs: number): FilterValue | null {
    const value = this.closeBlock(blockEndMs);
    return Number.isNaN(value) ? null : { value, timeMs: blockEndMs };
  }

  /** finalCompute's value alone, NaN for null: the aggregation's form, which allocates nothing. */
  closeBlock(blockEndMs: number): number {
    const { buffer } = this;
    if (buffer.lastPrice === null) return Number.NaN;
    buffer.fill(blockEndMs, buffer.lastPrice);
    const n = buffer.samples.size;
    const divisor = n > 0 && n < this.memory ? n : this.memory;
    return buffer.samples.sum() / divisor;
  }
}

export class MairFilter {
  private readonly buffer: PerSecondBuffer;
  private tradedThisBlock = false;
  private lastTradeMs = 0;

  constructor(startMs: number, memory = FILTER_MEMORY) {
    this.buffer = new PerSecondBuffer(memory, startMs);
  }

  compute(trade: FilterTrade): void {
    this.computeAt(trade.timeMs, trade.estimatedUSDPrice);
  }

  /** compute, from the trade's time and USD price (the aggregation's form). */
  computeAt(timeMs: number, price: number): void {
    if (this.buffer.take(timeMs, price)) {
      this.tradedThisBlock = true;
      this.lastTradeMs = timeMs;
    }
  }

  /** The block's value, or null when the block had no trades. */
  finalCompute(): FilterValue | null {
    const value = this.closeBlock();
    return Number.isNaN(value) ? null : { value, timeMs: this.lastTradeMs };
  }

  /** finalCompute's value alone, NaN for null (allocates nothing). */
  closeBlock(): number {
    if (!this.tradedThisBlock) return Number.NaN;
    this.tradedThisBlock = false;
    const { samples, lastPrice } = this.buffer;
    const last = lastPrice as number;
    let value: number;
    if (samples.size < 2) value = samples.oldest() ?? last;
    else {
      // The reference adds the last trade once more "to compensate for the delay to the end of the block".
      samples.pushNewest(last, 1);
      value = samples.trimmedMean();
    }
    // The next block starts from the last trade alone, as in the reference.
    samples.reset(last);
    return value;
  }
}

export class MedirFilter {
  /** The newest `memory` trade prices of the block, as a ring (order does not matter to a median). */
  private readonly prices: Float64Array;
  private taken = 0;
  private lastTradeMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly memory = FILTER_MEMORY) {
    this.prices = new Float64Array(memory);
  }

  compute(trade: FilterTrade): void {
    this.computeAt(trade.timeMs, trade.estimatedUSDPrice);
  }

  /** compute, from the trade's time and USD price (the aggregation's form). */
  computeAt(timeMs: number, price: number): void {
    if (timeMs < this.lastTradeMs) return;
    const taken = this.taken;
    this.prices[taken < this.memory ? taken : taken % this.memory] = price;
    this.taken = taken + 1;
    this.lastTradeMs = timeMs;
  }

  /** Trades the last finalCompute left out as outliers (of the newest `memory` it weighed). */
  leftOut = 0;

  /** The block's value, or null when the block had no trades. The buffer starts empty each block. */
  finalCompute(): FilterValue | null {
    const value = this.closeBlock();
    return Number.isNaN(value) ? null : { value, timeMs: this.lastTradeMs };
  }

  /** finalCompute's value alone, NaN for null (allocates nothing). */
  closeBlock(): number {
    this.leftOut = 0;
    if (this.taken === 0) return Number.NaN;
    const value = trimmedMedian(this.prices, Math.min(this.taken, this.memory));
    this.leftOut = lastTrim.leftOut;
    this.taken = 0;
    return value;
  }
}
