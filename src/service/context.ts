// What the HTTP routes need of the running service.
import type { Clock } from "./clock.ts";
import type { Config } from "./config-settings.ts";
import type { ChartCache } from "./market/chart-cache.ts";
import type { MarketView } from "./market/market-view.ts";
import type { TradeSource } from "./market/trade-source.ts";
import type { RateBook } from "./rates/rate-book.ts";
import type { Store } from "./store/store.ts";

export interface ServiceContext {
  config: Config;
  store: Store;
  view: MarketView;
  /** Where the trades come from (the simulator or the exchanges), with each exchange's health. */
  source: TradeSource;
  /** Chart points, with complete scaled buckets kept in memory. */
  charts: ChartCache;
  rates: RateBook;
  /** Real time: the fair-usage window and the request log. */
  wallClock: Clock;
  /** Market time: what "now" means for data (faster than real time with MARKET_SPEED > 1). */
  marketClock: Clock;
  /** Keys allowed to post supply. */
  writeKeys: string[];
  /** Called after a write so cached answers are not served stale. */
  invalidate(): void;
}
