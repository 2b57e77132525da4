// npm run bench:ingest — the exchanges source under load, each figure against a baseline of the same run:
//  1. trades per second per core through ccxt's parsing of the native messages, the intake and block
//     aggregation, replayed without sockets (ingest-replay.ts), against JSON.parse of the same messages;
//     where the time goes (ingest-profile.ts). Target ≥ 50,000 trades/s per core.
//  2. the delay from a trade's message leaving a fake exchange to the trade in /v1/symbol/<coin>, through the
//     real service on loopback (ingest-live.ts). Target p99 ≤ 250 ms.
//  3. that service's resident memory with every fake exchange and all 28 coins subscribed, after minutes of
//     trades, beside the simulator service's. Target ≤ 300 MB RSS.
// Every venue whose fake is in fake-venues.ts (LIVE_VENUES) takes part. INGEST_REPLAY_TRADES (per venue),
// INGEST_RATE (trades/s, all exchanges) and INGEST_SECONDS change the load.
import { loadavg } from "node:os";
import { PAIRS } from "../src/service/catalog/catalog-pairs.ts";
import { LIVE_VENUES } from "../src/service/sources/exchanges/testing/fake-venues.ts";
import { ccxtImportCost, type LiveFigures, measureLive } from "./ingest-live.ts";
import { profiled } from "./ingest-profile.ts";
import {
  type PassFigures,
  pipelinePass,
  type ReplayFigures,
  replayVenue,
  SMALL_CACHE,
  startRig,
} from "./ingest-replay.ts";
import { table, writeSection } from "./report.ts";

const REPLAY_TRADES = Number(process.env.INGEST_REPLAY_TRADES ?? 20_000);
const REPLAY_BLOCKS = 5;
const RATE = Number(process.env.INGEST_RATE ?? 1000);
const SECONDS = Number(process.env.INGEST_SECONDS ?? 120);
const TARGET_RATE = 50_000;
const TARGET_P99_MS = 250;
const TARGET_RSS_MB = 300;
const log = (line: string) => console.log(`bench:ingest: ${line}`);

const perCore = (trades: number, cpuS: number) => trades / cpuS;
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (n: number | undefined) => (n === undefined ? "–" : `${n.toFixed(1)} ms`);
const mb = (kib: number) => `${((kib * 1024) / 1e6).toFixed(0)} MB`;
/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];

const load = loadavg()[0] ?? 0;
log(`${LIVE_VENUES.length} venues with fakes: ${LIVE_VENUES.map((l) => l.venue.name).join(", ")}`);
const replays: ReplayFigures[] = [];
for (const live of LIVE_VENUES) {
  log(`replaying ${REPLAY_TRADES} trades of ${live.venue.name}`);
  replays.push(await replayVenue(live, REPLAY_TRADES, REPLAY_BLOCKS));
}
log("profiling one pass of the first venue");
const rig = await startRig(LIVE_VENUES[0] as (typeof LIVE_VENUES)[number]);
await pipelinePass(rig, 10_000, 1, 1);
const { shares } = await profiled(() => pipelinePass(rig, REPLAY_TRADES, REPLAY_BLOCKS, 1));
await rig.close();
const live = await measureLive(LIVE_VENUES, { rate: RATE, seconds: SECONDS, log });
const importCost = ccxtImportCost();

writeSection("ingest", "npm run bench:ingest", report(replays, live));
log("written to BENCHMARKS.md");
// ccxt's clients keep timers of their own after close; the figures are written.
process.exit(0);

function report(replays: ReplayFigures[], live: LiveFigures): string {
  const total = (f: (r: ReplayFigures) => number) => replays.reduce((sum, r) => sum + f(r), 0);
  const slowest = Math.min(...replays.map((r) => perCore(r.trades, r.passes[0]?.cpuS ?? Number.NaN)));
  const p99 = percentile(live.delays, 0.99) ?? Number.NaN;
  const rssEnd = live.rss.exchanges.at(-1) ?? Number.NaN;
  const rssMax = Math.max(live.rss.exchangesSubscribed, ...live.rss.exchanges);
  const lost = total((r) => r.passes.reduce((s, p) => s + p.trades - p.aggregated, 0));
  const verdict = (met: boolean) => (met ? "met" : "missed");
  const ccxtShare = shares.owners
    .filter(([owner]) => owner.startsWith("ccxt"))
    .reduce((sum, [, t]) => sum + t, 0);
  return [
    `Venues with fakes (all take part): ${live.venues.join(", ")} (${live.venues.length} of 10).`,
    `Load average when the run began: ${load.toFixed(2)} (the machine is shared; figures move with it).`,
    "",
    "### Targets",
    "",
    table(
      ["What", "Measured", "Target", "Verdict"],
      [
        [
          "Trades/s per core, parse + intake + aggregation (slowest venue, one message per read)",
          int(slowest),
          `≥ ${int(TARGET_RATE)}`,
          verdict(slowest >= TARGET_RATE),
        ],
        ["Trades lost in the replay (sent − aggregated)", lost, "0", verdict(lost === 0)],
        ["Message sent → shown in /v1/symbol, p99", ms(p99), `≤ ${TARGET_P99_MS} ms`, verdict(p99 <= 250)],
        [
          `RSS, ${live.venues.length} exchanges × ${live.markets} pairs of 28 coins, after ${SECONDS} s at ${int(RATE)} trades/s (highest sample)`,
          mb(rssMax),
          `≤ ${TARGET_RSS_MB} MB`,
          verdict((rssMax * 1024) / 1e6 <= TARGET_RSS_MB),
        ],
      ],
    ),
    "",
    `### 1. Replay of native messages (${int(REPLAY_TRADES)} trades a venue, one trade a message, no sockets)`,
    "",
    "The real ExchangesSource (ccxt watchTrades loops, TradeIntake) subscribed to a fake exchange; each message",
    "is handed to the subscribed ccxt client's `onMessage` as its WebSocket client's delivery loop does, the",
    "event loop turning between reads; blocks closed with `tradesOfBlock` and aggregated by BlockAggregator.",
    "Per core = trades ÷ CPU time of the process (user + system). Baseline: JSON.parse of the same messages.",
    "",
    table(
      [
        "Venue",
        "Pairs",
        "Bytes/msg",
        "JSON.parse trades/s",
        "Pipeline, 1 msg/read",
        "Ratio",
        "Pipeline, 16 msg/read",
        `tradesLimit ${SMALL_CACHE}, 1 msg/read`,
        "Lost",
      ],
      replays.map((r) => {
        const [single, burst] = r.passes as [PassFigures, PassFigures];
        const rate = perCore(r.trades, single.cpuS);
        const base = perCore(r.trades, r.baseline.cpuS);
        return [
          r.venue,
          r.markets,
          (r.bytes / r.messages).toFixed(0),
          int(base),
          int(rate),
          `${(rate / base).toFixed(3)} (1 : ${(base / rate).toFixed(0)})`,
          int(perCore(burst.trades, burst.cpuS)),
          int(perCore(r.smallCache.trades, r.smallCache.cpuS)),
          r.passes.reduce((s, p) => s + p.trades - p.aggregated, 0),
        ];
      }),
    ),
    "",
    `Where one pass of ${replays[0]?.venue} spends its time (V8 sampling profiler, self time, ${shares.totalMs.toFixed(0)} ms sampled):`,
    "",
    table(
      ["Owner", "Self time", "Share"],
      shares.owners.map(([owner, t]) => [owner, ms(t), `${((100 * t) / shares.totalMs).toFixed(0)} %`]),
    ),
    "",
    `ccxt's heaviest functions (${((100 * ccxtShare) / shares.totalMs).toFixed(0)} % in ccxt altogether):`,
    "",
    table(
      ["Function", "Self time"],
      shares.ccxtTop.map(([name, t]) => [`\`${name}\``, ms(t)]),
    ),
    "",
    cacheLine(replays),
    "",
    `### 2. Delay from a message sent to the trade in /v1/symbol (${live.venues.length} fake exchanges, ${int(RATE)} trades/s, ${SECONDS} s)`,
    "",
    `The service as \`npm start\` runs it (MARKET_SOURCE=exchanges, MARKET_COINS=all, HISTORY_DAYS=1 from`,
    "candles, RATE_LIMIT=0), in its own process; the fakes in the bench's process publish trades of every pair",
    "by catalog liquidity and exchange size. Probes: every trade of the coins below; a trade's delay ends at",
    "the first answer of GET /v1/symbol/<coin> that shows it or a later trade of the coin on the same exchange",
    "(an upper bound: it includes up to one poll).",
    "",
    table(
      ["Probe coins", "Trades timed", "Not resolved", "p50", "p99", "max", "Poll round trip p50 / p99"],
      [
        [
          live.probes.join(", "),
          int(live.delays.length),
          live.unresolved,
          ms(percentile(live.delays, 0.5)),
          ms(p99),
          ms(live.delays.at(-1)),
          `${ms(percentile(live.polls, 0.5))} / ${ms(percentile(live.polls, 0.99))}`,
        ],
      ],
    ),
    "",
    `### 3. Resident memory (VmRSS), ${live.markets} pairs subscribed, beside the simulator service`,
    "",
    table(
      ["When", "Exchanges service", "Simulator service (baseline)"],
      [
        ["Started (simulator: 1 day seeded)", "–", mb(live.rss.simulatorStarted)],
        ["Every pair subscribed", mb(live.rss.exchangesSubscribed), "–"],
        [`After ${SECONDS} s of trades`, mb(rssEnd), mb(live.rss.simulator.at(-1) ?? Number.NaN)],
        ["Highest sample", mb(rssMax), mb(Math.max(...live.rss.simulator))],
        ["Ratio to the simulator at the end", (rssEnd / (live.rss.simulator.at(-1) ?? 1)).toFixed(2), "1"],
      ],
    ),
    "",
    memoryLines(replays),
    "",
    table(
      ["Exchange", "Pairs", "Connected", "Trades taken", "Dropped late"],
      live.status.map((e) => [
        e.name,
        e.pairs,
        e.connected ? "yes" : "no",
        int(e.tradesTaken),
        e.droppedLate,
      ]),
    ),
  ].join("\n");
}

function cacheLine(replays: ReplayFigures[]): string {
  const measured = replays.filter((r) => r.cache && r.cache.trades > 0);
  if (measured.length === 0) return "(ccxt's cache size not measured: run with node --expose-gc.)";
  const bytes = measured.reduce((s, r) => s + (r.cache?.bytes ?? 0), 0);
  const trades = measured.reduce((s, r) => s + (r.cache?.trades ?? 0), 0);
  return (
    `ccxt keeps the last tradesLimit (default 1000) parsed trades of every watched pair: ${int(trades)} cached ` +
    `trades held ${mb(bytes / 1024)} of heap, ${int(bytes / trades)} bytes each.`
  );
}

/** What holds the exchanges service's memory, from figures of this run. */
function memoryLines(replays: ReplayFigures[]): string {
  const measured = replays.filter((r) => r.cache && r.cache.trades > 0);
  const perTrade =
    measured.reduce((s, r) => s + (r.cache?.bytes ?? 0), 0) /
    measured.reduce((s, r) => s + (r.cache?.trades ?? 0), 0);
  const full = (pairs: number, kept: number) => mb((pairs * kept * perTrade) / 1024);
  return [
    `- Importing ccxt (\`import { pro } from "ccxt"\` loads every exchange of the bundle): a bare Node process`,
    `  ${mb(importCost.bare / 1024)}, with ccxt imported ${mb(importCost.withCcxt / 1024)}.`,
    `- ccxt's trade caches grow until each pair holds tradesLimit (default 1000) trades of ~${int(perTrade)} bytes`,
    `  (measured above): a quiet pair takes many minutes to fill, so the RSS above is still climbing. Full:`,
    `  ${full(live.markets, 1000)} for these ${live.markets} pairs (the catalog's ten exchanges list ${PAIRS.length});`,
    `  with tradesLimit ${SMALL_CACHE}: ${full(live.markets, SMALL_CACHE)}.`,
  ].join("\n");
}
