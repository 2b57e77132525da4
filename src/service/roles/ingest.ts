// The ingest: runs the market's source, stores each block as it ends and the rates as they are published,
// and invalidates every replica's caches for what it stored. ROLE=all runs it beside the API; ROLE=ingest
// alone (one writer at a time: ingest-lock.ts).
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { Coin } from "../catalog/catalog.ts";
import { type Clock, MarketClock } from "../clock.ts";
import type { Config } from "../config/settings.ts";
import type { Invalidation } from "../invalidation/invalidations.ts";
import type { MadeEvent } from "../live/live-event.ts";
import { LiveMarket } from "../live/live-market.ts";
import { MarketFeed } from "../market/feed.ts";
import { MarketView } from "../market/market-view.ts";
import type { RateCache } from "../rates/rate-cache.ts";
import { openMarket } from "../sources/open-market.ts";
import type { OpenMarket, OpenOptions } from "../sources/opened-market.ts";
import type { Store } from "../store/store.ts";
import { marketPairsMeta } from "./replica-market.ts";
import { sourceReport, sourceReportMeta } from "./source-report.ts";

export interface IngestOptions {
  config: Config;
  store: Store;
  marketClock: Clock;
  wallClock: Clock;
  rates: RateCache;
  log: (line: string) => void;
  /** false: no timer adds blocks; call advanceMarket() instead (tests). */
  live: boolean;
  exchangeTuning?: OpenOptions["exchangeTuning"];
  /** Tells every process (this one included) what was stored. */
  announce(invalidation: Invalidation): Promise<void>;
  /** Where the market's live events go (the channel the streams are fanned out from); none: not made. */
  publishLive?: (event: MadeEvent) => void;
}

export interface RunningIngest {
  opened: OpenMarket;
  /** Stores the blocks that ended by the market clock's now (and due fixings); returns how many blocks. */
  advanceMarket(): Promise<number>;
  stop(): Promise<void>;
}

/** Supply of every coin that has none yet: the catalog's circulating supply, as of the history start. */
async function seedSupplies(store: Store, coins: readonly Coin[], atMs: number): Promise<void> {
  for (const coin of coins) {
    if (await store.latestSupply(coin.symbol)) continue;
    await store.insertSupply({
      symbol: coin.symbol,
      circulatingSupply: coin.circulatingSupply,
      source: "seed",
      timeMs: atMs,
      block: MarketView.blockNumber(atMs),
      keyFingerprint: null,
    });
  }
}

export async function startIngest(options: IngestOptions): Promise<RunningIngest> {
  const { config, store, marketClock, rates, log, announce } = options;
  const now = () => marketClock.now();
  const opened = await openMarket(config, store, {
    log,
    now,
    ...(options.exchangeTuning ? { exchangeTuning: options.exchangeTuning } : {}),
  });
  const told = (what: string) => (error: unknown) =>
    log(`ingest: ${what} failed: ${error instanceof Error ? error.message : error}`);
  const report = (withPairs = false) =>
    store.write({
      meta: {
        ...sourceReportMeta(
          sourceReport(opened.source, rates.ratesSource(), { wall: options.wallClock, market: marketClock }),
        ),
        ...(withPairs ? marketPairsMeta(opened.market) : {}),
      },
    });
  try {
    await seedSupplies(store, opened.market.coins, now() - config.historyDays * 86_400_000);
    await rates.open();
    rates.refresh(now());
    await rates.flushed();
    await report(true);
  } catch (error) {
    await opened.stop();
    throw error;
  }
  // The market as it trades: each trade the source takes, previewed by the feed's aggregation.
  const publishLive = options.publishLive;
  const live = publishLive
    ? new LiveMarket({ feed: opened.feed, clock: marketClock, publish: publishLive })
    : null;
  const stopFollowing = live ? opened.source.follow?.((trades) => live.take(trades)) : undefined;
  opened.onMarketChange(() => {
    report(true)
      .then(() => announce({ kind: "market" }))
      .catch(told("announcing the exchanges' new pairs"));
  });
  // An issuer's fixings arrive between blocks.
  rates.onPublished(() => {
    announce({ kind: "rates" }).catch(told("announcing new fixings"));
  });

  const advanceMarket = async (): Promise<number> => {
    const added = await opened.feed.catchUp(now());
    if (added > 0) await opened.blockStored();
    const published = rates.refresh(now());
    if (published) await rates.flushed();
    if (added > 0 || published) await report();
    const lastBlockTime = await store.lastBlockTime();
    if (added > 0 && lastBlockTime !== null) await announce({ kind: "block", lastBlockTime });
    if (published) await announce({ kind: "rates" });
    return added;
  };

  let timer: NodeJS.Timeout | null = null;
  let stopping = false;
  const schedule = () => {
    if (stopping) return;
    const nextEndMs = (MarketFeed.lastCompleteBlock(now()) + 2) * BLOCK_SECONDS * 1000;
    const delay = marketClock instanceof MarketClock ? marketClock.realDelayUntil(nextEndMs) : 1000;
    timer = setTimeout(
      () => {
        advanceMarket()
          .catch((error) => console.error("market: a block failed", error))
          .finally(schedule);
      },
      delay + (opened.source.closeGraceMs ?? 5),
    );
  };
  if (options.live) schedule();

  // A live source's history fills behind the streams while the API serves; each step shows at once.
  const history = opened
    .fillHistory(() => {
      announce({ kind: "history" }).catch(told("announcing history"));
    })
    .catch((error) =>
      log(`market: the history from candles stopped: ${error instanceof Error ? error.message : error}`),
    );

  return {
    opened,
    advanceMarket,
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      stopFollowing?.();
      live?.stop();
      await opened.stop();
      await history;
      // An issuer's response still on the way must not be stored into (or logged as failing on) a closed store.
      rates.close();
    },
  };
}
