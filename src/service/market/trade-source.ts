// The seam between where trades come from (src/service/sources) and what the market makes of them: the
// market declares here what it needs, so sources import the market, never the other way round.
import type { Store } from "../store/store.ts";

/** One trade as a source delivers it: deduplicated, signed by the taker's side, with its USD estimate. */
export interface SourceTrade {
  symbol: string;
  exchange: string;
  /** The exchange's name of the pair (foreignName). */
  pair: string;
  /** Unix milliseconds. */
  timeMs: number;
  /** In the pair's quote currency. */
  price: number;
  /** Coin amount; negative for a sell. */
  volume: number;
  /** The trade's USD value per coin. */
  estimatedUSDPrice: number;
  /** The exchange's trade id, unique per exchange. */
  foreignTradeID: string;
}

/** A coin's newest price a live source knows before the market stored a block of it (the first minutes). */
export interface FirstPrice {
  /** USD per coin. */
  usd: number;
  /** When that price was made (a trade's time, or a candle's end), Unix milliseconds. */
  timeMs: number;
}

/**
 * Meta key of the blocks a source made from candles instead of trades (a real market's history): a JSON
 * array of CandleHistoryRange. A block's provenance says so, and from which resolution.
 */
export const CANDLE_HISTORY_META = "candle_history";

/** The candles' interval a block of history was made from: a minute, an hour or a day. */
export type CandleResolution = "1m" | "1h" | "1d";

/**
 * Block ends first..last (Unix seconds, inclusive) made from candles of one resolution: 1-minute candles
 * when none is named (every block of the range), else hourly or daily ones (one block per hour or day, the
 * one ending with its candle).
 */
export type CandleHistoryRange = [number, number] | [number, number, "1h" | "1d"];

/** The store's record of the blocks made from candles (CANDLE_HISTORY_META). */
export async function candleHistory(store: Pick<Store, "getMeta">): Promise<CandleHistoryRange[]> {
  const text = await store.getMeta(CANDLE_HISTORY_META);
  return text === null ? [] : (JSON.parse(text) as CandleHistoryRange[]);
}

/** The resolution of the candles the block ending at `end` was made from, or null (made from trades). */
export function candleResolutionAt(
  ranges: readonly CandleHistoryRange[],
  end: number,
): CandleResolution | null {
  const range = ranges.find(([first, last]) => end >= first && end <= last);
  return range ? (range[2] ?? "1m") : null;
}

/** What one resolution of an exchange's history covers and how far its filling is (GET /status). */
export interface HistoryStretch {
  resolution: CandleResolution;
  /** The candles it fills open in [fromMs, toMs). */
  fromMs: number;
  toMs: number;
  /** The oldest candle of the exchange stored so far (an exchange may keep fewer: Kraken's 720), or null. */
  coveredFromMs: number | null;
  state: "waiting" | "running" | "done";
  /** Steps done of all: pairs' requests for hourly and daily candles, blocks for 1-minute ones. */
  done: number;
  total: number;
}

/** A long run of blocks to store at once (a first start's history, or a long stop). */
export interface BlockRun {
  /** The coins whose series to store. */
  symbols: readonly string[];
  /** Blocks from here to firstBlock are aggregated but not stored, so the filters start warm. */
  warmUpFrom: number;
  firstBlock: number;
  lastBlock: number;
  /** Trades from this time on are stored too (the store keeps the last hour of them). */
  keepTradesFromMs: number;
  /** Days from this one on that end within the run are packed as day columns (see day-columns.ts). */
  packFromDay: number;
  /**
   * Block rows are stored for the blocks ending after this time (Unix seconds), and for the days before
   * packFromDay (packed from their rows afterwards); the others are stored packed only (the store keeps
   * rows of the recent hours).
   */
  rowsAfter: number;
  onProgress?: (doneBlocks: number, totalBlocks: number) => void;
}

/** How one exchange of a live source is doing (GET /status, the start log, the dashboard). */
export interface ExchangeHealth {
  name: string;
  connected: boolean;
  /** Pairs subscribed (of the market's coins). */
  pairs: number;
  lastTradeMs: number | null;
  /** Trades taken since the start. */
  tradesTaken: number;
  /** Trades taken in the last five minutes, per minute. */
  tradesPerMinute: number;
  reconnects: number;
  /** Trades fetched over REST after a reconnect that the stream had missed. */
  filledOverRest: number;
  droppedLate: number;
  droppedDuplicate: number;
  /**
   * The history from candles behind the streams: its state over all resolutions, the blocks of 1-minute
   * candles, and each resolution's stretch (absent before the history starts).
   */
  backfill: {
    state: "none" | "running" | "done";
    doneBlocks: number;
    totalBlocks: number;
    history?: HistoryStretch[];
  };
}

/** Hears a source's live trades: a batch at a time, by time ascending within the batch. */
export type TradeListener = (trades: readonly SourceTrade[]) => void;

export interface TradeSource {
  /** "simulator" or "exchanges": what the dashboard tells its users the numbers come from. */
  readonly kind: "simulator" | "exchanges";
  /** Live sources: each exchange's health; absent for the simulator. */
  health?(): ExchangeHealth[];
  /** Live sources: how many exchanges are connected of those read (cheap: it marks every answer). */
  liveExchanges?(): { live: number; total: number };
  /**
   * Live sources: a block is closed this long after its end, not at it (its trades may still be on the way).
   * A live source can only give the blocks from the one it started in on; earlier ones are history.
   */
  readonly closeGraceMs?: number;
  /**
   * Live sources: a coin's newest price from its newest live trade or the newest 1-minute candle close the
   * history fetched, whichever is newer, or null; the coin list shows it until the coin's first block.
   */
  firstPrice?(symbol: string): FirstPrice | null;
  /** Every trade of block `block` (Unix seconds [block × 120, (block + 1) × 120)), by time ascending. */
  tradesOfBlock(block: number): readonly SourceTrade[];
  /**
   * Optional: tells `listener` of each trade once, as it happens, until the returned function is called. A
   * block's trades told are those tradesOfBlock gives once it has closed: the same values, and its order once
   * the batches, as told, are sorted stably by time (a late REST fill comes after the stream's trades).
   */
  follow?(listener: TradeListener): () => void;
  /**
   * Optional: stores a run of blocks faster than asking for them one by one (the simulator seeds on worker
   * threads). The stored rows, trades and day columns must be those the market would store from
   * tradesOfBlock; the market marks the run stored when this resolves.
   */
  storeRun?(store: Store, run: BlockRun): Promise<void>;
}

/** What the HTTP side asks of a source: its kind and health, wherever the source runs (roles/). */
export type SourceStatus = Pick<
  TradeSource,
  "kind" | "health" | "liveExchanges" | "closeGraceMs" | "firstPrice"
>;
