// The block filters and the IQR rule as the public service wrote them (FilterMA.go, FilterMAIR.go,
// FilterMEDIR.go, Filter.go), plainly: an object per filter over an array of its samples, filled as the
// reference fills them. The oracle the aggregation (aggregator.ts, outliers.ts) is held to. A sum of samples
// is taken as the aggregation takes it, a run of equal prices at a time (price × count), so that the two
// agree to the bit rather than to the last digits.
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { amountOfUnits, amountUnits, roundPrice } from "../../store/block-rounding.ts";
import type { BlockRow } from "../../store/store.ts";
import type { SeriesKeyLookup } from "../aggregator.ts";
import { FILTER_MEMORY } from "../run-rings.ts";
import type { SourceTrade } from "../trade-source.ts";

/** Median of an ascending array; 0 for an empty one (as the reference's computeMedian). */
export function median(sorted: readonly number[]): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const mid = n >> 1;
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Plain mean; 0 for an empty array. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((total, v) => total + v, 0) / values.length;
}

/** [Q1, Q3] of an ascending array: the medians of its lower and upper halves (an odd one's middle in neither). */
export function quartiles(sorted: readonly number[]): [number, number] {
  const n = sorted.length;
  return [median(sorted.slice(0, n >> 1)), median(sorted.slice(Math.ceil(n / 2)))];
}

/** The values inside the IQR fences [Q1 − 1.5·IQR, Q3 + 1.5·IQR], ascending; sets of 0 or 1 pass. */
export function removeOutliers(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length < 2) return sorted;
  const [q1, q3] = quartiles(sorted);
  const iqr = q3 - q1;
  return sorted.filter((v) => v >= q1 - 1.5 * iqr && v <= q3 + 1.5 * iqr);
}

/** The samples as runs of equal prices, oldest first: [price, count]. */
function runsOf(samples: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const price of samples) {
    const last = runs[runs.length - 1];
    if (last && last[0] === price) last[1] += 1;
    else runs.push([price, 1]);
  }
  return runs;
}

const sumOfRuns = (runs: readonly [number, number][]) => runs.reduce((total, [p, c]) => total + p * c, 0);

/** mean(removeOutliers(samples)), summed by runs in the order of their prices (the older first among equals). */
export function trimmedMeanOfSamples(samples: readonly number[]): number {
  const kept = removeOutliers(samples);
  if (kept.length === 0) return 0;
  const [low, high] = [kept[0] as number, kept[kept.length - 1] as number];
  const runs = runsOf(samples)
    .sort((a, b) => a[0] - b[0])
    .filter(([p]) => p >= low && p <= high);
  return sumOfRuns(runs) / kept.length;
}

interface FilterTrade {
  timeMs: number;
  estimatedUSDPrice: number;
}

/** A filter's value for one block and the time it is stamped with (Unix ms). */
interface FilterValue {
  value: number;
  timeMs: number;
}

/** The per-second samples of MA120 and MAIR120, the newest `memory` of them. */
class PerSecondSamples {
  readonly samples: number[] = [];
  lastPrice: number | null = null;

  constructor(
    private readonly memory: number,
    private currentMs: number,
  ) {}

  push(price: number, n: number): void {
    for (let k = 0; k < Math.min(n, this.memory); k++) this.samples.push(price);
    this.samples.splice(0, Math.max(0, this.samples.length - this.memory));
  }

  /** FilterMA.fill: a gap of d ≥ 2 seconds adds d − 1 samples, the same second replaces the newest. */
  fill(timeMs: number, price: number): void {
    const diff = Math.trunc((timeMs - this.currentMs) / 1000);
    if (diff > 1) this.push(price, diff - 1);
    else {
      if (diff === 0 && this.samples.length >= 1) this.samples.pop();
      this.push(price, 1);
    }
    this.currentMs = timeMs;
  }

  /** A trade: the previous price filled up to its second, then its own; false when it is older and ignored. */
  take(timeMs: number, price: number): boolean {
    if (this.lastPrice !== null) {
      if (timeMs < this.currentMs) return false;
      this.fill(timeMs, this.lastPrice);
    }
    this.fill(timeMs, price);
    this.lastPrice = price;
    return true;
  }
}

export class MovingAverageFilter {
  private readonly buffer: PerSecondSamples;

  constructor(
    startMs: number,
    private readonly memory = FILTER_MEMORY,
  ) {
    this.buffer = new PerSecondSamples(memory, startMs);
  }

  compute(trade: FilterTrade): void {
    this.buffer.take(trade.timeMs, trade.estimatedUSDPrice);
  }

  /** The value at the end of a block; null until the series has traded at all. */
  finalCompute(blockEndMs: number): FilterValue | null {
    const { buffer } = this;
    if (buffer.lastPrice === null) return null;
    buffer.fill(blockEndMs, buffer.lastPrice);
    const n = buffer.samples.length;
    const value = sumOfRuns(runsOf(buffer.samples)) / (n > 0 && n < this.memory ? n : this.memory);
    return { value, timeMs: blockEndMs };
  }
}

export class MairFilter {
  private readonly buffer: PerSecondSamples;
  private tradedThisBlock = false;
  private lastTradeMs = 0;

  constructor(startMs: number, memory = FILTER_MEMORY) {
    this.buffer = new PerSecondSamples(memory, startMs);
  }

  compute(trade: FilterTrade): void {
    if (this.buffer.take(trade.timeMs, trade.estimatedUSDPrice)) {
      this.tradedThisBlock = true;
      this.lastTradeMs = trade.timeMs;
    }
  }

  /** The block's value, or null when the block had no trades. */
  finalCompute(): FilterValue | null {
    if (!this.tradedThisBlock) return null;
    this.tradedThisBlock = false;
    const { samples } = this.buffer;
    const last = this.buffer.lastPrice as number;
    let value = samples[0] ?? last;
    if (samples.length >= 2) {
      // The reference adds the last trade once more "to compensate for the delay to the end of the block".
      this.buffer.push(last, 1);
      value = trimmedMeanOfSamples(samples);
    }
    // The next block starts from the last trade alone.
    samples.splice(0, samples.length, last);
    return { value, timeMs: this.lastTradeMs };
  }
}

export class MedirFilter {
  private prices: number[] = [];
  private lastTradeMs = Number.NEGATIVE_INFINITY;
  /** Trades the last finalCompute left out as outliers (of the newest `memory` it weighed). */
  leftOut = 0;

  constructor(private readonly memory = FILTER_MEMORY) {}

  compute(trade: FilterTrade): void {
    if (trade.timeMs < this.lastTradeMs) return;
    this.prices.push(trade.estimatedUSDPrice);
    this.lastTradeMs = trade.timeMs;
  }

  /** The block's value, or null when the block had no trades. The prices start empty each block. */
  finalCompute(): FilterValue | null {
    const weighed = this.prices.slice(-this.memory);
    this.prices = [];
    const kept = removeOutliers(weighed);
    this.leftOut = weighed.length - kept.length;
    return weighed.length === 0 ? null : { value: median(kept), timeMs: this.lastTradeMs };
  }
}

/** One series: its three filters and the trades of the block under way. */
class ReferenceSeries {
  private readonly ma: MovingAverageFilter;
  private readonly mair: MairFilter;
  private readonly medir = new MedirFilter();
  private trades: SourceTrade[] = [];

  constructor(
    private readonly id: number,
    startMs: number,
  ) {
    this.ma = new MovingAverageFilter(startMs);
    this.mair = new MairFilter(startMs);
  }

  take(trade: SourceTrade): void {
    this.ma.compute(trade);
    this.mair.compute(trade);
    this.medir.compute(trade);
    this.trades.push(trade);
  }

  /** The block's row, prices to nine significant digits; null while the series never traded. */
  close(end: number): BlockRow | null {
    const mair = this.mair.finalCompute();
    const ma = this.ma.finalCompute(end * 1000);
    const medir = this.medir.finalCompute();
    const trades = this.trades;
    this.trades = [];
    if (!ma) return null;
    const prices = trades.map((t) => t.estimatedUSDPrice);
    const priced = (f: (p: number[]) => number) => (trades.length === 0 ? null : roundPrice(f(prices)));
    // Volumes are signed by the taker's side; summed in trade order, as units of 1e-8 too.
    const buys = trades.filter((t) => !(t.volume < 0)).map((t) => t.volume);
    const sells = trades.filter((t) => t.volume < 0).map((t) => t.volume);
    const units = (vs: number[]) => vs.reduce((total, v) => total + amountUnits(v), 0);
    const last = trades[trades.length - 1];
    return {
      series: this.id,
      time: end,
      ma120: roundPrice(ma.value),
      mair120: mair && roundPrice(mair.value),
      medir120: medir && roundPrice(medir.value),
      lastTradeOffset: last ? Math.floor((last.timeMs - (end - BLOCK_SECONDS) * 1000) / 1000) : null,
      volumeUSD: trades.reduce((total, t) => total + Math.abs(t.volume) * t.estimatedUSDPrice, 0),
      trades: trades.length,
      open: priced((p) => p[0] as number),
      high: priced((p) => Math.max(...p)),
      low: priced((p) => Math.min(...p)),
      close: priced((p) => p[p.length - 1] as number),
      buyVolume: amountOfUnits(
        units(buys),
        buys.reduce((total, v) => total + v, 0),
      ),
      sellVolume: amountOfUnits(
        units(sells),
        sells.reduce((total, v) => total - v, 0),
      ),
      tradesLeftOut: this.medir.leftOut,
    };
  }
}

/** Every (coin, exchange) and (coin, all exchanges) series of the pairs, a block at a time. */
export class ReferenceAggregator {
  private readonly series = new Map<string, ReferenceSeries>();

  constructor(
    private readonly ids: SeriesKeyLookup,
    pairs: readonly { symbol: string; exchange: string; ignore: boolean }[],
    startMs: number,
  ) {
    this.addPairs(pairs, startMs);
  }

  addPairs(pairs: readonly { symbol: string; exchange: string; ignore: boolean }[], startMs: number): void {
    for (const { symbol, exchange, ignore } of pairs) {
      if (ignore) continue;
      for (const of of [exchange, null]) {
        const key = `${symbol}|${of ?? ""}`;
        if (!this.series.has(key))
          this.series.set(key, new ReferenceSeries(this.ids.seriesId(symbol, of), startMs));
      }
    }
  }

  /** The rows of one block from its trades, sorted by time. */
  aggregate(block: number, trades: readonly SourceTrade[]): BlockRow[] {
    for (const trade of trades) {
      const own = this.series.get(`${trade.symbol}|${trade.exchange}`);
      if (!own) continue;
      own.take(trade);
      this.series.get(`${trade.symbol}|`)?.take(trade);
    }
    return [...this.series.values()].flatMap((s) => s.close((block + 1) * BLOCK_SECONDS) ?? []);
  }
}
