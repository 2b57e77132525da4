// Opens the real market (MARKET_SOURCE exchanges): the exchanges' streams start at once, the pairs they
// list make the market, and the history behind the streams is filled from candles while the API answers.
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { type MarketCoins, marketCoins, marketOfPairs } from "../../catalog/market-coins.ts";
import type { Config } from "../../config/settings.ts";
import { MarketFeed } from "../../market/feed.ts";
import { fxRates } from "../../market/fx.ts";
import type { Store } from "../../store/store.ts";
import type { OpenMarket, OpenOptions } from "../opened-market.ts";
import { fillFromCandles } from "./candle-history.ts";
import { ExchangesSource } from "./exchanges-source.ts";
import type { VenuePair } from "./venue.ts";
import { VENUES } from "./venues.ts";

export async function openExchanges(config: Config, store: Store, options: OpenOptions): Promise<OpenMarket> {
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
