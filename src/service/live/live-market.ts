// The ingest's live events of the market as it trades (live-event.ts): each coin's price and each series'
// forming block candle, previewed by the market's one aggregation over the trades of the blocks it has not
// closed yet (so that at a block's close they are what is stored, to the bit); the trades themselves, in
// batches; and each block the feed stores. Prices, candles and trades go out on a leading edge: a change
// after a quiet moment at once, later ones within the interval merged into one at its end.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { MarketFeed, StoredBlock } from "../market/feed.ts";
import type { SourceTrade } from "../market/trade-source.ts";
import { EventIds, type MadeEvent } from "./live-event.ts";
import { blockCandle, blockData, isoTime, tradesData } from "./live-market-events.ts";

const BLOCK_MS = BLOCK_SECONDS * 1000;
/** A key's price, candle or trades go out at most once in this many wall-clock ms: four times a second. */
export const LIVE_INTERVAL_MS = 250;
/**
 * Blocks whose trades are kept for previews until the aggregation closes them: the forming one, the one
 * before it during its close's grace, and two more for a slow store. A store further behind holds the
 * prices and candles back until it catches up; trades still go out.
 */
const KEPT_BLOCKS = 4;
/** Trades held while the aggregation warms up (after a seeded run), the oldest dropped beyond. */
const HELD_TRADES = 100_000;
const NO_TRADES: readonly SourceTrade[] = [];

/** What the live market reads of the market feed. */
export type LiveFeed = Pick<MarketFeed, "aggregation" | "warmUpAggregation" | "onBlockStored">;

export interface LiveMarketDeps {
  feed: LiveFeed;
  /** The market's clock: a forming block's price is filled to its now. */
  clock: Clock;
  /** Where the events go (the hub), in the order of their ids. */
  publish(event: MadeEvent): void;
  /** The wall clock of the throttle and of the events' ids (default: the system's). */
  wall?: Clock;
}

/** A key's leading edge: when it last went out, and whether it changed since. */
class Edge {
  sentAtMs = Number.NEGATIVE_INFINITY;
  changed = false;

  due(nowMs: number): boolean {
    return this.changed && nowMs >= this.sentAtMs + LIVE_INTERVAL_MS;
  }

  /** When its change may go out; never without one. */
  nextMs(): number {
    return this.changed ? this.sentAtMs + LIVE_INTERVAL_MS : Number.POSITIVE_INFINITY;
  }

  sent(nowMs: number): void {
    this.changed = false;
    this.sentAtMs = nowMs;
  }
}

/** A series' forming candle: the block of its newest trade, whose candle goes out, and that trade's time. */
class FormingCandle extends Edge {
  block = Number.NEGATIVE_INFINITY;
  newestTradeMs = 0;

  constructor(
    readonly exchange: string | null,
    readonly mergeKey: string,
  ) {
    super();
  }

  take(block: number, timeMs: number): void {
    // A trade of an earlier block still open changes a candle this key no longer shows: its block event will.
    if (block < this.block) return;
    if (block > this.block || timeMs > this.newestTradeMs) this.newestTradeMs = timeMs;
    this.block = block;
    this.changed = true;
  }
}

/** A (symbol, exchange)'s trades since its last batch went out. */
class TradeBatch extends Edge {
  trades: SourceTrade[] = [];

  constructor(readonly exchange: string) {
    super();
  }
}

/** A coin's live state: its trades of the blocks the aggregation has not closed, and its keys' edges. */
class CoinLive {
  /** Its trades by block, oldest block first, each block's in the order tradesOfBlock will give them. */
  readonly blocks: { block: number; trades: SourceTrade[] }[] = [];
  readonly price = new Edge();
  lastPrice = Number.NaN;
  newestTradeMs = 0;
  readonly candles = new Map<string | null, FormingCandle>();
  readonly batches = new Map<string, TradeBatch>();
  timer: ReturnType<typeof setTimeout> | null = null;
  timerAtMs = Number.POSITIVE_INFINITY;
  /** Its price and candles wait for the aggregation: warming up, or behind by more than KEPT_BLOCKS. */
  waiting = false;

  constructor(readonly symbol: string) {
    this.candles.set(null, new FormingCandle(null, `candle:${symbol}:*:block`));
  }

  /**
   * Keeps `trade` in its block's list after those not newer: the batches sorted stably by time, as a source
   * promises its tradesOfBlock to be.
   */
  add(block: number, trade: SourceTrade): void {
    let at = this.blocks.length - 1;
    while (at >= 0 && (this.blocks[at]?.block as number) > block) at--;
    let list = this.blocks[at];
    if (!list || list.block !== block) {
      list = { block, trades: [] };
      this.blocks.splice(at + 1, 0, list);
    }
    const trades = list.trades;
    let k = trades.length;
    while (k > 0 && (trades[k - 1] as SourceTrade).timeMs > trade.timeMs) k--;
    if (k === trades.length) trades.push(trade);
    else trades.splice(k, 0, trade);
    if (trade.timeMs > this.newestTradeMs) this.newestTradeMs = trade.timeMs;
  }

  tradesOf(block: number): readonly SourceTrade[] {
    for (const list of this.blocks) if (list.block === block) return list.trades;
    return NO_TRADES;
  }

  /** Forgets the blocks through `block`: closed (their block events carry them), or too old to keep. */
  forgetThrough(block: number): void {
    let n = 0;
    while (n < this.blocks.length && (this.blocks[n]?.block as number) <= block) n++;
    if (n > 0) this.blocks.splice(0, n);
    for (const candle of this.candles.values()) if (candle.block <= block) candle.changed = false;
  }
}

export class LiveMarket {
  private readonly feed: LiveFeed;
  private readonly clock: Clock;
  private readonly wall: Clock;
  private readonly publish: (event: MadeEvent) => void;
  private readonly ids: EventIds;
  /** One per coin of the market's followed pairs: what bounds the live state. */
  private readonly coins = new Map<string, CoinLive>();
  /** The newest block a trade was taken of: the forming block. */
  private formingBlock = Number.NEGATIVE_INFINITY;
  /** Trades taken while the aggregation warms up, taken again once it is warm. */
  private held: SourceTrade[] = [];
  private warming = false;
  /** False once a warm-up found nothing stored yet: the next one waits for a stored block. */
  private mayWarmUp = true;
  private readonly stopListening: () => void;
  private stopped = false;

  constructor(deps: LiveMarketDeps) {
    this.feed = deps.feed;
    this.clock = deps.clock;
    this.publish = deps.publish;
    const wall = deps.wall ?? systemClock;
    this.wall = wall;
    this.ids = new EventIds(() => wall.now());
    this.stopListening = deps.feed.onBlockStored((stored) => this.blockStored(stored));
  }

  /** Takes trades as they happen (a source's follow listener): by time ascending, each once. */
  take(trades: readonly SourceTrade[]): void {
    if (this.stopped || trades.length === 0) return;
    const aggregation = this.feed.aggregation();
    if (!aggregation) {
      this.hold(trades);
      return;
    }
    const closed = aggregation.lastClosedBlock();
    // A trade stamped past the next block (an exchange's clock far ahead) would stop every preview until
    // the market reached its block: it goes out as a trade only.
    const aheadBlock = Math.floor(this.clock.now() / BLOCK_MS) + 1;
    const touched = new Set<CoinLive>();
    for (const trade of trades) {
      const block = Math.floor(trade.timeMs / BLOCK_MS);
      // A trade of a closed block is late (the intake drops it too); a pair not followed has no series.
      if (block <= closed || !aggregation.follows(trade.symbol, trade.exchange)) continue;
      const coin = this.coin(trade.symbol);
      touched.add(coin);
      const batch = this.batch(coin, trade.exchange);
      batch.trades.push(trade);
      batch.changed = true;
      if (block > aheadBlock) continue;
      if (block > this.formingBlock) this.formingBlock = block;
      // A block this far behind the forming one has no preview any more: its trades go out as trades only.
      if (block <= this.formingBlock - KEPT_BLOCKS) continue;
      coin.add(block, trade);
      coin.price.changed = true;
      (coin.candles.get(null) as FormingCandle).take(block, trade.timeMs);
      this.candle(coin, trade.exchange).take(block, trade.timeMs);
    }
    for (const coin of touched) {
      coin.forgetThrough(Math.max(closed, this.formingBlock - KEPT_BLOCKS));
      this.flush(coin);
    }
  }

  /** Stops the events: no timer is left, and the feed no longer tells it of blocks. */
  stop(): void {
    this.stopped = true;
    this.stopListening();
    for (const coin of this.coins.values()) if (coin.timer) clearTimeout(coin.timer);
    this.coins.clear();
    this.held = [];
  }

  private coin(symbol: string): CoinLive {
    let coin = this.coins.get(symbol);
    if (!coin) {
      coin = new CoinLive(symbol);
      this.coins.set(symbol, coin);
    }
    return coin;
  }

  private candle(coin: CoinLive, exchange: string): FormingCandle {
    let candle = coin.candles.get(exchange);
    if (!candle) {
      candle = new FormingCandle(exchange, `candle:${coin.symbol}:${exchange}:block`);
      coin.candles.set(exchange, candle);
    }
    return candle;
  }

  private batch(coin: CoinLive, exchange: string): TradeBatch {
    let batch = coin.batches.get(exchange);
    if (!batch) {
      batch = new TradeBatch(exchange);
      coin.batches.set(exchange, batch);
    }
    return batch;
  }

  /** Sends what of `coin` is due, and sets its timer for what changed since and is not due yet. */
  private flush(coin: CoinLive): void {
    if (this.stopped) return;
    const nowMs = this.wall.now();
    this.sendForming(coin, nowMs);
    for (const batch of coin.batches.values()) {
      if (!batch.due(nowMs)) continue;
      // Batches are sorted stably at the end: a late trade of a closed block may have come in between.
      const trades = batch.trades.sort((a, b) => a.timeMs - b.timeMs);
      batch.trades = [];
      batch.sent(nowMs);
      this.publish({
        name: "trades",
        data: tradesData(this.ids.next(), coin.symbol, batch.exchange, trades),
        mergeKey: null,
      });
    }
    this.schedule(coin, nowMs);
  }

  /** The coin's price and forming candles that are due, out of one preview of its series. */
  private sendForming(coin: CoinLive, nowMs: number): void {
    let due = coin.price.due(nowMs);
    for (const candle of coin.candles.values()) due ||= candle.due(nowMs);
    if (!due) return;
    const aggregation = this.feed.aggregation();
    if (!aggregation) {
      coin.waiting = true;
      this.warmUp();
      return;
    }
    const closed = aggregation.lastClosedBlock();
    const last = this.formingBlock;
    if (closed >= last) {
      // Every block it changed is closed: its block event has the price and candles.
      coin.price.changed = false;
      coin.forgetThrough(closed);
      coin.waiting = false;
      return;
    }
    if (closed < last - KEPT_BLOCKS) {
      coin.waiting = true;
      return;
    }
    coin.waiting = false;
    let price = Number.NaN;
    const marketNowMs = this.clock.now();
    aggregation.preview(coin.symbol, last, (block) => coin.tradesOf(block), marketNowMs, {
      visit: (block, exchange, figures) => {
        if (exchange === null && block === last) price = figures.ma120;
        const candle = coin.candles.get(exchange);
        if (!candle || candle.block !== block || !candle.due(nowMs) || figures.trades === 0) return;
        candle.sent(nowMs);
        this.publish({
          name: "candle",
          data: {
            id: this.ids.next(),
            time: isoTime(candle.newestTradeMs),
            symbol: coin.symbol,
            exchange,
            scale: "block",
            candle: blockCandle(block * BLOCK_MS, figures),
            final: false,
          },
          mergeKey: candle.mergeKey,
        });
      },
    });
    // A candle whose block the preview did not reach has nothing newer to tell.
    for (const candle of coin.candles.values()) if (candle.due(nowMs)) candle.changed = false;
    if (!coin.price.due(nowMs)) return;
    if (Number.isNaN(price) || price === coin.lastPrice) {
      coin.price.changed = false;
      return;
    }
    coin.price.sent(nowMs);
    coin.lastPrice = price;
    this.publish({
      name: "price",
      data: { id: this.ids.next(), time: isoTime(coin.newestTradeMs), symbol: coin.symbol, price },
      mergeKey: `price:${coin.symbol}`,
    });
  }

  /** One timer per coin, at the first moment one of its changed keys may go out. */
  private schedule(coin: CoinLive, nowMs: number): void {
    let atMs = Number.POSITIVE_INFINITY;
    if (!coin.waiting) {
      atMs = coin.price.nextMs();
      for (const candle of coin.candles.values()) atMs = Math.min(atMs, candle.nextMs());
    }
    for (const batch of coin.batches.values()) atMs = Math.min(atMs, batch.nextMs());
    if (coin.timer && coin.timerAtMs <= atMs) return;
    if (coin.timer) clearTimeout(coin.timer);
    coin.timer = null;
    coin.timerAtMs = atMs;
    if (atMs === Number.POSITIVE_INFINITY) return;
    coin.timer = setTimeout(
      () => {
        coin.timer = null;
        coin.timerAtMs = Number.POSITIVE_INFINITY;
        // A timer's failure would end the process: the live stream is not worth the market.
        try {
          this.flush(coin);
        } catch (error) {
          console.error(`live: the events of ${coin.symbol} failed`, error);
        }
      },
      Math.max(1, atMs - nowMs),
    );
  }

  private blockStored(stored: StoredBlock): void {
    if (this.stopped) return;
    this.publish({ name: "block", data: blockData(this.ids.next(), stored), mergeKey: null });
    // The forming state of the closed block resets.
    const closed = Math.max(stored.block, this.feed.aggregation()?.lastClosedBlock() ?? stored.block);
    for (const coin of this.coins.values()) coin.forgetThrough(closed);
    this.mayWarmUp = true;
    if (this.held.length > 0 && this.feed.aggregation()) this.takeHeld();
    for (const coin of this.coins.values()) if (coin.waiting) this.flush(coin);
  }

  /** Trades before the aggregation is warm wait for it, a bounded number of them. */
  private hold(trades: readonly SourceTrade[]): void {
    for (const trade of trades) this.held.push(trade);
    if (this.held.length > HELD_TRADES) this.held.splice(0, this.held.length - HELD_TRADES);
    this.warmUp();
  }

  private takeHeld(): void {
    const held = this.held;
    this.held = [];
    this.take(held);
  }

  /** Asks the feed to warm its aggregation up, once at a time, and once a block until something is stored. */
  private warmUp(): void {
    if (this.warming || !this.mayWarmUp) return;
    this.warming = true;
    this.feed.warmUpAggregation().then(
      () => {
        this.warming = false;
        if (this.stopped) return;
        if (!this.feed.aggregation()) {
          this.mayWarmUp = false;
          return;
        }
        this.takeHeld();
        for (const coin of this.coins.values()) if (coin.waiting) this.flush(coin);
      },
      (error: unknown) => {
        this.warming = false;
        this.mayWarmUp = false;
        console.error("live: warming the market's aggregation up failed", error);
      },
    );
  }
}
