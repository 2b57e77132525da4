// What the HTTP routes need of the running service.
import type { AccessList } from "./access/access-list.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config/settings.ts";
import type { Invalidation } from "./invalidation/invalidations.ts";
import type { StreamHub } from "./live/stream-hub.ts";
import type { ChartCache } from "./market/chart-cache.ts";
import type { MarketView } from "./market/market-view.ts";
import type { SourceStatus } from "./market/trade-source.ts";
import type { RateCache } from "./rates/rate-cache.ts";
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
  rates: RateCache;
  /** Where the interest rates come from, and how their issuers responded. */
  ratesStatus(): RatesSourceStatus;
  /** Real time: the fair-usage window and the request log. */
  wallClock: Clock;
  /** Market time: what "now" means for data (faster than real time with MARKET_SPEED > 1). */
  marketClock: Clock;
  /** The client keys and address rules in force: who may read under which limit, and who may post supply. */
  access: AccessList;
  /**
   * Invalidates every process's cached responses that a write changed (through Redis across replicas).
   * This process's are gone when it resolves; it never rejects (Redis down: the others resync later).
   */
  invalidate(invalidation: Invalidation): Promise<void>;
  /** The live streams this process serves, or null where it serves none. */
  live: StreamHub | null;
}
