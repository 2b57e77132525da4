// What the HTTP routes need of the running service.
import type { AccessBook } from "./access/access-book.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config/settings.ts";
import type { ChartCache } from "./market/chart-cache.ts";
import type { MarketView } from "./market/market-view.ts";
import type { SourceStatus } from "./market/trade-source.ts";
import type { MarketNews } from "./news/market-news.ts";
import type { RateBook } from "./rates/rate-book.ts";
import type { RatesSourceStatus } from "./rates/rate-source.ts";
import type { Store } from "./store/store.ts";

export interface ServiceContext {
  config: Config;
  store: Store;
  view: MarketView;
  /**
   * Where the trades come from (the simulator or the exchanges), with each exchange's health: the source
   * itself where this process runs it, else as the ingest last reported it.
   */
  source: SourceStatus;
  /** Chart points, with complete scaled buckets kept in memory. */
  charts: ChartCache;
  rates: RateBook;
  /** Where the interest rates come from, and how their issuers answered. */
  ratesStatus(): RatesSourceStatus;
  /** Real time: the fair-usage window and the request log. */
  wallClock: Clock;
  /** Market time: what "now" means for data (faster than real time with MARKET_SPEED > 1). */
  marketClock: Clock;
  /** The client keys and address rules in force: who may read under which limit, and who may post supply. */
  access: AccessBook;
  /**
   * Tells every process of the service what was stored (in-process, or through Redis to every replica),
   * so none serves a cached answer that it changed. This process's cached answers are gone when it
   * resolves; it never rejects (Redis down: the others resync at their next block).
   */
  invalidate(news: MarketNews): Promise<void>;
}
