// What opening the market gives the service, whatever its source (open-market.ts chooses the source).
import type { MarketCoins } from "../catalog/market-coins.ts";
import type { MarketFeed } from "../market/feed.ts";
import type { TradeSource } from "../market/trade-source.ts";
import type { ExchangesSource } from "./exchanges/exchanges-source.ts";

export interface OpenMarket {
  source: TradeSource;
  market: MarketCoins;
  feed: MarketFeed;
  /** A live source's newest trades (symbol details show them before their block closes). */
  liveTrades?: ExchangesSource["liveTrades"];
  /** Runs the history a live source fills behind its streams; `changed` is told after each step. */
  fillHistory(changed: () => void): Promise<void>;
  /** Called when a live source's pairs change (an exchange that was down came up). */
  onMarketChange(listener: (market: MarketCoins) => void): void;
  /** A block was stored: the reference prices are read again. */
  blockStored(): Promise<void>;
  stop(): Promise<void>;
}

export interface OpenOptions {
  log: (line: string) => void;
  /** Market time, ms. */
  now: () => number;
  /** Exchanges source, tests: backoff, quiet pairs, the start's wait for the market lists. */
  exchangeTuning?: Pick<
    ConstructorParameters<typeof ExchangesSource>[0],
    "backoffMs" | "quietFactor" | "minQuietMs" | "watchdogMs" | "marketsWaitMs"
  >;
}
