// Opens the market on its source (MARKET_SOURCE): the simulator seeds or fills its history before the
// service answers; the exchanges start their streams at once and fill the history from candles behind
// them, while the API already answers.
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import { type MarketCoins, marketCoins, marketOfPairs } from "../catalog/market-coins.ts";
import type { Config } from "../config/settings.ts";
import { MarketFeed } from "../market/feed.ts";
import { fxRates } from "../market/fx.ts";
import type { TradeSource } from "../market/trade-source.ts";
import type { Store } from "../store/store.ts";
import { fillFromCandles } from "./exchanges/candle-history.ts";
import { ExchangesSource } from "./exchanges/exchanges-source.ts";
import type { VenuePair } from "./exchanges/venue.ts";
import { VENUES } from "./exchanges/venues.ts";
import { SimulatorSource } from "./simulator/simulator-source.ts";

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
  /** Exchanges source, tests: backoff, quiet pairs. */
  exchangeTuning?: Pick<
    ConstructorParameters<typeof ExchangesSource>[0],
    "backoffMs" | "quietFactor" | "minQuietMs" | "watchdogMs"
  >;
}

export async function openMarket(config: Config, store: Store, options: OpenOptions): Promise<OpenMarket> {
  if (config.marketSource === "exchanges") return openExchanges(config, store, options);
  const market = marketCoins(config.marketCoins);
  const source = new SimulatorSource(config.seed, market.all ? undefined : market.coinSymbols);
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
    stop: async () => {},
  };
}

async function openExchanges(config: Config, store: Store, options: OpenOptions): Promise<OpenMarket> {
  const coins = marketCoins(config.marketCoins).coinSymbols;
  // The coins' newest quotations, which price trades quoted in another coin; read at the start and after
  // every stored block, so a trade never waits for the store.
  let quotations = new Map<string, number | null>();
  const readQuotations = async () => {
    const read = await Promise.all(
      coins.map(async (symbol) => {
        const series = store.seriesId(symbol, null);
        return series === null ? null : ((await store.latestBlock(series))?.ma120 ?? null);
      }),
    );
    quotations = new Map(coins.map((symbol, i) => [symbol, read[i] ?? null]));
  };
  await readQuotations();
  const quotation = (symbol: string): number | null => quotations.get(symbol) ?? null;
  // The pairs each exchange listed last time: an exchange that is down stands in with them.
  const storedPairs = new Map<string, VenuePair[]>();
  for (const exchange of config.exchanges) {
    const text = await store.getMeta(`pairs:${exchange}`);
    if (text !== null) storedPairs.set(exchange, JSON.parse(text) as VenuePair[]);
  }
  // The day's FX rates, computed once a day, not for every euro trade that asks.
  let fx = { day: Number.NaN, rates: {} as Record<string, number> };
  const fxRate = (currency: string): number | null => {
    const day = Math.floor(options.now() / 86_400_000);
    if (day !== fx.day) fx = { day, rates: fxRates(config.seed, day) };
    return fx.rates[currency] ?? null;
  };
  const firstLiveBlock = Math.floor(options.now() / 1000 / BLOCK_SECONDS);
  const source = new ExchangesSource({
    venues: VENUES.filter((v) => config.exchanges.includes(v.name)),
    hosts: config.exchangeHosts,
    coins,
    usd: { quotation, fxRate },
    firstLiveBlock,
    pairMemory: {
      load: (exchange) => storedPairs.get(exchange) ?? null,
      save: (exchange, pairs) => {
        storedPairs.set(exchange, pairs);
        store
          .setMeta(`pairs:${exchange}`, JSON.stringify(pairs))
          .catch((error) => options.log(`exchanges: ${exchange}: storing its pairs failed: ${error}`));
      },
    },
    log: options.log,
    ...options.exchangeTuning,
  });
  await source.start();
  let market = marketOfPairs(config.marketCoins, source.pairs());
  const feed = new MarketFeed(store, source, { historyDays: config.historyDays, pairs: market.pairs });
  const listeners: ((market: MarketCoins) => void)[] = [];
  source.onPairs = (pairs) => {
    market = marketOfPairs(config.marketCoins, pairs);
    const changed = market;
    feed
      .setPairs(changed.pairs, options.now())
      .then(() => {
        for (const listener of listeners) listener(changed);
      })
      .catch((error) => options.log(`market: the new pairs could not be stored: ${error}`));
  };
  for (const health of source.health())
    options.log(
      `exchanges: ${health.name}: ${health.pairs} pairs, ${health.connected ? "connected" : "not connected yet"}`,
    );
  const gaps = await feed.openLive(firstLiveBlock);

  let stopped = false;
  const fillHistory = async (changed: () => void) => {
    for (const gap of gaps) {
      const total = gap.last - gap.first + 1;
      options.log(`market: history from 1-minute candles: ${total} blocks to fill`);
      for (const feedOf of source.feeds)
        source.setBackfill(feedOf.venue.name, { state: "running", doneBlocks: 0, totalBlocks: total });
      let reported = 0;
      const filled = await fillFromCandles(
        gap,
        source.feeds,
        store,
        market.pairs,
        () => fxRate("EUR"),
        (exchange, done) => {
          source.setBackfill(exchange, {
            state: done === total ? "done" : "running",
            doneBlocks: done,
            totalBlocks: total,
          });
          if (done !== reported) {
            reported = done;
            options.log(`market: history from candles: ${done}/${total} blocks`);
            changed();
          }
        },
        () => stopped,
      );
      if (!filled) return;
      await feed.gapFilled(gap, options.now());
      changed();
    }
  };

  return {
    source,
    get market() {
      return market;
    },
    feed,
    liveTrades: (symbol, exchange) => source.liveTrades(symbol, exchange),
    fillHistory,
    onMarketChange: (listener) => listeners.push(listener),
    blockStored: readQuotations,
    stop: () => {
      stopped = true;
      return source.stop();
    },
  };
}
