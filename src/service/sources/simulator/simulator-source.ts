// The simulated market as a trade source: the market asks it for each block's trades, and it seeds a long
// run of blocks on worker threads (parallel-seed.ts), which gives the same rows as block by block since the
// simulator is a pure function of (seed, block, pair).
import type { BlockRun, SourceTrade, TradeSource } from "../../market/trade-source.ts";
import type { Store } from "../../store/store.ts";
import { seedInParallel } from "./parallel-seed.ts";
import { MarketSimulator } from "./simulator.ts";

export class SimulatorSource implements TradeSource {
  private readonly simulator: MarketSimulator;

  /** `symbols`: simulate only these coins' pairs (all of the catalog's when omitted). */
  constructor(
    readonly seed: number,
    symbols?: readonly string[],
  ) {
    this.simulator = new MarketSimulator(seed, symbols ? { symbols } : {});
  }

  tradesOfBlock(block: number): readonly SourceTrade[] {
    return this.simulator.tradesOfBlock(block);
  }

  storeRun(store: Store, run: BlockRun): Promise<void> {
    return seedInParallel(store, this.seed, run);
  }
}
