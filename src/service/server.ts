// Starts the service in its role (ROLE): opens the store, waits for the ingest lock where processes share a
// database, has the parts assembled (assemble-service.ts), puts them behind the role's listener and drains
// it on close.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { clientAddress } from "./access/client-address.ts";
import { mountAdmin } from "./admin/admin-app.ts";
import { adminHealth } from "./admin/admin-health.ts";
import { type AssemblyOptions, assembleService } from "./assemble-service.ts";
import { systemClock } from "./clock.ts";
import type { ChosenConfig, Config } from "./config/settings.ts";
import { ConfigError } from "./config-error.ts";
import type { ServiceContext } from "./context.ts";
import type { Health } from "./http/app.ts";
import { readinessChecks } from "./http/health.ts";
import {
  apiServer,
  healthServer,
  KEEP_ALIVE_MS,
  respondWhileWaiting,
  roleServer,
  type WaitingServer,
} from "./http/listeners.ts";
import { marketSourceHeader } from "./http/market-source.ts";
import { ResponseWriter } from "./http/response-writer.ts";
import { flushFaults } from "./ops/fault-log.ts";
import { ServiceMetrics } from "./ops/metrics.ts";
import { timeStore } from "./ops/timing.ts";
import { makePrivateDir } from "./private-files.ts";
import { type IngestLock, takeIngestLock, WAITING_FOR_THE_LOCK } from "./roles/ingest-lock.ts";
import { openStore } from "./roles/open-store.ts";
import { checkStoreFits, storedMarketSource } from "./roles/store-checks.ts";
import { chooseMarketSource } from "./sources/market-choice.ts";
import type { Store } from "./store/store.ts";

export interface StartOptions extends AssemblyOptions {
  dashboardDir?: string;
  log?: (line: string) => void;
  /** prom-client's process figures on /metrics (default true; many services in one test process skip them). */
  processFigures?: boolean;
}

export interface RunningService {
  /** The configuration as started: its sources chosen (MARKET_SOURCE auto settled). */
  config: ChosenConfig;
  url: string;
  port: number;
  /** The API's context (null for ROLE=ingest, which serves only its health). */
  ctx: ServiceContext;
  /** The write key created on first start when none was configured (printed once), else null. */
  createdWriteKey: string | null;
  /** The admin key created on first start when none was configured (printed once), else null. */
  createdAdminKey: string | null;
  /** Stores the blocks that ended by the market clock's now; returns how many (0 without an ingest). */
  advanceMarket(): Promise<number>;
  close(): Promise<void>;
}

/** On SIGTERM, requests under way get this long to finish before their connections are closed. */
const DRAIN_MS = 10_000;

/** Listens on `port`; a port in use is the configuration's fault and says so. */
async function listenOn(server: Server, port: number): Promise<void> {
  server.listen(port);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", (error) => reject(error));
  }).catch((error) => {
    throw (error as NodeJS.ErrnoException).code === "EADDRINUSE"
      ? new ConfigError(`PORT (--port) ${port} is already in use; choose another port`, "PORT")
      : error;
  });
}

/** Closes a server that may have stopped listening already (a start that failed after it listened). */
function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startService(requested: Config, options: StartOptions = {}): Promise<RunningService> {
  const log = options.log ?? ((line: string) => console.log(line));
  const wallClock = options.wallClock ?? systemClock;
  const writes = requested.role !== "api";
  // The write key and the request log live here: a directory made by the service is the owner's only.
  makePrivateDir(requested.dataDir);
  let lock: IngestLock | null = null;
  // Set while the lock is waited for (in a callback: declared so that TypeScript does not take it for null).
  let waiting = null as WaitingServer | null;
  let waitingFor = WAITING_FOR_THE_LOCK;
  // Every store call and Redis command is timed for /metrics; the market's figures are read at each scrape.
  const metrics = new ServiceMetrics({ processFigures: options.processFigures ?? true });
  // MARKET_SOURCE auto is settled here (market-choice.ts): before the store is opened where each source has
  // its own (the data directory), after it where one database holds one source's market (PostgreSQL).
  let config: ChosenConfig;
  let opened: Store;
  if (requested.databaseUrl === null) {
    config = await chooseMarketSource(requested, { log, stored: null, probes: writes });
    opened = await openStore(config, config.marketSource, log);
  } else {
    opened = await openStore(requested, null, log);
    const stored = await storedMarketSource(opened).catch(async (error) => {
      await opened.close();
      throw error;
    });
    config = await chooseMarketSource(requested, { log, stored, probes: writes });
  }
  const store = timeStore(opened, metrics);
  const cleanUp: (() => Promise<void>)[] = [() => store.close()];
  const undo = async () => {
    for (const step of cleanUp.reverse()) await step().catch(() => undefined);
  };
  try {
    await checkStoreFits(store, config, writes);
    // Several processes on one database: only one writes the market at a time.
    if (writes && config.databaseUrl !== null) {
      // Waiting for it, the process listens at once, alive and not ready (listeners.ts, respondWhileWaiting).
      lock = await takeIngestLock(config.databaseUrl, log, async () => {
        const server = roleServer(config.role);
        cleanUp.push(() => closeServer(server));
        await listenOn(server, config.port);
        waiting = respondWhileWaiting(server, () => waitingFor, metrics);
      });
      waitingFor = "took over the ingest lock; starting";
      cleanUp.push(() => (lock as IngestLock).release());
    }
  } catch (error) {
    await undo();
    throw error;
  }
  const { ctx, ingest, invalidations, cache, limiter, recorder, access, keys, adminKeys } =
    await assembleService({
      config,
      options,
      store,
      metrics,
      wallClock,
      log,
      cleanUp,
      undo,
    });

  let shuttingDown = false;
  const health: Health = {
    checks: readinessChecks(store, config.redisUrl === null ? null : invalidations),
    shuttingDown: () => shuttingDown,
  };
  const writer = new ResponseWriter({
    config,
    recorder,
    now: () => wallClock.now(),
    marketClock: ctx.marketClock,
    marketSource: () => marketSourceHeader(ctx.source, config.marketFallback),
    clientAddress: (req) => clientAddress(config.trustProxy, req),
  });
  const server =
    config.role === "ingest"
      ? healthServer(health, metrics, waiting?.server)
      : apiServer(
          {
            ctx,
            cache,
            writer,
            metrics,
            mounts: [
              (app) =>
                mountAdmin(app, {
                  config,
                  adminKeys: adminKeys.keys,
                  window: limiter,
                  access,
                  now: () => wallClock.now(),
                  health: adminHealth(ctx, access.store, config.redisUrl === null ? null : invalidations),
                  openStreams: () => ctx.live?.held() ?? null,
                }),
            ],
            health,
            dashboardDir: options.dashboardDir ?? config.dashboardDir,
          },
          { accessList: access.list, limiter },
          waiting?.server,
        );
  // The server that waited is listening already: the real routes take it over in this same tick.
  waiting?.takeOver();

  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  if (!server.listening) {
    await listenOn(server, config.port).catch(async (error) => {
      await undo();
      throw error;
    });
  }
  const port = (server.address() as AddressInfo).port;
  // The lock's session lost (PostgreSQL restarted, the network cut): another ingest may take over, so this
  // one stops writing at once; its supervisor starts it again, and it waits for the lock like any other.
  lock?.lost.then((error) => {
    log(`ingest: lost the ingest lock (${error.message}); stopping`);
    process.kill(process.pid, "SIGTERM");
  });
  let closing: Promise<void> | null = null;

  return {
    config,
    url: `http://localhost:${port}`,
    port,
    ctx,
    createdWriteKey: keys.created,
    createdAdminKey: adminKeys.created,
    advanceMarket: () => ingest?.advanceMarket() ?? Promise.resolve(0),
    close: async () => {
      if (closing) return closing;
      closing = shutDown();
      return closing;
    },
  };

  async function shutDown(): Promise<void> {
    shuttingDown = true;
    // Streams never finish on their own: they end now, told to reconnect in a second (to another replica).
    ctx.live?.close();
    // No new connections; idle kept-alive ones are closed now, busy ones after their response (Node does
    // that), and any left after DRAIN_MS are cut.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Node closes idle connections only once, at close(): the rest are closed as they fall idle.
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const drain = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    await closed;
    clearInterval(idle);
    clearTimeout(drain);
    await undo();
    // Repeats of a fault counted since its last line are told before the process goes.
    flushFaults();
  }
}
