// A seed's aggregation: the same figures as BlockAggregator (aggregator.ts) makes from trade objects, made
// from a block's trades as columns (the simulator's form), series by series, with every series' filter
// state in typed arrays rather than objects. A seed aggregates tens of millions of trades; through the
// objects (a series' filters, their buffers, boxed numbers) a trade cost 100–270 ns and a block's close
// about 1 µs, the same with one series as with 175 (measured: work, not cache misses), and it was most of
// a seeding worker's time. Here one worker's day went from ~520 to ~400–445 ms on one thread.
//
// Every figure is computed with the same operations in the same order as the objects compute it, so the
// two agree to the last bit (columnar-aggregator.test.ts checks it over random blocks; parallel-seed.test.ts
// over a seed):
// - MA120: per-second samples kept as runs of equal prices in a ring (sample-runs.ts), taken as the
//   PerSecondBuffer of filters.ts takes them (its two fills as their net effect), filled at the block end.
// - MAIR120: made from the MA120's samples (a block's trades are in time order): its samples are the
//   previous price k times (k from the block's first trade's gap to the last trade before it, as its own
//   buffer would have filled: d − 1 for a gap of d ≥ 2 seconds, 1 for d = 1, 0 for d = 0, which replaces
//   it), then the MA120's samples since the block's first trade (never more than 120: a block is 120 s);
//   before any trade at all, the two filters' samples are the same. Then the last trade once more, and the
//   IQR-trimmed mean (outliers-fast.ts).
// - MEDIR120: the IQR-trimmed median of the block's newest 120 trade prices.
// - The candle: first, highest, lowest and last price, volumes summed in trade order.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import { amountOfUnits, amountUnits, roundPrice } from "../store/block-rounding.ts";
import type { SeriesKeyLookup } from "./aggregator.ts";
import { FILTER_MEMORY } from "./filters.ts";
import { lastTrim, trimmedMeanOfRuns, trimmedMedian } from "./outliers-fast.ts";
import { dropNewest, HEAD, MASK, pushNewest, RING, RING_SCALARS, RUNS, SIZE } from "./run-rings.ts";
import { ClosedFigures } from "./series-state.ts";
import { type ClosedBlockSink, SeriesGroups, type TradeColumns } from "./trade-columns.ts";

const BLOCK_MS = BLOCK_SECONDS * 1000;
const MEMORY = FILTER_MEMORY;

// A series' scalars, at its offset in `scalars` (stride SCALARS): its ring's (run-rings.ts), then these.
/** The time the MA120's samples are filled to. */
const FILLED_MS = RING_SCALARS;
/** The last trade's price, NaN before any. */
const LAST_PRICE = RING_SCALARS + 1;
/** The last trade's time (MAIR120's samples are filled to it). */
const LAST_TRADE_MS = RING_SCALARS + 2;
const SCALARS = 8;

export class ColumnarAggregator {
  /** The series' ids, by slot. */
  private readonly ids: Int32Array;
  /** Each pair's series slot on its exchange, and its coin's across exchanges; −1 for a pair not followed. */
  private readonly exchangeSlot: Int32Array;
  private readonly allSlot: Int32Array;
  private readonly scalars: Float64Array;
  private readonly prices: Float64Array;
  private readonly counts: Float64Array;
  // The MAIR120's samples of the block being closed, and the MEDIR120's prices: one series at a time.
  private readonly mairScalars = new Float64Array(SCALARS);
  private readonly mairPrices = new Float64Array(RING);
  private readonly mairCounts = new Float64Array(RING);
  private readonly medirPrices = new Float64Array(MEMORY);
  private readonly figures = new ClosedFigures();
  private readonly groups = new SeriesGroups();

  /**
   * The series of the `followed` pairs (each pair's, and its coin's across exchanges) for trades whose
   * `pair` indexes `pairList`; the filters start at `startMs`.
   */
  constructor(
    ids: SeriesKeyLookup,
    followed: readonly { symbol: string; exchange: string; ignore: boolean }[],
    pairList: { readonly symbol: readonly string[]; readonly exchange: readonly string[] },
    startMs: number,
  ) {
    const slotOf = new Map<number, number>();
    const slot = (id: number): number => {
      let at = slotOf.get(id);
      if (at === undefined) {
        at = slotOf.size;
        slotOf.set(id, at);
      }
      return at;
    };
    const keys = new Set(followed.filter((p) => !p.ignore).map((p) => `${p.symbol}|${p.exchange}`));
    const pairs = pairList.symbol.length;
    this.exchangeSlot = new Int32Array(pairs).fill(-1);
    this.allSlot = new Int32Array(pairs).fill(-1);
    for (let p = 0; p < pairs; p++) {
      const symbol = pairList.symbol[p] as string;
      const exchange = pairList.exchange[p] as string;
      if (!keys.has(`${symbol}|${exchange}`)) continue;
      this.exchangeSlot[p] = slot(ids.seriesId(symbol, exchange));
      this.allSlot[p] = slot(ids.seriesId(symbol, null));
    }
    this.ids = Int32Array.from(slotOf.keys());
    const slots = this.ids.length;
    this.scalars = new Float64Array(slots * SCALARS);
    for (let s = 0; s < slots; s++) {
      this.scalars[s * SCALARS + FILLED_MS] = startMs;
      this.scalars[s * SCALARS + LAST_PRICE] = Number.NaN;
    }
    this.prices = new Float64Array(slots * RING);
    this.counts = new Float64Array(slots * RING);
  }

  /** The number of series it makes. */
  get seriesCount(): number {
    return this.ids.length;
  }

  /**
   * Aggregates block `block` from its trades and gives each series' closed block to `sink` (none while
   * warming up); a series that never traded (no MA120 yet) has no block.
   */
  aggregateInto(block: number, trades: TradeColumns, sink: ClosedBlockSink | null): void {
    const { start, bySeries } = this.groups.group(trades, this.exchangeSlot, this.allSlot, this.ids.length);
    const blockEndMs = (block + 1) * BLOCK_MS;
    for (let slot = 0; slot < this.ids.length; slot++) {
      const from = start[slot] as number;
      const to = start[slot + 1] as number;
      if (this.closeSeries(slot, trades, bySeries, from, to, blockEndMs) && sink) {
        sink.visit(this.ids[slot] as number, this.figures);
      }
    }
  }

  /**
   * Takes series `slot`'s trades of the block (bySeries[from] … bySeries[to − 1], in time order) and closes
   * the block into `figures`; false while the series never traded.
   */
  private closeSeries(
    slot: number,
    trades: TradeColumns,
    bySeries: Int32Array,
    from: number,
    to: number,
    blockEndMs: number,
  ): boolean {
    const s = this.scalars;
    const o = slot * SCALARS;
    const prices = this.prices;
    const counts = this.counts;
    const base = slot * RING;
    const n = to - from;
    const previousPrice = s[o + LAST_PRICE] as number;
    const traded = n > 0;
    let mairValue = Number.NaN;
    let medirValue = Number.NaN;
    let leftOut = 0;
    let open = 0;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    let last = 0;
    let buyVolume = 0;
    let sellVolume = 0;
    let buyUnits = 0;
    let sellUnits = 0;
    let volumeUSD = 0;
    let lastTradeMs = 0;
    if (traded) {
      const { timeMs, usdPrice, volume } = trades;
      const medir = this.medirPrices;
      // MAIR120's samples before the block's first trade: how many of the previous price.
      const firstMs = timeMs[bySeries[from] as number] as number;
      const gap = Math.trunc((firstMs - (s[o + LAST_TRADE_MS] as number)) / 1000);
      const previousSamples = gap >= 2 ? gap - 1 : gap === 1 ? 1 : 0;
      /** Samples the MA120 added since the block's first trade (whose own is one). */
      let addedSinceFirst = 0;
      for (let at = from; at < to; at++) {
        const i = bySeries[at] as number;
        const t = timeMs[i] as number;
        const price = usdPrice[i] as number;
        const amount = volume[i] as number;
        // The MA120's per-second samples (PerSecondBuffer.take).
        const filled = s[o + FILLED_MS] as number;
        const diff = Math.trunc((t - filled) / 1000);
        const lastPrice = s[o + LAST_PRICE] as number;
        if (t < filled && !Number.isNaN(lastPrice)) throw new RangeError("trades out of time order");
        if (Number.isNaN(lastPrice)) {
          if (diff > 1) pushNewest(prices, counts, base, s, o, price, diff - 1);
          else {
            if (diff === 0 && (s[o + SIZE] as number) >= 1) dropNewest(counts, base, s, o);
            pushNewest(prices, counts, base, s, o, price, 1);
          }
        } else if (diff >= 2) {
          if (diff > 2) pushNewest(prices, counts, base, s, o, lastPrice, diff - 2);
          pushNewest(prices, counts, base, s, o, price, 1);
          if (at > from) addedSinceFirst += diff - 1;
        } else if (diff === 1) {
          pushNewest(prices, counts, base, s, o, price, 1);
          if (at > from) addedSinceFirst += 1;
        } else {
          dropNewest(counts, base, s, o);
          pushNewest(prices, counts, base, s, o, price, 1);
        }
        s[o + FILLED_MS] = t;
        s[o + LAST_PRICE] = price;
        // MEDIR120 weighs the newest 120 prices (their order does not matter to a median).
        const k = at - from;
        medir[k < MEMORY ? k : k % MEMORY] = price;
        // The candle; a trade's volume is signed by the taker's side, negative for a sell.
        if (at === from) open = price;
        if (price > high) high = price;
        if (price < low) low = price;
        last = price;
        if (amount < 0) {
          sellVolume -= amount;
          sellUnits += amountUnits(amount);
        } else {
          buyVolume += amount;
          buyUnits += amountUnits(amount);
        }
        volumeUSD += Math.abs(amount) * price;
        lastTradeMs = t;
      }
      mairValue = this.mairOf(slot, previousPrice, previousSamples, 1 + addedSinceFirst, last);
      s[o + LAST_TRADE_MS] = lastTradeMs;
      medirValue = trimmedMedian(medir, n < MEMORY ? n : MEMORY);
      leftOut = lastTrim.leftOut;
    }
    // MA120: filled with the last price to the block's end (FilterMA.fill), then the mean of its samples.
    const lastPrice = s[o + LAST_PRICE] as number;
    if (Number.isNaN(lastPrice)) return false;
    const diff = Math.trunc((blockEndMs - (s[o + FILLED_MS] as number)) / 1000);
    if (diff > 1) pushNewest(prices, counts, base, s, o, lastPrice, diff - 1);
    else {
      if (diff === 0 && (s[o + SIZE] as number) >= 1) dropNewest(counts, base, s, o);
      pushNewest(prices, counts, base, s, o, lastPrice, 1);
    }
    s[o + FILLED_MS] = blockEndMs;
    const head = s[o + HEAD] as number;
    const runs = s[o + RUNS] as number;
    let total = 0;
    for (let r = 0; r < runs; r++) {
      const at = base + ((head + r) & MASK);
      total += (prices[at] as number) * (counts[at] as number);
    }
    const size = s[o + SIZE] as number;
    const ma = total / (size > 0 && size < MEMORY ? size : MEMORY);

    const out = this.figures;
    out.ma120 = roundPrice(ma);
    out.mair120 = Number.isNaN(mairValue) ? Number.NaN : roundPrice(mairValue);
    out.medir120 = Number.isNaN(medirValue) ? Number.NaN : roundPrice(medirValue);
    out.lastTradeOffset = traded ? Math.floor((lastTradeMs - (blockEndMs - BLOCK_MS)) / 1000) : Number.NaN;
    out.volumeUSD = volumeUSD;
    out.trades = n;
    out.open = traded ? roundPrice(open) : Number.NaN;
    out.high = traded ? roundPrice(high) : Number.NaN;
    out.low = traded ? roundPrice(low) : Number.NaN;
    out.close = traded ? roundPrice(last) : Number.NaN;
    out.buyVolume = amountOfUnits(buyUnits, buyVolume);
    out.sellVolume = amountOfUnits(sellUnits, sellVolume);
    out.tradesLeftOut = leftOut;
    return true;
  }

  /**
   * MAIR120 of series `slot`'s block, before the MA120 is filled to the block's end: the previous price
   * `previousSamples` times (all of the MA120's samples when it had none), the MA120's newest `sinceFirst`
   * samples, then the last price once more; trimmed to the newest 120 as each is added, as its own buffer
   * would be (MairFilter.closeBlock).
   */
  private mairOf(
    slot: number,
    previousPrice: number,
    previousSamples: number,
    sinceFirst: number,
    last: number,
  ): number {
    const ms = this.mairScalars;
    const mp = this.mairPrices;
    const mc = this.mairCounts;
    ms[HEAD] = 0;
    ms[RUNS] = 0;
    ms[SIZE] = 0;
    const o = slot * SCALARS;
    const s = this.scalars;
    const prices = this.prices;
    const counts = this.counts;
    const base = slot * RING;
    const head = s[o + HEAD] as number;
    const runs = s[o + RUNS] as number;
    const size = s[o + SIZE] as number;
    let want = size;
    if (!Number.isNaN(previousPrice)) {
      pushNewest(mp, mc, 0, ms, 0, previousPrice, previousSamples);
      want = Math.min(sinceFirst, size);
    }
    // The MA120's newest `want` samples, oldest first (SampleRuns.copyNewestInto).
    let r = runs - 1;
    let first = 0;
    for (; r >= 0; r--) {
      const c = counts[base + ((head + r) & MASK)] as number;
      if (c >= want) {
        first = want;
        break;
      }
      want -= c;
    }
    if (r >= 0) {
      pushNewest(mp, mc, 0, ms, 0, prices[base + ((head + r) & MASK)] as number, first);
      for (let j = r + 1; j < runs; j++) {
        const at = base + ((head + j) & MASK);
        pushNewest(mp, mc, 0, ms, 0, prices[at] as number, counts[at] as number);
      }
    }
    if ((ms[SIZE] as number) < 2)
      return (ms[RUNS] as number) === 0 ? last : (mp[ms[HEAD] as number] as number);
    // The reference adds the last trade once more "to compensate for the delay to the end of the block".
    pushNewest(mp, mc, 0, ms, 0, last, 1);
    return trimmedMeanOfRuns(mp, mc, ms[RUNS] as number, ms[HEAD] as number);
  }
}
