// The market an api replica lists and quotes: the simulator's coins from the configuration, or the pairs the
// exchanges really list, which only the ingest learns (it stores them when they change).
import type { Pair } from "../catalog/catalog.ts";
import { type MarketCoins, marketCoins, marketOfPairs } from "../catalog/market-coins.ts";
import type { Config } from "../config/settings.ts";
import type { Store } from "../store/store.ts";

const MARKET_PAIRS_META = "market_pairs";

/** The meta the ingest writes with the market's pairs (at its start and when an exchange's list changes). */
export function marketPairsMeta(market: MarketCoins): Record<string, string> {
  return { [MARKET_PAIRS_META]: JSON.stringify(market.pairs) };
}

export interface ReplicaMarket {
  coins(): MarketCoins;
  /** Reads the pairs again (the ingest announced a change). */
  reload(): Promise<MarketCoins>;
}

export async function replicaMarket(config: Config, store: Store): Promise<ReplicaMarket> {
  const read = async (): Promise<MarketCoins> => {
    if (config.marketSource === "simulator") return marketCoins(config.marketCoins);
    const text = await store.getMeta(MARKET_PAIRS_META);
    return marketOfPairs(config.marketCoins, text === null ? [] : (JSON.parse(text) as Pair[]));
  };
  let current = await read();
  return {
    coins: () => current,
    reload: async () => {
      current = await read();
      return current;
    },
  };
}
