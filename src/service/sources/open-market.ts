// Opens the market on its source (MARKET_SOURCE): the simulator seeds its history before the service
// serves; the exchanges start their streams at once and fill the history from candles while the API serves.
import { marketCoins } from "../catalog/market-coins.ts";
import { MarketFeed } from "../market/feed.ts";
import type { Store } from "../store/store.ts";
import { openExchanges } from "./exchanges/open-exchanges.ts";
import type { MarketSettings } from "./market-settings.ts";
import type { OpenMarket, OpenOptions } from "./opened-market.ts";
import { workerCount } from "./simulator/parallel-seed.ts";
import { SimulatorSource } from "./simulator/simulator-source.ts";

export async function openMarket(
  config: MarketSettings,
  store: Store,
  options: OpenOptions,
): Promise<OpenMarket> {
  if (config.marketSource === "exchanges") return openExchanges(config, store, options);
  const market = marketCoins(config.marketCoins);
  // Followers' trades keep to the market clock, which runs MARKET_SPEED times faster than real time.
  const marketClock = { now: options.now };
  const symbols = market.all ? undefined : market.coinSymbols;
  const source = new SimulatorSource(config.seed, symbols, workerCount(), marketClock);
  const feed = new MarketFeed(store, source, { historyDays: config.historyDays, pairs: market.pairs });
  const lastEnd = await store.lastBlockTime();
  const started = performance.now();
  let lastReport = 0;
  const stored = await feed.catchUpInParallel(options.now(), (done, total) => {
    if (total > 2000 && (done === total || performance.now() - lastReport > 2000)) {
      lastReport = performance.now();
      options.log(`market: ${lastEnd === null ? "seeding" : "filling the gap"}: ${done}/${total} blocks`);
    }
  });
  if (stored > 0)
    options.log(`market: stored ${stored} blocks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // A block that ended while the history was seeded (a first start takes tens of seconds) is stored now,
  // not at the end of the next one: the newest complete block is there from the first request on.
  await feed.catchUp(options.now());
  return {
    source,
    market,
    feed,
    fillHistory: async () => {},
    onMarketChange: () => {},
    blockStored: async () => {},
    stop: async () => source.stop(),
  };
}
