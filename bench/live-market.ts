// The market bench:live plays, and the service it plays it to: the ten exchanges' fakes (fake-venues.ts) on
// loopback, listing every catalog pair of their exchange (ingest-markets.ts), publishing trades at a steady
// rate over all of them, each trade stamped with the moment its fake sends it; and the service on its real
// exchange feeds pointed at the fakes (EXCHANGE_HOSTS), either one process as `npm start` runs it or the
// cluster `npm run cluster` runs (PostgreSQL, Redis, one ingest, API replicas, HAProxy: startCluster).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCluster } from "../cluster/cluster-processes.ts";
import { FakeExchange } from "../src/service/sources/exchanges/testing/fake-exchange.ts";
import type { FakeCandle, FakeTrade } from "../src/service/sources/exchanges/testing/fake-protocol.ts";
import type { LiveVenue } from "../src/service/sources/exchanges/testing/fake-venues.ts";
import {
  type BenchMarket,
  benchMarkets,
  benchTrade,
  marketPicker,
  quotePrice,
  venueShare,
} from "./ingest-markets.ts";
import { postmasterOn } from "./live-machine.ts";
import { seededRandom } from "./soak-traffic.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Minutes of 1-minute candles before now for the dollar pairs: the history (and the chart) from the start. */
const CANDLE_MINUTES = 60;

export interface Fakes {
  venues: readonly LiveVenue[];
  fakes: FakeExchange[];
  markets: BenchMarket[][];
  /** EXCHANGES and EXCHANGE_HOSTS for the service. */
  names: string;
  hosts: string;
  close(): Promise<void>;
}

function candlesOf(markets: readonly BenchMarket[], nowMs: number): FakeCandle[] {
  const minute = Math.floor(nowMs / 60_000) * 60_000;
  return markets
    .filter((m) => ["USD", "USDT", "USDC"].includes(m.plainQuote))
    .flatMap((m) =>
      Array.from({ length: CANDLE_MINUTES }, (_, i) => {
        const price = quotePrice(m.symbol, m.plainQuote, nowMs);
        return {
          pair: m.id,
          openMs: minute - (CANDLE_MINUTES - i) * 60_000,
          open: price,
          high: price * 1.001,
          low: price * 0.999,
          close: price,
          volume: 10,
        };
      }),
    );
}

export async function startFakes(venues: readonly LiveVenue[]): Promise<Fakes> {
  const markets = venues.map((live) => benchMarkets(live));
  const fakes: FakeExchange[] = [];
  const close = async () => {
    for (const fake of fakes) await fake.close();
  };
  try {
    for (const [v, live] of venues.entries()) {
      const ofVenue = markets[v] as BenchMarket[];
      fakes.push(
        await FakeExchange.start(live.protocol, {
          markets: ofVenue,
          candles: candlesOf(ofVenue, Date.now()),
        }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    venues,
    fakes,
    markets,
    names: venues.map((l) => l.venue.name).join(","),
    hosts: venues.map((l, v) => `${l.venue.name}=${fakes[v]?.origin}`).join(","),
    close,
  };
}

/** Waits until the service has subscribed every market of every fake. */
export async function everyMarketSubscribed(fakes: Fakes): Promise<void> {
  for (const [v, fake] of fakes.fakes.entries())
    for (const m of fakes.markets[v] as BenchMarket[]) await fake.subscribed(m.id, 1, 120_000);
}

/** Waits (at most six minutes) until the history from candles (1-minute, hourly, daily) is done on every exchange of `url`'s /status. */
export async function historyDone(url: string): Promise<void> {
  const deadline = Date.now() + 360_000;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const status = (await (await fetch(`${url}/status`)).json()) as {
        market: { exchanges: { backfill: { state: string } }[] };
      };
      if (status.market.exchanges.every((e) => e.backfill.state === "done")) return;
    } catch (error) {
      // A replica behind HAProxy may be between health checks: asked again.
      last = `; last failure: ${error instanceof Error ? error.message : error}`;
    }
    await sleep(500);
  }
  throw new Error(`the history from candles was not done within six minutes (${url}/status${last})`);
}

export interface Publisher {
  /** Trades published from `fromMs` to before `toMs` (epoch ms). */
  publishedBetween(fromMs: number, toMs: number): number;
  stop(): void;
}

/**
 * Publishes `rate` trades a second over all the fakes, each venue its share by exchange size and each market
 * by the coin's liquidity, every 10 ms; each trade's time is Date.now() as its batch is sent.
 */
export function publishTrades(fakes: Fakes, rate: number): Publisher {
  const random = seededRandom(17);
  const pickers = fakes.markets.map((m) => marketPicker(m));
  const shares = fakes.venues.map((live) => venueShare(live, fakes.venues));
  const sent = fakes.venues.map(() => 0);
  /** [epoch ms, trades] of each tick. */
  const ticks: [number, number][] = [];
  let nextId = 20_000_000;
  const t0 = performance.now();
  const timer = setInterval(() => {
    const elapsedS = (performance.now() - t0) / 1000;
    let count = 0;
    for (const [v, live] of fakes.venues.entries()) {
      const due = Math.floor(elapsedS * rate * (shares[v] as number)) - (sent[v] as number);
      if (due <= 0) continue;
      const trades: FakeTrade[] = [];
      const nowMs = Date.now();
      for (let k = 0; k < due; k++) {
        const market = (pickers[v] as (r: number) => BenchMarket)(random());
        trades.push(benchTrade(live, market, nextId++, nowMs, random));
      }
      sent[v] = (sent[v] as number) + due;
      count += due;
      (fakes.fakes[v] as FakeExchange).publish(trades);
    }
    if (count > 0) ticks.push([Date.now(), count]);
  }, 10);
  return {
    publishedBetween: (fromMs, toMs) =>
      ticks.reduce((sum, [at, n]) => (at >= fromMs && at < toMs ? sum + n : sum), 0),
    stop: () => clearInterval(timer),
  };
}

/** The service's settings on the fakes, as environment variables (every process of a cluster gets them). */
export function serviceSettings(fakes: Fakes, dashboardDir: string): Record<string, string> {
  return {
    MARKET_SOURCE: "exchanges",
    EXCHANGES: fakes.names,
    EXCHANGE_HOSTS: fakes.hosts,
    MARKET_COINS: "all",
    HISTORY_DAYS: "1",
    RATES_SOURCE: "history",
    // The browser's page loads and the stream are not what is measured: no fair-usage limit.
    RATE_LIMIT: "0",
    DASHBOARD_DIR: dashboardDir,
  };
}

export interface RunningService {
  /** Where the browser goes: the process, or HAProxy in front of the replicas. */
  url: string;
  /** Where /status tells the exchanges' state (a replica tells the ingest's, from the store). */
  statusUrl: string;
  /** What it is, for the report. */
  label: string;
  /** Its processes that are not this process's descendants (PostgreSQL, which pg_ctl detaches). */
  roots: number[];
  stop(): Promise<void>;
}

/** The entry `npm start` runs, in its own process, on the fakes. */
export async function startOneProcess(fakes: Fakes, dashboardDir: string): Promise<RunningService> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-live-"));
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "src/service/main.ts", "--port", "0", "--data-dir", dataDir],
    { env: { ...process.env, ...serviceSettings(fakes, dashboardDir) }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const port = /API\s+http:\/\/localhost:(\d+)\//.exec(output)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", (code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
    });
    // Read on, so a full pipe never blocks the service's log.
    child.stdout?.resume();
    child.stderr?.resume();
    return { url, statusUrl: url, label: "one process (SQLite), as `npm start` runs it", roots: [], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The cluster `npm run cluster` starts (throw-away PostgreSQL and Redis, one ingest, replicas, HAProxy). */
export async function startClusterOn(
  fakes: Fakes,
  dashboardDir: string,
  replicas: number,
  log: (line: string) => void,
): Promise<RunningService & { unexpected: string[] }> {
  const unexpected: string[] = [];
  const cluster = await startCluster({
    replicas,
    env: { all: serviceSettings(fakes, dashboardDir) },
    onUnexpectedExit: (name, how) => {
      unexpected.push(`${name}: ${how}`);
      log(`${name} stopped unexpectedly (${how})`);
    },
  });
  return {
    url: cluster.url,
    statusUrl: cluster.url,
    label: `the cluster of \`npm run cluster\`: ${replicas} API replicas behind HAProxy, one ingest, PostgreSQL, Redis`,
    roots: cluster.postgres.server ? [postmasterOn(cluster.postgres.server.port) ?? 0].filter(Boolean) : [],
    unexpected,
    stop: cluster.stop,
  };
}
