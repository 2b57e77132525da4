// The simulated market as a trade source: the market asks it for each block's trades, and it seeds a long
// run of blocks on worker threads (parallel-seed.ts), which gives the same rows as block by block since the
// simulator is a pure function of (seed, block, pair).
import type { BlockRun, SourceTrade, TradeSource } from "../../market/trade-source.ts";
import type { Store } from "../../store/store.ts";
import { seedInParallel, workerCount } from "./parallel-seed.ts";
import { MarketSimulator } from "./simulator.ts";

export class SimulatorSource implements TradeSource {
  readonly kind = "simulator";
  private readonly simulator: MarketSimulator;
  /** Absent with fewer than two worker threads: then the market stores a run block by block. */
  readonly storeRun?: (store: Store, run: BlockRun) => Promise<void>;

  /**
   * `symbols`: simulate only these coins' pairs (all of the catalog's when omitted). `workers`: threads for
   * a long run (default: one per core, at most 4).
   */
  constructor(seed: number, symbols?: readonly string[], workers = workerCount()) {
    this.simulator = new MarketSimulator(seed, symbols ? { symbols } : {});
    if (workers >= 2) this.storeRun = (store, run) => seedInParallel(store, seed, workers, run);
  }

  tradesOfBlock(block: number): readonly SourceTrade[] {
    return this.simulator.tradesOfBlock(block);
  }
}
