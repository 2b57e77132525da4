// The market feed: simulated trades → 120-second blocks → filters → store. On first start it seeds the
// configured history; on later starts it fills the gap up to now; while running it adds each block as the
// market clock passes its end.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { Store } from "../store/store.ts";
import { BlockAggregator } from "./aggregator.ts";
import type { MarketSimulator } from "./simulator.ts";

const BLOCKS_PER_DAY = 86_400 / BLOCK_SECONDS;
/** Blocks simulated before the first stored one so the filters start warm (their state spans blocks). */
const WARM_UP_BLOCKS = 60;
/** The store keeps the last two hours of trades: symbol details show the newest ten per exchange. */
const TRADE_RETENTION_MS = 2 * 3_600_000;
/** Blocks written per transaction while seeding. */
const BLOCKS_PER_COMMIT = 360;

export interface FeedOptions {
  historyDays: number;
  pairs: readonly { symbol: string; exchange: string; ignore: boolean }[];
}

export type Progress = (doneBlocks: number, totalBlocks: number) => void;

export class MarketFeed {
  private aggregator: BlockAggregator | null = null;

  constructor(
    private readonly store: Store,
    private readonly simulator: MarketSimulator,
    private readonly options: FeedOptions,
  ) {}

  /** Index of the newest block that has ended by `nowMs`. */
  static lastCompleteBlock(nowMs: number): number {
    return Math.floor(nowMs / 1000 / BLOCK_SECONDS) - 1;
  }

  /** Stores every block that ended by `nowMs` and is not stored yet; returns how many it stored. */
  catchUp(nowMs: number, onProgress?: Progress): number {
    const last = MarketFeed.lastCompleteBlock(nowMs);
    const storedEnd = this.store.lastBlockTime();
    const first =
      storedEnd === null ? last - this.options.historyDays * BLOCKS_PER_DAY + 1 : storedEnd / BLOCK_SECONDS;
    if (first > last) return 0;
    const aggregator = this.aggregator ?? this.warmUp(first);
    const keepTradesFrom = nowMs - TRADE_RETENTION_MS;
    const total = last - first + 1;
    for (let from = first; from <= last; from += BLOCKS_PER_COMMIT) {
      const to = Math.min(last, from + BLOCKS_PER_COMMIT - 1);
      this.store.transaction(() => {
        for (let block = from; block <= to; block++) {
          const keep = (block + 1) * BLOCK_SECONDS * 1000 > keepTradesFrom;
          const { rows, trades } = aggregator.aggregate(block, this.simulator.tradesOfBlock(block), keep);
          this.store.insertBlocks(rows);
          if (keep) this.store.insertTrades(trades);
        }
      });
      onProgress?.(to - first + 1, total);
    }
    this.store.deleteTradesBefore(keepTradesFrom);
    return total;
  }

  private warmUp(first: number): BlockAggregator {
    const start = first - WARM_UP_BLOCKS;
    const aggregator = new BlockAggregator(this.store, this.options.pairs, start * BLOCK_SECONDS * 1000);
    for (let block = start; block < first; block++) {
      aggregator.aggregate(block, this.simulator.tradesOfBlock(block), false);
    }
    this.aggregator = aggregator;
    return aggregator;
  }
}
