// Parts 2 and 3 of bench:ingest: the real service (`src/service/main.ts` in its own process, as `npm start`
// runs it) reading fake exchanges on loopback with every coin of the catalog (MARKET_COINS=all), while
// the fakes publish trades at a steady rate. The delay of a trade is from the moment its fake sent it to the
// first answer of GET /v1/symbol/<coin> that shows it, or shows a later trade of the same coin on the same
// exchange (a busy coin's newest 10 can move past a trade between two polls; the feed reads each socket in
// order, so the later one being there means this one was too). Resident memory (VmRSS) of that service is
// sampled throughout, beside the simulator service's (the baseline) running in the same minutes.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COINS } from "../src/service/catalog/catalog.ts";
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
import { seededRandom } from "./soak-traffic.ts";

export interface LiveOptions {
  /** Trades a second over all the fake exchanges. */
  rate: number;
  /** Seconds of measured traffic (at least one block close falls in 125 s). */
  seconds: number;
  log: (line: string) => void;
}

export interface LiveFigures {
  venues: string[];
  markets: number;
  probes: string[];
  published: number;
  /** Delays of the probe coins' trades, ms, sorted. */
  delays: number[];
  unresolved: number;
  /** Round trips of the polls, ms, sorted. */
  polls: number[];
  rss: {
    simulatorStarted: number;
    simulator: number[];
    exchangesSubscribed: number;
    exchanges: number[];
  };
  status: { name: string; connected: boolean; tradesTaken: number; droppedLate: number; pairs: number }[];
}

interface Service {
  child: ChildProcess;
  url: string;
  dataDir: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The entry `npm start` runs, in its own process (tsx's loader in-process, so its pid is the service's). */
async function startService(name: string, flags: string[]): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-ingest-${name}-`));
  const args = ["--import", "tsx", "src/service/main.ts", "--port", "0", "--data-dir", dataDir, ...flags];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /API\s+http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the ${name} service exited with ${code}:\n${output}`)));
  });
  return { child, url, dataDir };
}

async function stopService(service: Service): Promise<void> {
  if (service.child.exitCode === null) {
    const exited = new Promise((resolve) => service.child.once("exit", resolve));
    service.child.kill("SIGTERM");
    await exited;
  }
  rmSync(service.dataDir, { recursive: true, force: true });
}

function rssKiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
}

/** Resident memory of a bare Node process, and of one that has imported ccxt (its whole bundle), bytes. */
export function ccxtImportCost(): { bare: number; withCcxt: number } {
  const rss = (code: string) =>
    Number(execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" }).trim());
  return {
    bare: rss("console.log(process.memoryUsage().rss)"),
    withCcxt: rss("await import('ccxt'); console.log(process.memoryUsage().rss)"),
  };
}

/** Ten minutes of candles before now for the dollar pairs, so every coin has a quotation from the start. */
function candlesOf(markets: readonly BenchMarket[], nowMs: number): FakeCandle[] {
  const minute = Math.floor(nowMs / 60_000) * 60_000;
  return markets
    .filter((m) => ["USD", "USDT", "USDC"].includes(m.plainQuote))
    .flatMap((m) =>
      Array.from({ length: 10 }, (_, i) => {
        const price = quotePrice(m.symbol, m.plainQuote, nowMs);
        return {
          pair: m.id,
          openMs: minute - (10 - i) * 60_000,
          open: price,
          high: price * 1.001,
          low: price * 0.999,
          close: price,
          volume: 10,
        };
      }),
    );
}

/** A published trade of a probe coin, waiting to be seen. */
interface Pending {
  seq: number;
  publishedMs: number;
}

export async function measureLive(venues: readonly LiveVenue[], options: LiveOptions): Promise<LiveFigures> {
  const { log } = options;
  const fakes: FakeExchange[] = [];
  const services: Service[] = [];
  const markets = venues.map((live) => benchMarkets(live));
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
    const common = [
      "--rates",
      "history",
      "--market-coins",
      "all",
      "--history-days",
      "1",
      "--rate-limit",
      "0",
    ];
    log("starting the simulator service (the baseline)");
    const simulator = await startService("simulator", ["--market", "simulator", ...common]);
    services.push(simulator);
    const simulatorStarted = rssKiB(simulator.child);
    const hosts = venues.map((l, v) => `${l.venue.name}=${fakes[v]?.origin}`).join(",");
    const names = venues.map((l) => l.venue.name).join(",");
    log(`starting the exchanges service on ${names}`);
    const service = await startService("exchanges", [
      ...["--market", "exchanges", "--exchanges", names, "--exchange-hosts", hosts],
      ...common,
    ]);
    services.push(service);
    for (const [v, fake] of fakes.entries())
      for (const m of markets[v] as BenchMarket[]) await fake.subscribed(m.id, 1, 60_000);
    const exchangesSubscribed = rssKiB(service.child);
    log(
      `all ${markets.flat().length} markets subscribed; RSS ${(exchangesSubscribed / 1024).toFixed(0)} MiB`,
    );
    await historyDone(service.url);

    const probes = probeCoins(markets);
    const sampler = { simulator: [] as number[], exchanges: [] as number[] };
    const sampling = setInterval(() => {
      sampler.simulator.push(rssKiB(simulator.child));
      sampler.exchanges.push(rssKiB(service.child));
    }, 2000);
    // Per exchange and probe coin, the trades not yet seen, in the order they were sent.
    const pending = new Map<string, Map<string, Pending>>();
    const delays: number[] = [];
    const polls: number[] = [];
    let seq = 0;
    let published = 0;
    let measuring = false;
    let stopped = false;

    const random = seededRandom(11);
    const pickers = markets.map((m) => marketPicker(m));
    const shares = venues.map((live) => venueShare(live, venues));
    const sent = venues.map(() => 0);
    let nextId = 10_000_000;
    const t0 = performance.now();
    const publisher = setInterval(() => {
      const elapsedS = (performance.now() - t0) / 1000;
      for (const [v, live] of venues.entries()) {
        const due = Math.floor(elapsedS * options.rate * (shares[v] as number)) - (sent[v] as number);
        if (due <= 0) continue;
        const trades: FakeTrade[] = [];
        const nowMs = Date.now();
        for (let k = 0; k < due; k++) {
          const market = (pickers[v] as (r: number) => BenchMarket)(random());
          const trade = benchTrade(live, market, nextId++, nowMs, random);
          trades.push(trade);
          if (measuring && probes.includes(market.symbol)) {
            const key = `${live.venue.name}|${market.symbol}`;
            const list = pending.get(key) ?? new Map<string, Pending>();
            list.set(trade.id, { seq: seq++, publishedMs: performance.now() });
            pending.set(key, list);
          }
        }
        sent[v] = (sent[v] as number) + due;
        if (measuring) published += due;
        (fakes[v] as FakeExchange).publish(trades);
      }
    }, 10);

    const poller = async (coin: string) => {
      while (!stopped) {
        const asked = performance.now();
        const response = await fetch(`${service.url}/v1/symbol/${coin}`);
        const body = (await response.json()) as {
          exchanges?: { name: string; lastTrades: { foreignTradeID: string }[] }[];
        };
        const at = performance.now();
        if (response.status === 200) polls.push(at - asked);
        for (const exchange of body.exchanges ?? []) {
          const list = pending.get(`${exchange.name}|${coin}`);
          if (!list) continue;
          let newest = -1;
          for (const trade of exchange.lastTrades)
            newest = Math.max(newest, list.get(trade.foreignTradeID)?.seq ?? -1);
          for (const [id, p] of list) {
            if (p.seq > newest) continue;
            delays.push(at - p.publishedMs);
            list.delete(id);
          }
        }
        await sleep(10);
      }
    };
    const polling = probes.map(poller);
    await sleep(5000);
    measuring = true;
    log(`measuring for ${options.seconds} s at ${options.rate} trades/s; probes ${probes.join(", ")}`);
    for (let s = 0; s < options.seconds; s += 30) {
      await sleep(Math.min(30, options.seconds - s) * 1000);
      log(`${Math.min(options.seconds, s + 30)} s, RSS ${(rssKiB(service.child) / 1024).toFixed(0)} MiB`);
    }
    measuring = false;
    clearInterval(publisher);
    await sleep(3000);
    stopped = true;
    await Promise.all(polling);
    clearInterval(sampling);
    const status = (await (await fetch(`${service.url}/status`)).json()) as {
      market: { exchanges: LiveFigures["status"] };
    };
    return {
      venues: venues.map((l) => l.venue.name),
      markets: markets.flat().length,
      probes,
      published,
      delays: delays.sort((a, b) => a - b),
      unresolved: [...pending.values()].reduce((sum, list) => sum + list.size, 0),
      polls: polls.sort((a, b) => a - b),
      rss: {
        simulatorStarted,
        simulator: sampler.simulator,
        exchangesSubscribed,
        exchanges: sampler.exchanges,
      },
      status: status.market.exchanges,
    };
  } finally {
    for (const service of services) await stopService(service);
    for (const fake of fakes) await fake.close();
  }
}

/** The busiest coin (BTC) and the quietest coin every venue lists, by catalog liquidity. */
function probeCoins(markets: readonly BenchMarket[][]): string[] {
  const weightOf = new Map<string, number>();
  for (const m of markets[0] ?? []) weightOf.set(m.symbol, (weightOf.get(m.symbol) ?? 0) + m.weight);
  const stable = new Set(COINS.filter((c) => c.stablecoin).map((c) => c.symbol));
  const everywhere = [...weightOf.keys()].filter(
    (coin) => !stable.has(coin) && markets.every((l) => l.some((m) => m.symbol === coin)),
  );
  const quiet = everywhere.sort((a, b) => (weightOf.get(a) ?? 0) - (weightOf.get(b) ?? 0))[0];
  return quiet && quiet !== "BTC" ? ["BTC", quiet] : ["BTC"];
}

/** Waits (at most a minute) for the history from candles to be done on every exchange (it is steady state that is measured). */
async function historyDone(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = (await (await fetch(`${url}/status`)).json()) as {
      market: { exchanges: { backfill: { state: string } }[] };
    };
    if (status.market.exchanges.every((e) => e.backfill.state === "done")) return;
    await sleep(500);
  }
}
