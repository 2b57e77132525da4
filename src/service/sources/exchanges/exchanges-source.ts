// The real market as a trade source: the configured exchanges' public trade streams (venue-feed.ts), kept
// per block by the intake (trade-intake.ts) until the market closes the block, a grace period after its
// end. An exchange that is down leaves the others running; its markets are retried with backoff, falling
// back meanwhile to the pairs it listed last time.
import type { Pair } from "../../catalog/catalog.ts";
import type {
  ExchangeHealth,
  FirstPrice,
  SourceTrade,
  TradeListener,
  TradeSource,
} from "../../market/trade-source.ts";
import { TradeListeners } from "../trade-listeners.ts";
import { FirstPrices } from "./first-prices.ts";
import type { Candle } from "./history/candle-history.ts";
import { MarketsRetryLog } from "./markets-retry-log.ts";
import { TradeIntake } from "./trade-intake.ts";
import { UsdPrices, type UsdReferences } from "./usd-prices.ts";
import type { Venue, VenuePair } from "./venue.ts";
import { VenueFeed, type VenueFeedOptions } from "./venue-feed.ts";

/** How long after a block's end its trades may still arrive (exchanges stamp trades before they send them). */
export const CLOSE_GRACE_MS = 3000;
/** How long the start waits for the exchanges' market lists before it serves with what it has. */
const MARKETS_WAIT_MS = 20_000;

export interface ExchangesSourceOptions extends VenueFeedOptions {
  venues: readonly Venue[];
  /** Exchange name → the origin that receives its traffic instead (EXCHANGE_HOSTS). */
  hosts: ReadonlyMap<string, URL>;
  /** The market's coins. */
  coins: readonly string[];
  usd: UsdReferences;
  /** The first block the streams fill; earlier ones are history. */
  firstLiveBlock: number;
  /** The pairs an exchange listed last time (its markets may not load while it is down), and a place to keep them. */
  pairMemory: {
    load(exchange: string): VenuePair[] | null;
    save(exchange: string, pairs: VenuePair[]): void;
  };
  /** How often quiet pairs are looked for, ms. */
  watchdogMs?: number;
  /** How long the start waits for the exchanges' market lists, ms (default MARKETS_WAIT_MS). */
  marketsWaitMs?: number;
}

export class ExchangesSource implements TradeSource {
  readonly kind = "exchanges";
  readonly closeGraceMs = CLOSE_GRACE_MS;
  readonly intake: TradeIntake;
  readonly feeds: VenueFeed[];
  private readonly firstPrices: FirstPrices;
  private readonly listeners: TradeListeners;
  private readonly known = new Map<string, VenuePair[]>();
  private watchdog: NodeJS.Timeout | null = null;
  private stopped = false;
  private backfill = new Map<string, ExchangeHealth["backfill"]>();
  /** The exchanges whose markets did not load, one line a retry round. */
  private readonly retryLog = new MarketsRetryLog((line) => this.log(line));
  /** Called when an exchange's pairs become known after the start (it was down then). */
  onPairs: ((pairs: readonly Pair[]) => void) | null = null;

  constructor(private readonly options: ExchangesSourceOptions) {
    const usd = new UsdPrices(options.usd);
    this.listeners = new TradeListeners((line) => this.log(line));
    this.intake = new TradeIntake(usd, options.firstLiveBlock, (trades) => this.listeners.tell(trades));
    this.firstPrices = new FirstPrices(
      this.intake,
      usd,
      options.venues.map((venue) => venue.name),
    );
    this.feeds = options.venues.map(
      (venue) => new VenueFeed(venue, options.hosts.get(venue.name) ?? null, this.intake, options),
    );
  }

  private log(line: string): void {
    (this.options.log ?? console.log)(`exchanges: ${line}`);
  }

  /**
   * Loads every exchange's markets (waiting at most MARKETS_WAIT_MS for them) and starts the streams of those
   * that responded; the others keep trying in the background and start when their markets load.
   */
  async start(): Promise<void> {
    const coins = new Set(this.options.coins);
    const loads = this.feeds.map((feed) => this.loadUntilStarted(feed, coins));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.marketsWaitMs ?? MARKETS_WAIT_MS);
    });
    await Promise.race([Promise.all(loads), waited]);
    clearTimeout(timer);
    for (const feed of this.feeds) {
      if (!this.known.has(feed.venue.name)) {
        const remembered = this.options.pairMemory.load(feed.venue.name);
        if (remembered) this.known.set(feed.venue.name, remembered);
      }
    }
    this.watchdog = setInterval(() => {
      for (const feed of this.feeds) void feed.resubscribeQuiet();
    }, this.options.watchdogMs ?? 30_000);
    this.watchdog.unref();
  }

  private async loadUntilStarted(feed: VenueFeed, coins: ReadonlySet<string>): Promise<void> {
    let delay = this.options.backoffMs?.first ?? 1000;
    const max = this.options.backoffMs?.max ?? 60_000;
    while (!this.stopped) {
      try {
        const pairs = await feed.loadPairs(coins);
        const first = !this.known.has(feed.venue.name);
        this.known.set(feed.venue.name, pairs);
        this.options.pairMemory.save(feed.venue.name, pairs);
        this.log(`${feed.venue.name}: ${pairs.length} pairs`);
        feed.start();
        if (first) this.onPairs?.(this.pairs());
        return;
      } catch (error) {
        // A load that fails after the stop retries nothing: no line.
        if (!this.stopped) this.retryLog.failed(feed.venue.name, error, delay);
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(max, delay * 2);
      }
    }
  }

  /** The pairs of every exchange whose markets are known, as the catalog describes pairs. */
  pairs(): Pair[] {
    const pairs: Pair[] = [];
    for (const feed of this.feeds) {
      for (const p of this.known.get(feed.venue.name) ?? []) {
        pairs.push({
          symbol: p.symbol,
          exchange: feed.venue.name,
          foreignName: p.pair,
          quote: p.quote,
          ignore: false,
        });
      }
    }
    return pairs;
  }

  tradesOfBlock(block: number): readonly SourceTrade[] {
    for (const feed of this.feeds) feed.drain();
    return this.intake.close(block);
  }

  /** Tells `listener` of every trade the intake takes from now on, stream or REST, a message's together. */
  follow(listener: TradeListener): () => void {
    return this.listeners.add(listener);
  }

  /** The newest trades of a (symbol, exchange), newest first, before their block closes. */
  liveTrades(symbol: string, exchange: string): readonly SourceTrade[] {
    return this.intake.liveTrades(symbol, exchange);
  }

  /** A coin's newest live trade or history candle close, before its first block (the first minutes). */
  firstPrice(symbol: string): FirstPrice | null {
    return this.firstPrices.of(symbol);
  }

  /** The history fetched a pair's 1-minute candles: their newest close prices the coin until its first block. */
  noteCandles(pair: VenuePair, candles: readonly Candle[]): void {
    this.firstPrices.noteCandles(pair, candles);
  }

  setBackfill(exchange: string, progress: ExchangeHealth["backfill"]): void {
    this.backfill.set(exchange, progress);
  }

  liveExchanges(): { live: number; total: number } {
    let live = 0;
    for (const feed of this.feeds) if (feed.isLive()) live += 1;
    return { live, total: this.feeds.length };
  }

  health(nowMs = Date.now()): ExchangeHealth[] {
    const minute = Math.floor(nowMs / 60_000);
    return this.feeds.map((feed) => {
      const counts = this.intake.countsOf(feed.venue.name);
      let recent = 0;
      // The five whole minutes before this one.
      for (let m = minute - 5; m < minute; m++) recent += counts.perMinute.get(m) ?? 0;
      return {
        name: feed.venue.name,
        connected: feed.isLive(),
        pairs: this.known.get(feed.venue.name)?.length ?? 0,
        lastTradeMs: counts.lastTradeMs,
        tradesTaken: counts.taken,
        tradesPerMinute: recent / 5,
        reconnects: feed.reconnects,
        filledOverRest: counts.filledOverRest,
        droppedLate: counts.droppedLate,
        droppedDuplicate: counts.droppedDuplicate,
        backfill: this.backfill.get(feed.venue.name) ?? { state: "none", doneBlocks: 0, totalBlocks: 0 },
      };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listeners.clear();
    this.retryLog.flush();
    if (this.watchdog) clearInterval(this.watchdog);
    await Promise.all(this.feeds.map((feed) => feed.stop()));
  }
}
