// Where every trade from the exchanges comes in (WebSocket or REST fill): counted once by id, priced in USD,
// and kept in its 120-second block until the market closes it. A trade for a closed block is dropped and
// counted, never folded into a later block (that would move a price into a time it did not happen). What it
// takes it also tells at once (onTaken), a message's trades together: the live stream's trades.
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import type { QuoteCurrency } from "../../catalog/catalog.ts";
import type { SourceTrade, TradeListener } from "../../market/trade-source.ts";
import type { UsdPrices } from "./usd-prices.ts";

/** A trade as an exchange reported it, before normalization. */
export interface RawTrade {
  /** The service's name of the exchange. */
  exchange: string;
  /** The plain coin symbol (BTC, also for Kraken's XBT). */
  symbol: string;
  quote: QuoteCurrency;
  /** The exchange's name of the pair. */
  pair: string;
  id: string;
  timeMs: number;
  /** In the quote currency. */
  price: number;
  amount: number;
  /** The taker's side; a sell is stored with a negative volume. */
  side: "buy" | "sell";
}

export type Verdict = "taken" | "duplicate" | "late" | "unpriced";

/** What happened to one exchange's trades. */
export interface IntakeCounts {
  taken: number;
  filledOverRest: number;
  droppedLate: number;
  droppedDuplicate: number;
  /** No USD price for the quote yet, or a stablecoin priced far off its peg. */
  droppedUnpriced: number;
  lastTradeMs: number | null;
  /** Trades taken per minute (minute index → count), the last few minutes. */
  readonly perMinute: Map<number, number>;
}

/**
 * Trade ids are remembered this many closed blocks back, so a replay after a reconnect (Kraken's and
 * Bitfinex's snapshot on subscribe) is counted a duplicate, not late; older ids only name the drop.
 */
const REMEMBERED_BLOCKS = 3;
const LIVE_TRADES = 10;
const MINUTES_KEPT = 6;

export const blockOf = (timeMs: number): number => Math.floor(timeMs / 1000 / BLOCK_SECONDS);

export class TradeIntake {
  /** Every block up to this one is closed: its trades went to the market. */
  private closedThrough: number;
  private readonly open = new Map<number, SourceTrade[]>();
  /** exchange → trade id → block: what was seen. */
  private readonly seen = new Map<string, Map<string, number>>();
  private readonly counts = new Map<string, IntakeCounts>();
  /** "symbol|exchange" → the newest trades, newest first. */
  private readonly live = new Map<string, SourceTrade[]>();

  constructor(
    private readonly usd: UsdPrices,
    /** Blocks before this one are not the stream's (they are history, or were missed). */
    firstLiveBlock: number,
    /** Told of the trades taken, as they are taken: one call per take, or per takeAll (a message). */
    private readonly onTaken: TradeListener = () => {},
  ) {
    this.closedThrough = firstLiveBlock - 1;
  }

  countsOf(exchange: string): IntakeCounts {
    let counts = this.counts.get(exchange);
    if (!counts) {
      counts = {
        taken: 0,
        filledOverRest: 0,
        droppedLate: 0,
        droppedDuplicate: 0,
        droppedUnpriced: 0,
        lastTradeMs: null,
        perMinute: new Map(),
      };
      this.counts.set(exchange, counts);
    }
    return counts;
  }

  take(raw: RawTrade, via: "stream" | "rest"): Verdict {
    const taken: SourceTrade[] = [];
    const verdict = this.admit(raw, via, taken);
    if (taken.length > 0) this.onTaken(taken);
    return verdict;
  }

  /**
   * Takes the trades of one message (a stream's read, a REST page) and tells onTaken of those taken in one
   * call, by time (stably: trades of the same millisecond in the order taken, as close gives them); returns
   * how many it took.
   */
  takeAll(raws: readonly RawTrade[], via: "stream" | "rest"): number {
    const taken: SourceTrade[] = [];
    for (const raw of raws) this.admit(raw, via, taken);
    if (taken.length > 0) this.onTaken(taken.sort((a, b) => a.timeMs - b.timeMs));
    return taken.length;
  }

  /** One trade's verdict; a trade taken is kept in its block and added to `taken`. */
  private admit(raw: RawTrade, via: "stream" | "rest", taken: SourceTrade[]): Verdict {
    const counts = this.countsOf(raw.exchange);
    let seen = this.seen.get(raw.exchange);
    if (!seen) {
      seen = new Map();
      this.seen.set(raw.exchange, seen);
    }
    if (seen.has(raw.id)) {
      counts.droppedDuplicate += 1;
      return "duplicate";
    }
    const block = blockOf(raw.timeMs);
    if (block <= this.closedThrough) {
      counts.droppedLate += 1;
      return "late";
    }
    const estimatedUSDPrice = this.usd.estimate(raw);
    if (estimatedUSDPrice === null) {
      counts.droppedUnpriced += 1;
      return "unpriced";
    }
    seen.set(raw.id, block);
    const trade: SourceTrade = {
      symbol: raw.symbol,
      exchange: raw.exchange,
      pair: raw.pair,
      timeMs: raw.timeMs,
      price: raw.price,
      volume: raw.side === "sell" ? -raw.amount : raw.amount,
      estimatedUSDPrice,
      foreignTradeID: raw.id,
    };
    const list = this.open.get(block);
    if (list) list.push(trade);
    else this.open.set(block, [trade]);
    this.noteLive(trade);
    taken.push(trade);
    counts.taken += 1;
    if (via === "rest") counts.filledOverRest += 1;
    counts.lastTradeMs = Math.max(counts.lastTradeMs ?? 0, raw.timeMs);
    const minute = Math.floor(raw.timeMs / 60_000);
    counts.perMinute.set(minute, (counts.perMinute.get(minute) ?? 0) + 1);
    return "taken";
  }

  private noteLive(trade: SourceTrade): void {
    const key = `${trade.symbol}|${trade.exchange}`;
    const list = this.live.get(key) ?? [];
    let at = list.findIndex((t) => t.timeMs < trade.timeMs);
    if (at < 0) at = list.length;
    if (at >= LIVE_TRADES) return;
    list.splice(at, 0, trade);
    if (list.length > LIVE_TRADES) list.pop();
    this.live.set(key, list);
  }

  /** The newest trades of a (symbol, exchange) seen since the start, newest first. */
  liveTrades(symbol: string, exchange: string): readonly SourceTrade[] {
    return this.live.get(`${symbol}|${exchange}`) ?? [];
  }

  /** Whether the trade `id` of `exchange` was taken already (ccxt's cache holds it too; no count). */
  has(exchange: string, id: string): boolean {
    return this.seen.get(exchange)?.has(id) ?? false;
  }

  /** Whether a trade of `timeMs` would still be taken (its block is open). */
  isOpen(timeMs: number): boolean {
    return blockOf(timeMs) > this.closedThrough;
  }

  /**
   * Closes `block` (and any earlier one still open): returns its trades by time, and from now on a trade
   * of it is late.
   */
  close(block: number): SourceTrade[] {
    const trades = this.open.get(block) ?? [];
    for (const open of this.open.keys()) if (open <= block) this.open.delete(open);
    this.closedThrough = Math.max(this.closedThrough, block);
    const forget = block - REMEMBERED_BLOCKS;
    for (const seen of this.seen.values()) {
      for (const [id, at] of seen) if (at < forget) seen.delete(id);
    }
    const oldestMinute = Math.floor(((block + 1) * BLOCK_SECONDS) / 60) - MINUTES_KEPT;
    for (const counts of this.counts.values()) {
      for (const minute of counts.perMinute.keys())
        if (minute < oldestMinute) counts.perMinute.delete(minute);
    }
    // Stable: trades of the same millisecond keep their arrival order.
    return trades.sort((a, b) => a.timeMs - b.timeMs);
  }
}
