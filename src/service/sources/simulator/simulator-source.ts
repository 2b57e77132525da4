// The simulated market as a trade source: the market asks it for each block's trades, and it seeds a long
// run of blocks on worker threads (parallel-seed.ts), which gives the same rows as block by block since the
// simulator is a pure function of (seed, block, pair). Followed, it trades in real time: the current block's
// trades, computed once, are told as the market clock reaches their times.
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { type Clock, systemClock } from "../../clock.ts";
import type { BlockRun, SourceTrade, TradeListener, TradeSource } from "../../market/trade-source.ts";
import type { Store } from "../../store/store.ts";
import { TradeListeners } from "../trade-listeners.ts";
import { seedInParallel, workerCount } from "./parallel-seed.ts";
import { MarketSimulator } from "./simulator.ts";

/**
 * How often a followed simulator tells the trades whose time has come, in real ms: no trade is told later
 * than this after its time, whatever the market's speed, and a tick that finds none costs a clock read.
 */
export const FOLLOW_TICK_MS = 100;
/**
 * A market clock this many blocks past the trades told (a machine that slept, a clock set by hand) starts
 * over at its present: an hour of trades at once would be history, not a live market.
 */
export const MAX_BLOCKS_BEHIND = 30;

const BLOCK_MS = BLOCK_SECONDS * 1000;
const blockAt = (timeMs: number) => Math.floor(timeMs / BLOCK_MS);

/** While followed: the block whose trades are being told, its trades, and the first of them not told yet. */
interface Telling {
  block: number;
  trades: readonly SourceTrade[];
  next: number;
}

export class SimulatorSource implements TradeSource {
  readonly kind = "simulator";
  private readonly simulator: MarketSimulator;
  private readonly listeners = new TradeListeners();
  private telling: Telling | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Absent with fewer than two worker threads: then the market stores a run block by block. */
  readonly storeRun?: (store: Store, run: BlockRun) => Promise<void>;

  /**
   * `symbols`: simulate only these coins' pairs (all of the catalog's when omitted). `workers`: threads for
   * a long run (default: one per core, at most 4). `clock`: the market's, which followers' trades keep to.
   */
  constructor(
    seed: number,
    symbols?: readonly string[],
    workers = workerCount(),
    private readonly clock: Clock = systemClock,
  ) {
    this.simulator = new MarketSimulator(seed, symbols ? { symbols } : {});
    if (workers >= 2) this.storeRun = (store, run) => seedInParallel(store, seed, workers, run);
  }

  tradesOfBlock(block: number): readonly SourceTrade[] {
    return this.simulator.tradesOfBlock(block);
  }

  /**
   * Tells `listener` of the trades that happen from now on, each at its time by the market clock; the first
   * follower is also told the current block's trades so far, at once.
   */
  follow(listener: TradeListener): () => void {
    const stop = this.listeners.add(listener);
    if (this.timer === null) {
      this.telling = this.tellingFrom(this.clock.now());
      this.timer = setInterval(() => this.tellDue(), FOLLOW_TICK_MS);
      // Following never keeps the process alive.
      this.timer.unref();
    }
    return () => {
      stop();
      if (this.listeners.size === 0) this.stopTelling();
    };
  }

  /** Lets go of every listener and stops the timer (the market is stopped). */
  stop(): void {
    this.listeners.clear();
    this.stopTelling();
  }

  /**
   * The block of `nowMs` from its start: its trades before `nowMs` go at the first tick, so that a follower's
   * forming block is whole (its live price at the close then equals the stored one).
   */
  private tellingFrom(nowMs: number): Telling {
    const block = blockAt(nowMs);
    return { block, trades: this.simulator.tradesOfBlock(block), next: 0 };
  }

  /** Tells the trades whose time has come since the last tick, moving on through the blocks that ended. */
  private tellDue(): void {
    const telling = this.telling;
    if (telling === null) return;
    const now = this.clock.now();
    const nowBlock = blockAt(now);
    if (nowBlock - telling.block > MAX_BLOCKS_BEHIND) {
      this.telling = this.tellingFrom(now);
      return;
    }
    const due: SourceTrade[] = [];
    for (;;) {
      const { trades } = telling;
      while (telling.next < trades.length && (trades[telling.next] as SourceTrade).timeMs <= now) {
        due.push(trades[telling.next] as SourceTrade);
        telling.next++;
      }
      if (telling.block >= nowBlock) break;
      // Each block's trades are computed once, when the clock enters it.
      telling.block += 1;
      telling.trades = this.simulator.tradesOfBlock(telling.block);
      telling.next = 0;
    }
    this.listeners.tell(due);
  }

  private stopTelling(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.telling = null;
  }
}
