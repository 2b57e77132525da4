// The market feed: a source's trades → 120-second blocks → filters → store. It seeds the history on first
// start, fills the gap up to now on later ones, and adds each block as the market clock passes its end.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import { dayOfBlockEnd } from "../store/day-columns.ts";
import {
  type BlockRow,
  bySeriesAndTime,
  type SeriesKey,
  type Store,
  type StoredTrade,
} from "../store/store.ts";
import { BlockAggregator, type BlockPreview, seriesOfPairs } from "./aggregator.ts";
import type { TradeSource } from "./trade-source.ts";

const BLOCKS_PER_DAY = 86_400 / BLOCK_SECONDS;
/** Blocks aggregated before the first stored one so the filters start warm (their state spans blocks). */
const WARM_UP_BLOCKS = 60;
/** The store keeps the last hour of trades: symbol details show the newest ten per exchange. */
const TRADE_RETENTION_MS = 3_600_000;
/**
 * How far back block rows are kept once their day is packed: a quotation reads the last 24 hours of rows
 * (and yesterday's price up to ten minutes before); charts and candles read packed days.
 */
const ROW_SECONDS = 25 * 3600;

/** The end of the newest row that may be forgotten once block `last` is stored: whole hours. */
const forgettableThrough = (last: number): number =>
  Math.floor(((last + 1) * BLOCK_SECONDS - ROW_SECONDS) / 3600) * 3600;
/** Blocks written per transaction while seeding. */
const BLOCKS_PER_COMMIT = 360;

export interface FeedOptions {
  historyDays: number;
  /** The pairs of the market's coins (the source delivers trades of those coins, or more). */
  pairs: readonly { symbol: string; exchange: string; ignore: boolean }[];
  /** Gaps of at least this many blocks are stored as one run, when the source can (default: 3 days). */
  parallelMinBlocks?: number;
}

export type Progress = (doneBlocks: number, totalBlocks: number) => void;

/** Blocks first..last (inclusive) that a live source's history must fill. */
export interface BlockGap {
  first: number;
  last: number;
}

/** A block the feed stored: every series' row as written, with its key, and when its newest trade was. */
export interface StoredBlock {
  block: number;
  series: readonly { key: SeriesKey; row: BlockRow }[];
  /** Unix ms of the block's newest trade of a followed pair, null when it had none. */
  newestTradeMs: number | null;
}

/**
 * Told of each block the feed aggregates and stores, in order, once its rows are written (not of a seeded
 * run's, nor of the history a live source fills from candles). A plain listener, so that the rooms that
 * listen (the live stream) import the market and never the other way round.
 */
export type BlockStoredListener = (stored: StoredBlock) => void;

/** The gaps a live source's history has not filled yet, kept until it has (a stop mid-way resumes). */
const HISTORY_GAPS_META = "history_gaps";

export class MarketFeed {
  private aggregator: BlockAggregator | null = null;
  /** Days are packed only once no history gap is pending behind them. */
  private packingHeld = false;
  /** The end of the newest row forgotten so far (forgetOldRows), in this process. */
  private rowsForgottenThrough = 0;
  private readonly blockListeners: BlockStoredListener[] = [];

  constructor(
    private readonly store: Store,
    private readonly source: TradeSource,
    private options: FeedOptions,
  ) {}

  /** The market's pairs changed (a live source learned an exchange's list after the start). */
  setPairs(pairs: FeedOptions["pairs"], nowMs: number): Promise<void> {
    return this.exclusive(async () => {
      this.options = { ...this.options, pairs };
      if (!this.aggregator) return;
      await seriesOfPairs(this.store, pairs);
      this.aggregator.addPairs(pairs, nowMs);
    });
  }

  /**
   * Runs one step on the feed's state (the aggregator's filters, the stored end) after the step before it:
   * the store's calls are asynchronous, and a block timer firing while a catch-up still writes must not
   * aggregate the same blocks twice.
   */
  private exclusive<T>(step: () => Promise<T>): Promise<T> {
    const result = this.queue.then(step);
    this.queue = result.catch(() => undefined);
    return result;
  }
  private queue: Promise<unknown> = Promise.resolve();

  /** Tells `listener` of every block stored from now on; returns what stops it. */
  onBlockStored(listener: BlockStoredListener): () => void {
    this.blockListeners.push(listener);
    return () => {
      const at = this.blockListeners.indexOf(listener);
      if (at >= 0) this.blockListeners.splice(at, 1);
    };
  }

  /**
   * The aggregation's state after the newest block it aggregated, which previews of the blocks after it read
   * (the live stream's forming prices and candles); null before a catch-up or warmUpAggregation made it.
   */
  aggregation(): BlockPreview | null {
    return this.aggregator;
  }

  /**
   * Makes the aggregation a seeded run leaves none of (its filters' state lived in the run) now, as the next
   * catch-up would, so that a preview need not wait for the next block; nothing before the first block.
   */
  warmUpAggregation(): Promise<void> {
    return this.exclusive(async () => {
      if (this.aggregator) return;
      const storedEnd = await this.store.lastBlockTime();
      if (storedEnd !== null) await this.warmUp(storedEnd / BLOCK_SECONDS);
    });
  }

  /** Index of the newest block that has ended by `nowMs`. */
  static lastCompleteBlock(nowMs: number): number {
    return Math.floor(nowMs / 1000 / BLOCK_SECONDS) - 1;
  }

  /** The blocks up to `last` not stored yet: on a first start, the whole history's. */
  private async missing(last: number) {
    const storedEnd = await this.store.lastBlockTime();
    const first =
      storedEnd === null ? last - this.options.historyDays * BLOCKS_PER_DAY + 1 : storedEnd / BLOCK_SECONDS;
    return { first, last, storedEnd };
  }

  /**
   * Like catchUp, but a long gap (a first start's history, or a long stop) is stored as one run by the
   * source when it can (the simulator seeds it on worker threads). The result is the same either way.
   */
  catchUpInParallel(nowMs: number, onProgress?: Progress): Promise<number> {
    return this.exclusive(() => this.storeGap(nowMs, onProgress));
  }

  private async storeGap(nowMs: number, onProgress?: Progress): Promise<number> {
    const { first, last } = await this.missing(MarketFeed.lastCompleteBlock(nowMs));
    const total = last - first + 1;
    const storeRun = this.source.storeRun?.bind(this.source);
    if (!storeRun || total < (this.options.parallelMinBlocks ?? 3 * BLOCKS_PER_DAY)) {
      return this.aggregateGap(nowMs, onProgress);
    }
    const keepTradesFromMs = nowMs - TRADE_RETENTION_MS;
    await seriesOfPairs(this.store, this.options.pairs);
    const firstStart = (await this.store.lastBlockTime()) === null;
    await this.noteFirstBlock(first);
    // The run packs the days wholly inside the gap; the one it starts in is packed from the rows, which hold
    // its earlier blocks, except on a first start, where there are none and the run packs it too.
    const packFromDay = firstStart
      ? dayOfBlockEnd((first + 1) * BLOCK_SECONDS)
      : Math.ceil((first * BLOCK_SECONDS) / 86_400);
    await this.store.beginBulkLoad();
    try {
      await storeRun(this.store, {
        symbols: [...new Set(this.options.pairs.map((p) => p.symbol))],
        warmUpFrom: first - WARM_UP_BLOCKS,
        firstBlock: first,
        lastBlock: last,
        keepTradesFromMs,
        packFromDay,
        rowsAfter: forgettableThrough(last),
        ...(onProgress ? { onProgress } : {}),
      });
      // Only now is every series complete: a seed cut short starts over from the previous mark.
      await this.store.write({ lastBlockTime: (last + 1) * BLOCK_SECONDS });
      await this.packCompleteDays(last, packFromDay);
    } finally {
      await this.store.endBulkLoad();
    }
    await this.store.deleteTradesBefore(keepTradesFromMs);
    // The filters' state lived in the run; the next catchUp warms up a fresh aggregator.
    this.aggregator = null;
    return total;
  }

  /** Stores every block that ended by `nowMs` and is not stored yet; returns how many it stored. */
  catchUp(nowMs: number, onProgress?: Progress): Promise<number> {
    return this.exclusive(() => this.aggregateGap(nowMs, onProgress));
  }

  private async aggregateGap(nowMs: number, onProgress?: Progress): Promise<number> {
    const { first, last } = await this.missing(MarketFeed.lastCompleteBlock(nowMs));
    if (first > last) return 0;
    await this.noteFirstBlock(first);
    const aggregator = this.aggregator ?? (await this.warmUp(first));
    const keepTradesFrom = nowMs - TRADE_RETENTION_MS;
    const total = last - first + 1;
    for (let from = first; from <= last; from += BLOCKS_PER_COMMIT) {
      const to = Math.min(last, from + BLOCKS_PER_COMMIT - 1);
      const rows: BlockRow[] = [];
      const trades: StoredTrade[] = [];
      const stored: StoredBlock[] = [];
      for (let block = from; block <= to; block++) {
        const keep = (block + 1) * BLOCK_SECONDS * 1000 > keepTradesFrom;
        const aggregated = aggregator.aggregate(block, this.source.tradesOfBlock(block), keep);
        for (const row of aggregated.rows) rows.push(row);
        if (keep) for (const trade of aggregated.trades) trades.push(trade);
        if (this.blockListeners.length > 0) stored.push(storedBlock(aggregator, block, aggregated));
      }
      // In key order, each series' rows append to the end of its range of the clustered table.
      rows.sort(bySeriesAndTime);
      await this.store.write({ blocks: rows, trades, lastBlockTime: (to + 1) * BLOCK_SECONDS });
      for (const block of stored) this.tellStored(block);
      onProgress?.(to - first + 1, total);
    }
    await this.store.deleteTradesBefore(keepTradesFrom);
    await this.packCompleteDays(last, Number.POSITIVE_INFINITY);
    return total;
  }

  /**
   * A live source's start: its streams give the blocks from `firstLiveBlock` on, and the unstored ones before
   * it are gaps for its history to fill. Returns every gap not filled yet, this start's and any a stop cut short.
   */
  async openLive(firstLiveBlock: number): Promise<BlockGap[]> {
    const { first, storedEnd } = await this.missing(firstLiveBlock - 1);
    const gaps = await this.historyGaps();
    if (first < firstLiveBlock) gaps.push({ first, last: firstLiveBlock - 1 });
    if (storedEnd === null || storedEnd < firstLiveBlock * BLOCK_SECONDS) {
      await this.noteFirstBlock(first);
      await this.store.write({
        meta: { [HISTORY_GAPS_META]: JSON.stringify(gaps) },
        lastBlockTime: firstLiveBlock * BLOCK_SECONDS,
      });
    }
    this.packingHeld = gaps.length > 0;
    return gaps;
  }

  async historyGaps(): Promise<BlockGap[]> {
    const text = await this.store.getMeta(HISTORY_GAPS_META);
    return text === null ? [] : (JSON.parse(text) as BlockGap[]);
  }

  /** A gap was filled (its rows are stored); once none is left, the complete days are packed. */
  async gapFilled(gap: BlockGap, nowMs: number): Promise<void> {
    const left = (await this.historyGaps()).filter((g) => g.first !== gap.first || g.last !== gap.last);
    await this.store.setMeta(HISTORY_GAPS_META, JSON.stringify(left));
    if (left.length === 0) {
      this.packingHeld = false;
      await this.packCompleteDays(MarketFeed.lastCompleteBlock(nowMs), Number.POSITIVE_INFINITY);
    }
  }

  private async noteFirstBlock(first: number): Promise<void> {
    if ((await this.store.lastBlockTime()) === null)
      await this.store.setMeta("first_block_end", String((first + 1) * BLOCK_SECONDS));
  }

  /**
   * Packs every day that has ended by block `last` and is not packed yet (see day-columns.ts): from the
   * rows, except days from `packedByWorkersFrom` on, which a run of the source packed already.
   */
  private async packCompleteDays(last: number, packedByWorkersFrom: number): Promise<void> {
    if (this.packingHeld) return;
    const lastCompleteDay = Math.floor(((last + 1) * BLOCK_SECONDS) / 86_400) - 1;
    const firstEnd = await this.store.firstBlockTime();
    if (firstEnd === null) return;
    const start = (await this.store.packedUntil()) ?? dayOfBlockEnd(firstEnd);
    if (lastCompleteDay < start) {
      await this.forgetOldRows(last, start);
      return;
    }
    await this.store.packDays(start, Math.min(lastCompleteDay, packedByWorkersFrom - 1));
    await this.store.setPackedUntil(lastCompleteDay + 1);
    await this.forgetOldRows(last, lastCompleteDay + 1);
  }

  /** Forgets the rows older than ROW_SECONDS whose day is packed, an hour at a time. */
  private async forgetOldRows(last: number, packedUntil: number): Promise<void> {
    const end = Math.min(packedUntil * 86_400, forgettableThrough(last));
    if (end <= this.rowsForgottenThrough) return;
    await this.store.deleteRowsThrough(end);
    this.rowsForgottenThrough = end;
  }

  /** A listener that fails is the listener's fault: the block is stored, and the others are still told. */
  private tellStored(block: StoredBlock): void {
    for (const listener of [...this.blockListeners]) {
      try {
        listener(block);
      } catch (error) {
        console.error("market: a block-stored listener failed", error);
      }
    }
  }

  private async warmUp(first: number): Promise<BlockAggregator> {
    const ids = await seriesOfPairs(this.store, this.options.pairs);
    const start = first - WARM_UP_BLOCKS;
    const aggregator = new BlockAggregator(ids, this.options.pairs, start * BLOCK_SECONDS * 1000);
    for (let block = start; block < first; block++) {
      aggregator.aggregate(block, this.source.tradesOfBlock(block), false);
    }
    this.aggregator = aggregator;
    return aggregator;
  }
}

function storedBlock(
  aggregator: BlockAggregator,
  block: number,
  aggregated: { rows: readonly BlockRow[]; newestTradeMs: number | null },
): StoredBlock {
  const series = aggregated.rows.map((row) => {
    const key = aggregator.seriesKeyOf(row.series);
    if (!key) throw new Error(`market: the series ${row.series} is not the aggregation's`);
    return { key, row };
  });
  return { block, series, newestTradeMs: aggregated.newestTradeMs };
}
