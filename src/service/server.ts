// Starts the service: opens the store, seeds or fills the market history, loads the rates, and serves HTTP.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { BLOCK_SECONDS } from "../interface/vocabulary.ts";
import type { Coin } from "./catalog/catalog.ts";
import { type Clock, MarketClock, systemClock } from "./clock.ts";
import { ConfigError } from "./config.ts";
import type { Config } from "./config-settings.ts";
import type { ServiceContext } from "./context.ts";
import { createHttpApp } from "./http/app.ts";
import { FairUsageLimiter } from "./http/fair-usage.ts";
import { flushFaults } from "./http/fault-log.ts";
import { answerConnect, answerRefusedRequest, frontDoor } from "./http/front-door.ts";
import { marketSourceHeader } from "./http/market-source.ts";
import { RequestLog } from "./http/request-log.ts";
import { ResponseCache } from "./http/response-cache.ts";
import { loadWriteKeys } from "./http/write-keys.ts";
import { ChartCache } from "./market/chart-cache.ts";
import { MarketFeed } from "./market/feed.ts";
import { MarketView } from "./market/market-view.ts";
import { makePrivateDir } from "./private-files.ts";
import { chooseRateSource } from "./rates/choose-rate-source.ts";
import { RateBook } from "./rates/rate-book.ts";
import { type OpenOptions, openMarket } from "./sources/open-market.ts";
import { SqliteStore } from "./store/sqlite-store.ts";
import type { Store } from "./store/store.ts";

export interface StartOptions {
  /** Real time (fair-usage window, request log); default the system clock. */
  wallClock?: Clock;
  /** Market time; default a MarketClock at config.marketSpeed. Tests pass a ManualClock. */
  marketClock?: Clock;
  /** false: no timer adds blocks; call advanceMarket() instead (tests). Default true. */
  live?: boolean;
  dashboardDir?: string;
  log?: (line: string) => void;
  /** The exchanges source's backoff and quiet-pair timing (tests make them short). */
  exchangeTuning?: OpenOptions["exchangeTuning"];
}

export interface RunningService {
  url: string;
  port: number;
  ctx: ServiceContext;
  /** The write key created on first start when none was configured (printed once), else null. */
  createdWriteKey: string | null;
  /** Stores the blocks that ended by the market clock's now; returns how many. */
  advanceMarket(): number;
  close(): Promise<void>;
}

const SEED_META = "seed";
const MARKET_COINS_META = "market_coins";
const MARKET_SOURCE_META = "market_source";

/** A simulated market and a real one never share a data directory: their histories would mix. */
function checkMarketSource(store: Store, config: Config): void {
  const stored = store.getMeta(MARKET_SOURCE_META) ?? (store.lastBlockTime() === null ? null : "simulator");
  if (stored !== null && stored !== config.marketSource) {
    throw new ConfigError(
      `MARKET_SOURCE (--market) is ${config.marketSource}, but ${config.dataDir} holds a market from the ${stored}; ` +
        `start with --market ${stored} or another DATA_DIR`,
      "MARKET_SOURCE",
    );
  }
  if (store.getMeta(MARKET_SOURCE_META) === null) store.setMeta(MARKET_SOURCE_META, config.marketSource);
}

function checkSeed(store: Store, config: Config): void {
  const stored = store.getMeta(SEED_META);
  if (stored === null) store.setMeta(SEED_META, String(config.seed));
  else if (stored !== String(config.seed)) {
    throw new ConfigError(
      `SEED (--seed) is ${config.seed}, but ${config.dataDir} holds a market seeded with ${stored}; ` +
        `start with --seed ${stored} or another DATA_DIR`,
      "SEED",
    );
  }
}

/**
 * A data directory keeps the coins it was seeded with: others would have no history, and a dropped coin's
 * series would stop. One made before MARKET_COINS existed holds all of them.
 */
function checkMarketCoins(store: Store, config: Config): void {
  const wanted = config.marketCoins === null ? "all" : config.marketCoins.join(",");
  const stored = store.getMeta(MARKET_COINS_META) ?? (store.lastBlockTime() === null ? null : "all");
  if (stored !== null && stored !== wanted) {
    throw new ConfigError(
      `MARKET_COINS (--market-coins) is ${wanted}, but ${config.dataDir} holds a market of ` +
        `${stored === "all" ? "all coins" : stored}; start with --market-coins ${stored} or another DATA_DIR`,
      "MARKET_COINS",
    );
  }
  if (store.getMeta(MARKET_COINS_META) === null) store.setMeta(MARKET_COINS_META, wanted);
}

/** Supply of every coin that has none yet: the catalog's circulating supply, as of the history start. */
function seedSupplies(store: Store, coins: readonly Coin[], atMs: number): void {
  store.transaction(() => {
    for (const coin of coins) {
      if (store.latestSupply(coin.symbol)) continue;
      store.insertSupply({
        symbol: coin.symbol,
        circulatingSupply: coin.circulatingSupply,
        source: "seed",
        timeMs: atMs,
        block: MarketView.blockNumber(atMs),
        keyFingerprint: null,
      });
    }
  });
}

export async function startService(config: Config, options: StartOptions = {}): Promise<RunningService> {
  const log = options.log ?? ((line: string) => console.log(line));
  const wallClock = options.wallClock ?? systemClock;
  // The write key and the request log live here: a directory made by the service is the owner's only.
  makePrivateDir(config.dataDir);
  const store = SqliteStore.open(config.dataDir);
  try {
    checkSeed(store, config);
    checkMarketCoins(store, config);
    checkMarketSource(store, config);
  } catch (error) {
    store.close();
    throw error;
  }
  const keys = loadWriteKeys(config.dataDir, config.writeKeys);
  const lastEnd = store.lastBlockTime();
  const marketClock =
    options.marketClock ??
    new MarketClock(wallClock, config.marketSpeed, Math.max(wallClock.now(), (lastEnd ?? 0) * 1000));

  const opened = await openMarket(config, store, {
    log,
    now: () => marketClock.now(),
    ...(options.exchangeTuning ? { exchangeTuning: options.exchangeTuning } : {}),
  }).catch((error) => {
    store.close();
    throw error;
  });
  const { source, feed, market } = opened;
  seedSupplies(store, market.coins, marketClock.now() - config.historyDays * 86_400_000);

  const cache = new ResponseCache();
  const charts = new ChartCache(store);
  const view = new MarketView(store, config.seed, market, opened.liveTrades);
  opened.onMarketChange((changed) => {
    view.setMarket(changed);
    cache.clear();
  });
  const rates = new RateBook(store, chooseRateSource(config, wallClock, log));
  rates.onPublished(() => cache.clear()); // an issuer's fixings arrive between blocks
  rates.refresh(marketClock.now());
  const ctx: ServiceContext = {
    config,
    store,
    view,
    source,
    charts,
    rates,
    wallClock,
    marketClock,
    writeKeys: keys.keys,
    invalidate: () => {
      view.invalidate();
      cache.clear();
    },
  };
  const limiter = new FairUsageLimiter(options.wallClock ? { now: () => wallClock.now() } : {});
  const requestLog = new RequestLog(join(config.dataDir, "requests.log"), {
    maxBytes: config.logMaxBytes,
    keep: config.logKeep,
  });
  const app = createHttpApp({
    ctx,
    limiter,
    cache,
    requestLog,
    dashboardDir: options.dashboardDir ?? join(process.cwd(), "dist", "app"),
  });

  const advanceMarket = (): number => {
    const added = feed.catchUp(marketClock.now());
    if (added > 0) opened.blockStored();
    const published = rates.refresh(marketClock.now());
    if (added > 0 || published) ctx.invalidate();
    return added;
  };

  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    const nextEndMs = (MarketFeed.lastCompleteBlock(marketClock.now()) + 2) * BLOCK_SECONDS * 1000;
    const delay = marketClock instanceof MarketClock ? marketClock.realDelayUntil(nextEndMs) : 1000;
    timer = setTimeout(
      () => {
        try {
          advanceMarket();
        } catch (error) {
          console.error("market: a block failed", error);
        }
        schedule();
      },
      delay + (source.closeGraceMs ?? 5),
    );
  };
  if (options.live !== false) schedule();

  const fastPath = {
    config,
    limiter,
    cache,
    requestLog,
    now: () => wallClock.now(),
    marketSource: () => marketSourceHeader(source),
  };
  // An HTTP/1.0 request may come without Host; HTTP/1.1 without one is refused by the front door, which
  // answers the error record where Node's own check (requireHostHeader) would answer a bare 400.
  const appListener = getRequestListener(app.fetch, { hostname: "localhost" });
  const handle = frontDoor(fastPath, appListener);
  const server = createServer({ requireHostHeader: false }, handle);
  // A client may close its sending side after a complete request and still wait for the answer (RFC 9112
  // §9.6); by default Node then ends the connection, and an answer not yet written is lost. With this
  // (undocumented but long-standing) switch the answer under way is written first.
  (server as typeof server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on("clientError", (error, socket) => answerRefusedRequest(fastPath, error, socket));
  server.on("connect", (req, socket) => answerConnect(fastPath, req, socket));
  // An Expect other than 100-continue is ignored (RFC 9110 allows it) rather than refused by Node's bare 417.
  server.on("checkExpectation", handle);
  server.listen(config.port);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", (error) => reject(error));
  }).catch(async (error) => {
    if (timer) clearTimeout(timer);
    store.close();
    await requestLog.close();
    throw (error as NodeJS.ErrnoException).code === "EADDRINUSE"
      ? new ConfigError(`PORT (--port) ${config.port} is already in use; choose another port`, "PORT")
      : error;
  });
  const port = (server.address() as AddressInfo).port;
  // A live source's history fills behind the streams while the API answers; each step shows at once.
  const history = opened
    .fillHistory(() => {
      charts.clear();
      ctx.invalidate();
    })
    .catch((error) =>
      log(`market: the history from candles stopped: ${error instanceof Error ? error.message : error}`),
    );
  let closing: Promise<void> | null = null;

  return {
    url: `http://localhost:${port}`,
    port,
    ctx,
    createdWriteKey: keys.created,
    advanceMarket,
    close: async () => {
      if (closing) return closing;
      closing = shutDown();
      return closing;
    },
  };

  async function shutDown(): Promise<void> {
    if (timer) clearTimeout(timer);
    await opened.stop();
    await history;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    await requestLog.close();
    // An issuer's answer still on the way must not be stored into (or logged as failing on) a closed store.
    rates.close();
    store.close();
    // Repeats of a fault counted since its last line are told before the process goes.
    flushFaults();
  }
}
