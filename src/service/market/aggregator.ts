// Crowd aggregation, the one for every source: a 120-second block's trades (objects from the live ingest and
// the history, the simulator's columns from a seed) through the three filters and the candle of every
// (coin, exchange) and (coin, all exchanges) series, with each series' state in typed arrays.
// - MA120: the mean of the newest 120 per-second samples of the last price, forward-filled through quiet
//   blocks and stamped at the block end, with the samples kept as runs in a ring (run-rings.ts).
// - MAIR120: the same samples restarted from the last trade each block, the last trade added once more,
//   outliers removed (outliers.ts), then the mean; only blocks with trades, stamped at the last trade.
// - MEDIR120: the block's newest 120 trade prices, outliers removed, then the median.
// Both moving filters follow the reference's quirks (FilterMA.fill): testing/reference-filters.ts writes them
// plainly, and aggregator.test.ts holds this to it.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import { amountOfUnits, amountUnits, roundPrice } from "../store/block-rounding.ts";
import type { BlockRow, SeriesKey, Store, StoredTrade } from "../store/store.ts";
import { lastTrim, trimmedMeanOfRuns, trimmedMedian } from "./outliers.ts";
import {
  dropNewest,
  FILTER_MEMORY,
  HEAD,
  MASK,
  pushNewest,
  RING,
  RING_SCALARS,
  RUNS,
  SIZE,
} from "./run-rings.ts";
import { SeriesGroups, type TradeColumns } from "./trade-columns.ts";
import type { SourceTrade } from "./trade-source.ts";

const BLOCK_MS = BLOCK_SECONDS * 1000;
const MEMORY = FILTER_MEMORY;

export interface SeriesKeyLookup {
  seriesId(symbol: string, exchange: string | null): number;
}

type Pairs = readonly { symbol: string; exchange: string; ignore: boolean }[];

/**
 * Makes the series of the pairs (each pair's, and its coin's across exchanges) in the store, and looks
 * them up synchronously, as aggregating a block does for every series it closes.
 */
export async function seriesOfPairs(store: Store, pairs: Pairs): Promise<SeriesKeyLookup> {
  const keys: SeriesKey[] = [];
  for (const pair of pairs) {
    if (pair.ignore) continue;
    keys.push({ symbol: pair.symbol, exchange: pair.exchange }, { symbol: pair.symbol, exchange: null });
  }
  await store.ensureSeries(keys);
  return {
    seriesId: (symbol, exchange) => {
      const id = store.seriesId(symbol, exchange);
      if (id === null) throw new Error(`market: the series ${symbol}/${exchange ?? "all"} was not made`);
      return id;
    },
  };
}

/** A closed block's figures as numbers, NaN where its row has null: what a packed day is made of. */
export class ClosedFigures {
  ma120 = 0;
  mair120 = Number.NaN;
  medir120 = Number.NaN;
  lastTradeOffset = Number.NaN;
  volumeUSD = 0;
  trades = 0;
  open = Number.NaN;
  high = Number.NaN;
  low = Number.NaN;
  close = Number.NaN;
  buyVolume = 0;
  sellVolume = 0;
  tradesLeftOut = 0;
}

const orNull = (x: number): number | null => (Number.isNaN(x) ? null : x);

/** The row of a series' closed block. */
export function rowOf(series: number, time: number, f: ClosedFigures): BlockRow {
  return {
    series,
    time,
    ma120: f.ma120,
    mair120: orNull(f.mair120),
    medir120: orNull(f.medir120),
    lastTradeOffset: orNull(f.lastTradeOffset),
    volumeUSD: f.volumeUSD,
    trades: f.trades,
    open: orNull(f.open),
    high: orNull(f.high),
    low: orNull(f.low),
    close: orNull(f.close),
    buyVolume: f.buyVolume,
    sellVolume: f.sellVolume,
    tradesLeftOut: f.tradesLeftOut,
  };
}

/** A trade as the store keeps it: of its exchange's series, `seq` its place in its block's list. */
export function storedTradeOf(trade: SourceTrade, series: number, seq: number): StoredTrade {
  return {
    series,
    timeMs: trade.timeMs,
    seq,
    pair: trade.pair,
    price: trade.price,
    volume: trade.volume,
    estimatedUSDPrice: trade.estimatedUSDPrice,
    foreignTradeID: trade.foreignTradeID,
  };
}

/** Where a closed block goes: its series and figures (valid during the call only). */
export interface ClosedBlockSink {
  visit(series: number, figures: ClosedFigures): void;
}

export interface AggregatedBlock {
  rows: BlockRow[];
  trades: StoredTrade[];
  /** Unix ms of the block's newest trade of a followed pair, null when it had none. */
  newestTradeMs: number | null;
}

/** Where a preview's figures go: series `exchange` of the symbol (null: across exchanges) in `block`. */
export interface PreviewSink {
  /** `figures` are valid during the call only. */
  visit(block: number, exchange: string | null, figures: ClosedFigures): void;
}

/** What the live stream reads of the aggregation: previews, which never change a series' state. */
export type BlockPreview = Pick<BlockAggregator, "lastClosedBlock" | "follows" | "preview">;

// A series' scalars, at its offset in `scalars` (stride SCALARS): its ring's (run-rings.ts), then these.
/** The time the MA120's samples are filled to. */
const FILLED_MS = RING_SCALARS;
/** The last trade's price, NaN before any. */
const LAST_PRICE = RING_SCALARS + 1;
/** The last trade's time (MAIR120's samples are filled to it). */
const LAST_TRADE_MS = RING_SCALARS + 2;
const SCALARS = 8;
/** A series' state as a preview saves it: its scalars, then its ring's prices and counts. */
const SAVED = SCALARS + 2 * RING;

/** Columns for `size` trades, listed in the order they are written. */
function columnsFor(size: number): TradeColumns {
  return {
    count: 0,
    order: Int32Array.from({ length: size }, (_, k) => k),
    pair: new Int32Array(size),
    timeMs: new Float64Array(size),
    usdPrice: new Float64Array(size),
    volume: new Float64Array(size),
  };
}

function grown<T extends Int32Array | Float64Array>(array: T, length: number, fill: number): T {
  if (array.length >= length) return array;
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.fill(fill);
  bigger.set(array);
  return bigger;
}

export class BlockAggregator {
  /** The series' ids, by slot, and their keys. */
  private readonly ids: number[] = [];
  private readonly keys: SeriesKey[] = [];
  private readonly slotOf = new Map<number, number>();
  /** The pairs a trade column's `pair` indexes, and the index of a trade object's (coin → exchange → pair). */
  private readonly pairSymbol: string[];
  private readonly pairExchange: string[];
  private readonly pairOf = new Map<string, Map<string, number>>();
  /** Each pair's series slot on its exchange, and its coin's across exchanges; −1 for a pair not followed. */
  private exchangeSlot = new Int32Array(0);
  private allSlot = new Int32Array(0);
  private scalars = new Float64Array(0);
  private prices = new Float64Array(0);
  private counts = new Float64Array(0);
  // The MAIR120's samples of the block being closed, and the MEDIR120's prices: one series at a time.
  private readonly mairScalars = new Float64Array(SCALARS);
  private readonly mairPrices = new Float64Array(RING);
  private readonly mairCounts = new Float64Array(RING);
  private readonly medirPrices = new Float64Array(MEMORY);
  private readonly figures = new ClosedFigures();
  private readonly groups = new SeriesGroups();
  /** A block's trade objects as columns, reused block after block. */
  private columns = columnsFor(0);
  /** The newest block aggregated: a preview goes on from the state it left. */
  private newestBlock: number;
  /** A preview's slots, and their state saved before it. */
  private previewSlots = new Int32Array(16);
  private saved = new Float64Array(16 * SAVED);

  /**
   * The series of the `followed` pairs (each pair's, and its coin's across exchanges), their filters started
   * at `startMs`. Trade columns index `pairList` (default: the followed pairs themselves).
   */
  constructor(
    private readonly lookup: SeriesKeyLookup,
    followed: Pairs,
    startMs: number,
    pairList: { readonly symbol: readonly string[]; readonly exchange: readonly string[] } = {
      symbol: followed.map((p) => p.symbol),
      exchange: followed.map((p) => p.exchange),
    },
  ) {
    this.newestBlock = Math.floor(startMs / BLOCK_MS) - 1;
    this.pairSymbol = [...pairList.symbol];
    this.pairExchange = [...pairList.exchange];
    for (let p = 0; p < this.pairSymbol.length; p++) this.indexPair(p);
    this.addPairs(followed, startMs);
  }

  /** Makes pair `p` a trade object's; a coin's pairs on one exchange take the same series, the first stands. */
  private indexPair(p: number): void {
    const byExchange = this.pairOf.get(this.pairSymbol[p] as string) ?? new Map<string, number>();
    if (!byExchange.has(this.pairExchange[p] as string)) byExchange.set(this.pairExchange[p] as string, p);
    this.pairOf.set(this.pairSymbol[p] as string, byExchange);
  }

  /** Pairs followed from now on (an exchange that was down at the start): their series start at `startMs`. */
  addPairs(pairs: Pairs, startMs: number): void {
    const keys = new Set(pairs.filter((p) => !p.ignore).map((p) => `${p.symbol}|${p.exchange}`));
    for (const pair of pairs) {
      if (pair.ignore || this.pairOf.get(pair.symbol)?.has(pair.exchange)) continue;
      this.pairSymbol.push(pair.symbol);
      this.pairExchange.push(pair.exchange);
      this.indexPair(this.pairSymbol.length - 1);
    }
    const pairCount = this.pairSymbol.length;
    this.exchangeSlot = grown(this.exchangeSlot, pairCount, -1);
    this.allSlot = grown(this.allSlot, pairCount, -1);
    const firstNew = this.ids.length;
    for (let p = 0; p < pairCount; p++) {
      const symbol = this.pairSymbol[p] as string;
      const exchange = this.pairExchange[p] as string;
      if ((this.exchangeSlot[p] as number) >= 0 || !keys.has(`${symbol}|${exchange}`)) continue;
      this.exchangeSlot[p] = this.slot(this.lookup.seriesId(symbol, exchange), { symbol, exchange });
      this.allSlot[p] = this.slot(this.lookup.seriesId(symbol, null), { symbol, exchange: null });
    }
    const slots = this.ids.length;
    this.scalars = grown(this.scalars, slots * SCALARS, 0);
    this.prices = grown(this.prices, slots * RING, 0);
    this.counts = grown(this.counts, slots * RING, 0);
    for (let s = firstNew; s < slots; s++) {
      this.scalars[s * SCALARS + FILLED_MS] = startMs;
      this.scalars[s * SCALARS + LAST_PRICE] = Number.NaN;
    }
  }

  private slot(id: number, key: SeriesKey): number {
    let at = this.slotOf.get(id);
    if (at === undefined) {
      at = this.ids.length;
      this.slotOf.set(id, at);
      this.ids.push(id);
      this.keys.push(key);
    }
    return at;
  }

  /** The symbol and exchange (null: across exchanges) of a series this aggregates. */
  seriesKeyOf(series: number): SeriesKey | null {
    const slot = this.slotOf.get(series);
    return slot === undefined ? null : (this.keys[slot] as SeriesKey);
  }

  /** Whether trades of the pair go into its series (a pair not followed, or ignored, is left out). */
  follows(symbol: string, exchange: string): boolean {
    const p = this.pairOf.get(symbol)?.get(exchange);
    return p !== undefined && (this.exchangeSlot[p] as number) >= 0;
  }

  /** The newest block aggregated (while warming up too); before any, the one before the filters' start. */
  lastClosedBlock(): number {
    return this.newestBlock;
  }

  /**
   * Aggregates one block from its trades, sorted by time, into its rows. With `keepTrades` the block's
   * trades are returned for storage (the store keeps the last hour's trades only).
   */
  aggregate(block: number, trades: readonly SourceTrade[], keepTrades: boolean): AggregatedBlock {
    const stored: StoredTrade[] = [];
    const columns = this.columnsOf(trades, keepTrades ? stored : null);
    const rows: BlockRow[] = [];
    const end = (block + 1) * BLOCK_SECONDS;
    this.aggregateInto(block, columns, {
      visit: (series, figures) => rows.push(rowOf(series, end, figures)),
    });
    let newestTradeMs: number | null = null;
    for (let k = 0; k < columns.count; k++) {
      const t = columns.timeMs[k] as number;
      if (newestTradeMs === null || t > newestTradeMs) newestTradeMs = t;
    }
    return { rows, trades: stored, newestTradeMs };
  }

  /**
   * Trade objects as columns (reused call after call), those of pairs not followed left out; with `stored`,
   * each kept trade is added to it for storage.
   */
  private columnsOf(trades: readonly SourceTrade[], stored: StoredTrade[] | null): TradeColumns {
    if (this.columns.pair.length < trades.length) this.columns = columnsFor(2 * trades.length);
    const columns = this.columns;
    let count = 0;
    for (let i = 0; i < trades.length; i++) {
      const trade = trades[i] as SourceTrade;
      const p = this.pairOf.get(trade.symbol)?.get(trade.exchange);
      const slot = p === undefined ? -1 : (this.exchangeSlot[p] as number);
      if (slot < 0) continue;
      columns.pair[count] = p as number;
      columns.timeMs[count] = trade.timeMs;
      columns.usdPrice[count] = trade.estimatedUSDPrice;
      columns.volume[count] = trade.volume;
      count += 1;
      if (stored) stored.push(storedTradeOf(trade, this.ids[slot] as number, i));
    }
    columns.count = count;
    return columns;
  }

  /**
   * Aggregates block `block` from its trades as columns and gives each series' closed block to `sink` (none
   * while warming up); a series that never traded (no MA120 yet) has no block.
   */
  aggregateInto(block: number, trades: TradeColumns, sink: ClosedBlockSink | null): void {
    const { start, bySeries } = this.groups.group(trades, this.exchangeSlot, this.allSlot, this.ids.length);
    const blockEndMs = (block + 1) * BLOCK_MS;
    for (let slot = 0; slot < this.ids.length; slot++) {
      const from = start[slot] as number;
      const to = start[slot + 1] as number;
      if (this.closeSeries(slot, trades, bySeries, from, to, blockEndMs, blockEndMs) && sink) {
        sink.visit(this.ids[slot] as number, this.figures);
      }
    }
    this.newestBlock = block;
  }

  /**
   * What `symbol`'s series would close with if the blocks after the newest one aggregated, through `last`,
   * were aggregated now: block b of the trades `tradesOf(b)` (by time ascending), the last one's MA120 filled
   * to `nowMs` instead of its end (never before its last trade). Each block's figures of each series go to
   * `sink`; at `last`'s end they are exactly the rows aggregate will give. The one aggregation, run on the
   * symbol's series only, whose state is saved first and restored after: the next aggregate is unchanged.
   */
  preview(
    symbol: string,
    last: number,
    tradesOf: (block: number) => readonly SourceTrade[],
    nowMs: number,
    sink: PreviewSink,
  ): void {
    const count = this.slotsOf(symbol);
    if (count === 0) return;
    const slots = this.previewSlots;
    this.saveSlots(count);
    try {
      for (let block = this.newestBlock + 1; block <= last; block++) {
        const trades = this.columnsOf(tradesOf(block), null);
        const slotCount = this.ids.length;
        const { start, bySeries } = this.groups.group(trades, this.exchangeSlot, this.allSlot, slotCount);
        const blockEndMs = (block + 1) * BLOCK_MS;
        const fillToMs = block === last && nowMs < blockEndMs ? nowMs : blockEndMs;
        for (let k = 0; k < count; k++) {
          const slot = slots[k] as number;
          const from = start[slot] as number;
          const to = start[slot + 1] as number;
          if (this.closeSeries(slot, trades, bySeries, from, to, blockEndMs, fillToMs))
            sink.visit(block, (this.keys[slot] as SeriesKey).exchange, this.figures);
        }
      }
    } finally {
      this.restoreSlots(count);
    }
  }

  /** Puts `symbol`'s series slots (its exchanges' and its own across them) in previewSlots; how many. */
  private slotsOf(symbol: string): number {
    const byExchange = this.pairOf.get(symbol);
    if (!byExchange) return 0;
    if (this.previewSlots.length < byExchange.size + 1) {
      this.previewSlots = new Int32Array(2 * (byExchange.size + 1));
      this.saved = new Float64Array(this.previewSlots.length * SAVED);
    }
    let count = 0;
    for (const p of byExchange.values()) {
      const slot = this.exchangeSlot[p] as number;
      if (slot < 0) continue;
      if (count === 0) this.previewSlots[count++] = this.allSlot[p] as number;
      this.previewSlots[count++] = slot;
    }
    return count;
  }

  private saveSlots(count: number): void {
    for (let k = 0; k < count; k++) {
      const slot = this.previewSlots[k] as number;
      const at = k * SAVED;
      this.saved.set(this.scalars.subarray(slot * SCALARS, (slot + 1) * SCALARS), at);
      this.saved.set(this.prices.subarray(slot * RING, (slot + 1) * RING), at + SCALARS);
      this.saved.set(this.counts.subarray(slot * RING, (slot + 1) * RING), at + SCALARS + RING);
    }
  }

  private restoreSlots(count: number): void {
    for (let k = 0; k < count; k++) {
      const slot = this.previewSlots[k] as number;
      const at = k * SAVED;
      this.scalars.set(this.saved.subarray(at, at + SCALARS), slot * SCALARS);
      this.prices.set(this.saved.subarray(at + SCALARS, at + SCALARS + RING), slot * RING);
      this.counts.set(this.saved.subarray(at + SCALARS + RING, at + SAVED), slot * RING);
    }
  }

  /**
   * Takes series `slot`'s trades of the block (bySeries[from] … bySeries[to − 1], in time order) and closes
   * the block into `figures`, its MA120 filled to `fillToMs` (the block's end; a preview's moment before it);
   * false while the series never traded.
   */
  private closeSeries(
    slot: number,
    trades: TradeColumns,
    bySeries: Int32Array,
    from: number,
    to: number,
    blockEndMs: number,
    fillToMs: number,
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
        // The MA120's per-second samples: the net effect of the reference's two fills per trade, d − 2 of the
        // previous price then the trade's (d ≥ 2), the trade's (d = 1), or it replaces the newest (d = 0).
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
    // MA120: filled with the last price to the block's end (FilterMA.fill), then the mean of its samples. A
    // preview's moment may be before the last trade's time (an exchange's clock ahead of ours): it fills to
    // that trade then, as the trade itself did.
    const lastPrice = s[o + LAST_PRICE] as number;
    if (Number.isNaN(lastPrice)) return false;
    const filledMs = s[o + FILLED_MS] as number;
    const toMs = fillToMs < blockEndMs && fillToMs < filledMs ? filledMs : fillToMs;
    const diff = Math.trunc((toMs - filledMs) / 1000);
    if (diff > 1) pushNewest(prices, counts, base, s, o, lastPrice, diff - 1);
    else {
      if (diff === 0 && (s[o + SIZE] as number) >= 1) dropNewest(counts, base, s, o);
      pushNewest(prices, counts, base, s, o, lastPrice, 1);
    }
    s[o + FILLED_MS] = toMs;
    const head = s[o + HEAD] as number;
    const runs = s[o + RUNS] as number;
    let total = 0;
    for (let r = 0; r < runs; r++) {
      const at = base + ((head + r) & MASK);
      total += (prices[at] as number) * (counts[at] as number);
    }
    const size = s[o + SIZE] as number;
    const ma = total / (size > 0 && size < MEMORY ? size : MEMORY);

    // Prices are kept to nine significant digits as the block is made, so that its rows and its packed day
    // (stored as integers) hold the same numbers.
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
   * samples, then the last price once more; trimmed to the newest 120 as each is added, as its own samples
   * would be (the reference restarts them from the last trade each block: the first of `previousSamples`).
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
    // The MA120's newest `want` samples, oldest first.
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
