// Opens the real market (MARKET_SOURCE exchanges): the exchanges' streams start at once, the pairs they
// list make the market, and the history behind the streams is filled from candles while the API serves.
import { BLOCK_SECONDS } from "../../../interface/vocabulary.ts";
import { type MarketCoins, marketCoins, marketOfPairs } from "../../catalog/market-coins.ts";
import { MarketFeed } from "../../market/feed.ts";
import { fxRates } from "../../market/fx.ts";
import type { Store } from "../../store/store.ts";
import type { MarketSettings } from "../market-settings.ts";
import type { OpenMarket, OpenOptions } from "../opened-market.ts";
import { ExchangesSource } from "./exchanges-source.ts";
import { fillFromCandles } from "./history/candle-history.ts";
import {
  type CoarseStretch,
  chunksLeft,
  fillStretch,
  loadCoarsePlan,
  nextChunk,
  startsWithPartOfDay,
} from "./history/coarse-history.ts";
import { HistoryProgress } from "./history/history-progress.ts";
import type { VenuePair } from "./venue.ts";
import { VENUES } from "./venues.ts";

const startOfBlock = (block: number) => block * BLOCK_SECONDS * 1000;

export async function openExchanges(
  config: MarketSettings,
  store: Store,
  options: OpenOptions,
): Promise<OpenMarket> {
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
  // The pairs each exchange listed last time: the fallback of an exchange that is down.
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
  // The history behind the streams, each exchange's requests through ccxt's rate limiter and the exchanges
  // in parallel: daily candles first (the year in one or two requests per pair), then the hours of the
  // 1-minute day's first day, the 1-minute day, and the hours behind it newest first (coarse-history.ts).
  const fillHistory = async (changed: () => void) => {
    const exchanges = source.feeds.map((f) => f.venue.name);
    const progress = new HistoryProgress(
      exchanges,
      (e, backfill) => source.setBackfill(e, backfill),
      options.log,
    );
    const plan = await loadCoarsePlan(store, options.now());
    const pairsOf = (exchange: string) =>
      source.feeds.find((f) => f.venue.name === exchange)?.pairs.length ?? 0;
    const firstGap = gaps[0];
    const lastGap = gaps.at(-1);
    if (firstGap && lastGap) {
      const blocks = gaps.reduce((sum, g) => sum + g.last - g.first + 1, 0);
      progress.declare(
        "1m",
        { fromMs: startOfBlock(firstGap.first), toMs: startOfBlock(lastGap.last + 1) },
        () => blocks,
      );
    }
    for (const stretch of plan)
      progress.declare(
        stretch.resolution,
        { fromMs: stretch.fromMs, toMs: stretch.toMs },
        (exchange) => pairsOf(exchange) * chunksLeft(stretch),
        (exchange) => stretch.coveredFromMs[exchange] ?? null,
      );
    let packingHeld = gaps.length > 0;
    const coarse = async (stretch: CoarseStretch, chunks?: number): Promise<boolean> => {
      progress.start(stretch.resolution);
      const filled = await fillStretch(
        {
          store,
          feeds: source.feeds,
          pairs: market.pairs,
          eurPerUsd: () => fxRate("EUR"),
          plan,
          packingHeld,
          stepped: (exchange) => progress.step(exchange, stretch.resolution),
          stored: changed,
          stopped: () => stopped,
        },
        stretch,
        chunks,
      );
      if (filled && nextChunk(stretch) === null)
        progress.finish(stretch.resolution, (exchange) => stretch.coveredFromMs[exchange] ?? null);
      return filled;
    };
    const [daily, hourly] = plan;
    if (daily && !(await coarse(daily))) return;
    if (hourly && startsWithPartOfDay(hourly) && !(await coarse(hourly, 1))) return;

    let done = 0;
    if (gaps.length > 0) progress.start("1m");
    for (const gap of gaps) {
      const filled = await fillFromCandles(
        gap,
        source.feeds,
        store,
        market.pairs,
        () => fxRate("EUR"),
        (_exchange, doneOfGap) => {
          progress.blocks(done + doneOfGap);
          changed();
        },
        () => stopped,
        (pair, candles) => source.noteCandles(pair, candles),
      );
      if (!filled) return;
      done += gap.last - gap.first + 1;
      await feed.gapFilled(gap, options.now());
      changed();
    }
    if (gaps.length > 0) progress.finish("1m", () => startOfBlock(firstGap?.first ?? 0));
    packingHeld = false;
    if (hourly) await coarse(hourly);
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
