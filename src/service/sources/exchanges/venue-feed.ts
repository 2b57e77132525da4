// One exchange's public trades through ccxt: its market list, one watchTrades loop per pair, and the faults
// real feeds have. A dropped socket is reconnected with backoff and the trades missed meanwhile fetched over
// REST (the intake counts each once); a pair quiet for far longer than its usual gap is resubscribed.
import {
  type CcxtExchange,
  type CcxtTrade,
  candlesPerPage,
  ccxtExchange,
  closeSockets,
  rawTrade,
  socketOpen,
  TradeCacheCursor,
  tradeIdOf,
} from "./ccxt-exchange.ts";
import { fillGap } from "./rest-fill.ts";
import type { RawTrade, TradeIntake } from "./trade-intake.ts";
import { pairsOfMarkets, type Venue, type VenueMarket, type VenuePair } from "./venue.ts";

/** The candle intervals the history reads, in ccxt's unified names. */
export type CandleInterval = "1m" | "1h" | "1d";

export interface VenueFeedOptions {
  /** Backoff of reconnects: first delay and cap, ms (doubled each failure, with jitter). */
  backoffMs?: { first: number; max: number };
  /** A pair is resubscribed after this many times its usual gap without a trade (and at least minQuietMs). */
  quietFactor?: number;
  minQuietMs?: number;
  log?: (line: string) => void;
}

interface PairState {
  lastSeenMs: number | null;
  /** Smoothed gap between trades, ms. */
  usualGapMs: number | null;
  lastTradeAt: number;
  /** Set while the pair is unsubscribed on purpose, so the watch's rejection is not a disconnect. */
  resubscribing: boolean;
  cursor: TradeCacheCursor;
  /** When the watch last woke (performance.now()). */
  wokeAt: number;
}

/** A busy pair's watch wakes at most once per this many ms (see watch). */
const BATCH_MS = 20;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class VenueFeed {
  connected = false;
  reconnects = 0;
  resubscribes = 0;
  pairs: VenuePair[] = [];
  private exchange: CcxtExchange | null = null;
  private stopped = false;
  private failures = 0;
  private readonly states = new Map<string, PairState>();
  private readonly backoff: { first: number; max: number };

  constructor(
    readonly venue: Venue,
    private readonly origin: URL | null,
    private readonly intake: TradeIntake,
    private readonly options: VenueFeedOptions = {},
  ) {
    this.backoff = options.backoffMs ?? { first: 1000, max: 60_000 };
  }

  private log(line: string): void {
    (this.options.log ?? console.log)(`exchanges: ${this.venue.name}: ${line}`);
  }

  /**
   * Whether the exchange is connected: its watch returned since the last drop, or one of ccxt's sockets to
   * it is open (a feed is connected once subscribed, before its first trade: a quiet market is not broken).
   */
  isLive(): boolean {
    return this.connected || (this.exchange !== null && socketOpen(this.exchange));
  }

  /** Loads the exchange's market list and picks the pairs the source reads (venue.ts pairsOfMarkets). */
  async loadPairs(coins: ReadonlySet<string>): Promise<VenuePair[]> {
    this.exchange ??= await ccxtExchange(this.venue, this.origin);
    const markets = Object.values(await this.exchange.loadMarkets()) as unknown as VenueMarket[];
    this.pairs = pairsOfMarkets(this.venue, markets, coins);
    return this.pairs;
  }

  /** Starts one watch loop per pair; returns at once. */
  start(): void {
    for (const pair of this.pairs) void this.watch(pair);
  }

  private state(pair: VenuePair): PairState {
    let state = this.states.get(pair.ccxtSymbol);
    if (!state) {
      state = {
        lastSeenMs: null,
        usualGapMs: null,
        lastTradeAt: Date.now(),
        resubscribing: false,
        cursor: new TradeCacheCursor(),
        wokeAt: 0,
      };
      this.states.set(pair.ccxtSymbol, state);
    }
    return state;
  }

  private async watch(pair: VenuePair): Promise<void> {
    const exchange = this.exchange as CcxtExchange;
    const state = this.state(pair);
    let missedSince: number | null = null;
    while (!this.stopped) {
      try {
        const watching = exchange.watchTrades(pair.ccxtSymbol);
        if (missedSince !== null) {
          // The subscription is being renewed: fill the gap once it is likely live, and again at the first
          // trade the stream sends (whatever both fetch twice, the intake counts once).
          const since = missedSince;
          setTimeout(() => void this.fill(pair, since), 1000).unref();
        }
        await watching;
        this.onConnected();
        this.takeNew(pair, exchange);
        // Under load a watch would wake for every message: it wakes at most once per BATCH_MS instead.
        const sinceWoke = performance.now() - state.wokeAt;
        state.wokeAt = performance.now();
        if (sinceWoke < BATCH_MS) {
          await sleep(BATCH_MS - sinceWoke);
          this.takeNew(pair, exchange);
        }
        if (missedSince !== null) {
          void this.fill(pair, missedSince);
          missedSince = null;
        }
      } catch (error) {
        if (this.stopped) return;
        if (state.resubscribing) {
          state.resubscribing = false;
          continue;
        }
        missedSince ??= state.lastSeenMs ?? Date.now();
        this.onDisconnected(error);
        await sleep(this.nextBackoff());
      }
    }
  }

  private onConnected(): void {
    this.failures = 0;
    if (!this.connected) {
      if (this.reconnects > 0) this.log("reconnected");
      this.connected = true;
    }
  }

  private onDisconnected(error: unknown): void {
    this.failures += 1;
    if (this.connected) {
      this.connected = false;
      this.reconnects += 1;
      this.log(
        `disconnected (${error instanceof Error ? error.message.slice(0, 200) : String(error)}); reconnecting`,
      );
    }
  }

  private nextBackoff(): number {
    const delay = Math.min(this.backoff.max, this.backoff.first * 2 ** Math.min(this.failures - 1, 16));
    return delay * (0.5 + Math.random() / 2);
  }

  /** Fetches the pair's trades since `sinceMs` over REST: those the stream missed (rest-fill.ts). */
  private async fill(pair: VenuePair, sinceMs: number): Promise<void> {
    if (this.stopped || !this.exchange) return;
    try {
      await fillGap({
        exchange: this.exchange,
        venue: this.venue,
        pair,
        sinceMs,
        take: (trades) => this.takeAll(pair, trades, "rest"),
        stopped: () => this.stopped,
        log: (line) => this.log(line),
      });
    } catch (error) {
      this.log(
        `filling ${pair.pair} over REST failed (${error instanceof Error ? error.message.slice(0, 200) : error})`,
      );
    }
  }

  /**
   * Hands trades to the intake, as one message (its followers hear them together); returns how many it took
   * (not seen before, block still open).
   */
  private takeAll(pair: VenuePair, trades: readonly CcxtTrade[], via: "stream" | "rest"): number {
    const state = this.state(pair);
    const raws: RawTrade[] = [];
    for (const trade of trades) {
      const raw = rawTrade(this.venue, pair, trade);
      if (!raw) continue;
      raws.push(raw);
      if (state.lastSeenMs === null || raw.timeMs > state.lastSeenMs) {
        if (state.lastSeenMs !== null && via === "stream") {
          const gap = raw.timeMs - state.lastSeenMs;
          state.usualGapMs = state.usualGapMs === null ? gap : state.usualGapMs * 0.9 + gap * 0.1;
        }
        state.lastSeenMs = raw.timeMs;
      }
    }
    if (via === "stream" && trades.length > 0) state.lastTradeAt = Date.now();
    return this.intake.takeAll(raws, via);
  }

  /**
   * A page of the pair's candles of `interval` from `sinceMs` (the exchange decides how many): 1-minute ones
   * for the recent day, hourly and daily ones behind it (ccxt names each exchange's own interval).
   */
  async candles(ccxtSymbol: string, sinceMs: number, interval: CandleInterval = "1m"): Promise<unknown[]> {
    if (!this.exchange) return [];
    return this.exchange.fetchOHLCV(ccxtSymbol, interval, sinceMs, this.candlesPerPage());
  }

  /** The most candles one request of the exchange returns. */
  candlesPerPage(): number {
    return this.exchange === null ? 500 : candlesPerPage(this.exchange);
  }

  /**
   * Takes what ccxt holds of every pair and has not been taken (trades that came while a watch paused, or in
   * the same read as the message that woke it). The market calls this before it closes a block.
   */
  drain(): void {
    if (!this.exchange) return;
    for (const pair of this.pairs) this.takeNew(pair, this.exchange);
  }

  /** Takes the trades ccxt's cache of the pair gained since it was last read (TradeCacheCursor). */
  private takeNew(pair: VenuePair, exchange: CcxtExchange): void {
    const fresh = this.state(pair).cursor.read(exchange, pair.ccxtSymbol, (t) =>
      this.intake.has(this.venue.name, String(tradeIdOf(this.venue, t))),
    );
    if (fresh.length > 0) this.takeAll(pair, fresh, "stream");
  }

  /** Resubscribes the pairs that have been quiet for far longer than their usual gap. */
  async resubscribeQuiet(nowMs = Date.now()): Promise<void> {
    const exchange = this.exchange;
    if (!exchange || !this.connected) return;
    const factor = this.options.quietFactor ?? 20;
    const minQuiet = this.options.minQuietMs ?? 5 * 60_000;
    const quiet = this.pairs.filter((pair) => {
      const state = this.state(pair);
      if (state.usualGapMs === null || state.resubscribing) return false;
      return nowMs - state.lastTradeAt >= Math.max(minQuiet, factor * state.usualGapMs);
    });
    for (const pair of quiet) {
      const state = this.state(pair);
      state.lastTradeAt = nowMs;
      this.resubscribes += 1;
      this.log(
        `${pair.pair} quiet since ${new Date(state.lastSeenMs ?? nowMs).toISOString()}; resubscribing`,
      );
      if (!exchange.has.unWatchTrades) continue;
      state.resubscribing = true;
      try {
        await exchange.unWatchTrades(pair.ccxtSymbol);
      } catch {
        // The watch loop subscribes again whatever the unsubscribe returned.
      }
    }
    // Where ccxt cannot unsubscribe one pair (Coinbase, Kraken), the socket is renewed: every pair subscribes
    // again, and the trades of the moment between are filled over REST as after any drop.
    if (quiet.length > 0 && !exchange.has.unWatchTrades) closeSockets(exchange);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.connected = false;
    await this.exchange?.close().catch(() => {});
  }
}
