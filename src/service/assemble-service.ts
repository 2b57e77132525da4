// The service's parts on an opened store, as its role (ROLE) needs them. server.ts opens the store before
// and puts the parts behind its listeners after.
import { join } from "node:path";
import type { Redis } from "ioredis";
import type { FairUsageWindow } from "./access/fair-usage.ts";
import { openFairUsage } from "./access/fair-usage-open.ts";
import { type StartedAccess, startAccess } from "./access/start-access.ts";
import { type Clock, MarketClock } from "./clock.ts";
import type { ChosenConfig } from "./config/settings.ts";
import type { ServiceContext } from "./context.ts";
import { ResponseCache } from "./http/response-cache.ts";
import { MAX_STREAM_MS } from "./http/routes/stream.ts";
import { announcer, type InvalidationChannel } from "./invalidation/invalidations.ts";
import { openInvalidations } from "./invalidation/open-invalidations.ts";
import { blockCandlesOf } from "./live/composed-candle.ts";
import { type LiveChannel, MemoryChannel } from "./live/live-channel.ts";
import { RedisChannel } from "./live/redis-channel.ts";
import { StreamHub } from "./live/stream-hub.ts";
import { ChartCache } from "./market/chart-cache.ts";
import { MarketView } from "./market/market-view.ts";
import { registerLiveMetrics } from "./ops/live-metrics.ts";
import { registerMarketMetrics } from "./ops/market-metrics.ts";
import type { ServiceMetrics } from "./ops/metrics.ts";
import { RequestLog } from "./ops/request-log.ts";
import { ResponseRecorder } from "./ops/response-recorder.ts";
import { timeAccessStore, timeRedisCommands } from "./ops/timing.ts";
import { chooseRateSource } from "./rates/choose-rate-source.ts";
import { RateCache } from "./rates/rate-cache.ts";
import { followInvalidations } from "./roles/follow-invalidations.ts";
import { type RunningIngest, startIngest } from "./roles/ingest.ts";
import { replicaMarket } from "./roles/replica-market.ts";
import { ReportedSource } from "./roles/source-report.ts";
import type { OpenOptions } from "./sources/opened-market.ts";
import type { Store } from "./store/store.ts";

/** What start-up may be asked that the parts are made with; server.ts's StartOptions adds the rest. */
export interface AssemblyOptions {
  /** Real time (fair-usage window, request log); default the system clock. */
  wallClock?: Clock;
  /** Market time; default a MarketClock at config.marketSpeed. Tests pass a ManualClock. */
  marketClock?: Clock;
  /** false: no timer adds blocks; call advanceMarket() instead (tests). Default true. */
  live?: boolean;
  /** The exchanges source's backoff and quiet-pair timing (tests make them short). */
  exchangeTuning?: OpenOptions["exchangeTuning"];
}

/** What the parts are made of: the opened store, the metrics that time it, and what start-up was asked. */
export interface ServiceMaterials {
  config: ChosenConfig;
  options: AssemblyOptions;
  store: Store;
  metrics: ServiceMetrics;
  /** options.wallClock, or the system clock. */
  wallClock: Clock;
  log: (line: string) => void;
  /** Each part that must be closed adds its closing here. */
  cleanUp: (() => Promise<void>)[];
  /** Closes what was added to cleanUp, newest first: a start that failed. */
  undo: () => Promise<void>;
}

/** The parts the listeners serve from, with the keys access started with. */
export interface AssembledService extends StartedAccess {
  ctx: ServiceContext;
  /** The ingest this process runs (ROLE all or ingest), else null. */
  ingest: RunningIngest | null;
  invalidations: InvalidationChannel;
  cache: ResponseCache;
  limiter: FairUsageWindow;
  recorder: ResponseRecorder;
}

export async function assembleService(materials: ServiceMaterials): Promise<AssembledService> {
  const { config, options, store, metrics, wallClock, log, cleanUp, undo } = materials;
  const writes = config.role !== "api";
  const lastEnd = await store.lastBlockTime();
  // An api replica's market time is the ingest's (source-report.ts); a writer's starts where the store ends.
  const reported = new ReportedSource(
    config.marketSource,
    config.ratesSource === "issuers" ? { source: "issuers", issuers: [] } : { source: "history" },
  );
  const marketClock =
    options.marketClock ??
    (writes
      ? new MarketClock(wallClock, config.marketSpeed, Math.max(wallClock.now(), (lastEnd ?? 0) * 1000))
      : reported.marketClock(wallClock, config.marketSpeed));
  const instrument = (redis: Redis) => timeRedisCommands(redis, metrics);
  const invalidations = await openInvalidations(config.redisUrl, { instrument });
  metrics.countBlocksOf(invalidations);
  cleanUp.push(() => invalidations.close());
  const rates = new RateCache(store, chooseRateSource(config, wallClock, log));
  // If an invalidation is lost, the others resync when their poll sees a newer block.
  const invalidate = announcer(invalidations, log, "they resync at the next block");

  // Live events: the ingest publishes, each API process's hub fans out: through a Redis Stream across
  // replicas (REDIS_URL), else in this process.
  const channel: LiveChannel = config.redisUrl
    ? await RedisChannel.open(config.redisUrl, { log, instrument })
    : new MemoryChannel(() => wallClock.now());
  if (channel instanceof RedisChannel) cleanUp.push(() => channel.close());
  let ingest: RunningIngest | null = null;
  if (writes) {
    ingest = await startIngest({
      config,
      store,
      marketClock,
      wallClock,
      rates,
      log,
      live: options.live !== false,
      announce: invalidate,
      publishLive: (event) => channel.publish(event),
      ...(options.exchangeTuning ? { exchangeTuning: options.exchangeTuning } : {}),
    }).catch(async (error) => {
      await undo();
      throw error;
    });
    cleanUp.push(() => (ingest as RunningIngest).stop());
  } else {
    await rates.reload();
  }

  // The API's side: an ingest serves only its health.
  if (!ingest) await reported.reload(store);
  const market = ingest ? null : await replicaMarket(config, store);
  const view = new MarketView(
    store,
    config.seed,
    ingest?.opened.market ?? market?.coins(),
    ingest?.opened.liveTrades,
  );
  const cache = new ResponseCache();
  const charts = new ChartCache(store);
  ingest?.opened.onMarketChange((changed) => view.setMarket(changed));

  const following = followInvalidations(
    invalidations,
    {
      store,
      view,
      cache,
      charts,
      replica: market ? { rates, reported, market } : null,
    },
    lastEnd,
    log,
  );
  cleanUp.push(async () => following.stop());

  const { access, keys, adminKeys } = await startAccess({
    config,
    invalidations,
    wallClock,
    log,
    instrument: (accessStore) => timeAccessStore(accessStore, metrics),
  }).catch(async (error) => {
    await undo();
    throw error;
  });
  cleanUp.push(() => access.close());
  const ctx: ServiceContext = {
    config,
    store,
    view,
    source: ingest?.opened.source ?? reported,
    charts,
    rates,
    ratesStatus: () => (ingest ? rates.ratesSource() : reported.rates()),
    wallClock,
    marketClock,
    access: access.list,
    invalidate,
    live:
      config.role !== "ingest"
        ? new StreamHub({
            channel,
            maxStreamMs: MAX_STREAM_MS,
            marketNow: () => marketClock.now(),
            blockCandles: (symbol, exchange, from, to) => blockCandlesOf(store, symbol, exchange, from, to),
          })
        : null,
  };
  cleanUp.push(async () => ctx.live?.close());
  if (ctx.live) registerLiveMetrics(metrics.registry, ctx.live);
  // A key revoked or an address blocked (here or on another replica) ends its streams at once.
  const stopWatchingAccess = access.list.onReload(() =>
    ctx.live?.endRefused(({ apiKey, address }) => access.list.identify(apiKey, address).refusal !== null),
  );
  cleanUp.push(async () => {
    stopWatchingAccess();
  });
  registerMarketMetrics(metrics.registry, {
    source: ctx.source,
    lastBlockEnd: () => store.lastBlockTime(),
    now: () => marketClock.now(),
  });
  const limiter = await openFairUsage({
    redisUrl: config.redisUrl,
    instrument,
    log,
    defaultLimit: config.rateLimit,
    // The in-process window keeps monotonic time unless start-up was given a wall clock (a test's).
    ...(options.wallClock ? { now: () => wallClock.now() } : {}),
  });
  cleanUp.push(() => limiter.close());
  const requestLog = new RequestLog(join(config.dataDir, "requests.log"), {
    maxBytes: config.logMaxBytes,
    keep: config.logKeep,
  });
  cleanUp.push(() => requestLog.close());
  const recorder = new ResponseRecorder(requestLog, access.usage, metrics, access.list);
  return { ctx, ingest, invalidations, cache, limiter, recorder, access, keys, adminKeys };
}
