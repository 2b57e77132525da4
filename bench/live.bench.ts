// npm run bench:live — a trade sent by a fake exchange to the price it moves in the browser, timed by the
// trade time each live event carries. Ten fake exchanges on loopback (fake-venues.ts) publish 1,000 trades
// a second in all, each stamped with the moment its fake sends it; the service reads them on its real
// exchange feeds (EXCHANGE_HOSTS); headless Chromium follows two pages of the dashboard, each in a context
// of its own (so each has its own stream):
//  - the coin list (`/`, the stream's prices=all): a price cell's text changes (LiveRowFigures);
//  - the chart (`/chart/BTC?scale=5m`: candles, all exchanges): the forming candle's candlestick `update`
//    (use-forming-candle → CandleChartModel.formCandle → CandleBars.form → series.update).
// Latency = when the page changed − the `time` of the event that changed it (its newest trade). How events
// and changes are seen and paired: live-page.ts. The bytes the page's stream received over the window,
// per hour, are the cost of a page left open. Run on one process (SQLite, as `npm start`) and on the cluster
// of `npm run cluster` (PostgreSQL, Redis, one ingest, three API replicas, HAProxy).
// Targets: one process p50 ≤ 250 ms and p99 ≤ 1 s; the cluster p99 ≤ 1.2 s.
// LIVE_SECONDS (the window per page, default 120: one block close in it), LIVE_RATE (trades/s, default
// 1000) and LIVE_RUNS ("process,cluster", the default; "process" or "cluster" alone) change the run; only
// the full run writes BENCHMARKS.md.
import { execFile } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Browser } from "@playwright/test";
import { LiveSubjectsSchema, subjectsQuery } from "../src/interface/live-events.ts";
import { LIVE_VENUES } from "../src/service/sources/exchanges/testing/fake-venues.ts";
import { lacksServers } from "../src/service/testing/servers/binaries.ts";
import { launchBenchBrowser } from "./browser.ts";
import { type CpuShares, cpuShares, sampleCpu } from "./live-machine.ts";
import {
  everyMarketSubscribed,
  historyDone,
  publishTrades,
  type RunningService,
  startClusterOn,
  startFakes,
  startOneProcess,
} from "./live-market.ts";
import {
  barShowsCandle,
  cellShowsPrice,
  LIVE_WATCH,
  type Outcome,
  type PageRecord,
  pairChanges,
  priceCellTexts,
  type SeenChange,
  type SeenEvent,
} from "./live-page.ts";
import { table, writeSection } from "./report.ts";

const SECONDS = Number(process.env.LIVE_SECONDS ?? 120);
const RATE = Number(process.env.LIVE_RATE ?? 1000);
/** Which runs: "process,cluster" (default), "process" or "cluster". */
const RUNS = (process.env.LIVE_RUNS ?? "process,cluster").split(",").map((run) => run.trim());
const REPLICAS = 3;
/** The dashboard as bench/live/vite.config.ts builds it (the npm script builds it first). */
const LIVE_APP_DIR = fileURLToPath(new URL("../.bench/live-app", import.meta.url));
/** After a page's stream opened: its first moments replay the newest of everything, not trades as they go. */
const WARM_UP_MS = 10_000;
/** After the window, for the events of its last moments to be shown before the page is read. */
const GRACE_MS = 3_000;
const TARGET = { p50: 250, p99: 1000, clusterP99: 1200 };
const PAGES = [
  { name: "coins", label: "Coin list: a price cell changes", path: "/" },
  { name: "chart", label: "Chart: the forming candle's `update`", path: "/chart/BTC?scale=5m" },
] as const;
type PageName = (typeof PAGES)[number]["name"];

const log = (line: string) => console.log(`bench:live: ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load1 = () => (loadavg()[0] ?? 0).toFixed(2);
/** "AXS 12, BTC 1": how often each value occurs, most first. */
const tally = (values: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([value, n]) => `${value} ${n}`)
    .join(", ");
};
/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number);
const ms = (n: number) =>
  Number.isNaN(n) ? "–" : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(0)} ms`;
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const pct = (share: number) => (Number.isNaN(share) ? "–" : `${(share * 100).toFixed(0)} %`);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

interface PageFigures {
  page: PageName;
  subjects: string;
  windowMs: number;
  published: number;
  events: number;
  /** Events of coins the page has no row for, by key ("AXS 150, …"): not paired. */
  noRow: string;
  shown: number;
  replaced: number;
  notShown: number;
  /** The keys of the events not shown, most first: "AXS 12, ...". */
  notShownOf: string;
  unexplained: number;
  /** Sorted, ms: the event's newest trade → the change; → the frame after it. */
  latencies: number[];
  toFrame: number[];
  /** Sorted, ms: the event's newest trade → the event in the page; the event in the page → the change. */
  toPage: number[];
  inPage: number[];
  bare: Bare;
  bytes: number;
  loadBefore: string;
  /** The machine's CPU over the window: busy, the bench's own processes, other work. */
  cpu: CpuShares;
}

/** The baseline's: newest trade → event read by a bare reader, sorted ms; its body bytes over the window. */
interface Bare {
  latencies: number[];
  bytes: number;
  windowMs: number;
}

interface VariantFigures {
  kind: "process" | "cluster";
  label: string;
  pages: PageFigures[];
  unexpected: string[];
}

const startedLoad = load1();
log(`load average (1 min) ${startedLoad}; ${SECONDS} s a page at ${RATE} trades/s`);
const browser = await launchBenchBrowser(["--disable-component-update"]);
const chromium = browser.version();
const variants: VariantFigures[] = [];
try {
  if (RUNS.includes("process")) variants.push(await variant("process"));
  if (RUNS.includes("cluster") && !lacksServers("bench:live's cluster run"))
    variants.push(await variant("cluster"));
} finally {
  await browser.close();
}
const endedLoad = load1();
const body = report(variants);
console.log(`\n${body}\n`);
const full = SECONDS >= 120 && RATE === 1000 && variants.length === 2;
if (full) {
  writeSection("live", "npm run bench:live", body);
  log("written to BENCHMARKS.md");
} else {
  log("not the full run (LIVE_SECONDS, LIVE_RATE or LIVE_RUNS changed it): BENCHMARKS.md left as it is");
}
// ccxt's clients (the ingest's, in the service processes, are stopped) and the fakes' timers are done with.
process.exit(0);

async function variant(kind: "process" | "cluster"): Promise<VariantFigures> {
  log(`${kind}: starting ${LIVE_VENUES.length} fake exchanges`);
  const fakes = await startFakes(LIVE_VENUES);
  let service: RunningService | undefined;
  let unexpected: string[] = [];
  try {
    if (kind === "process") {
      service = await startOneProcess(fakes, LIVE_APP_DIR);
    } else {
      log(`cluster: starting PostgreSQL, Redis, the ingest, ${REPLICAS} replicas and HAProxy`);
      const cluster = await startClusterOn(fakes, LIVE_APP_DIR, REPLICAS, log);
      unexpected = cluster.unexpected;
      service = cluster;
    }
    log(`${kind}: service at ${service.url}; waiting for every market and the history from candles`);
    await everyMarketSubscribed(fakes);
    await historyDone(service.statusUrl);
    const publisher = publishTrades(fakes, RATE);
    try {
      await sleep(5_000);
      const pages: PageFigures[] = [];
      for (const page of PAGES)
        pages.push(await followPage(browser, service, page.name, page.path, publisher));
      return { kind, label: service.label, pages, unexpected };
    } finally {
      publisher.stop();
    }
  } finally {
    await service?.stop();
    await fakes.close();
  }
}

async function followPage(
  browser: Browser,
  service: RunningService,
  name: PageName,
  path: string,
  publisher: { publishedBetween(fromMs: number, toMs: number): number },
): Promise<PageFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
  try {
    await context.addInitScript(LIVE_WATCH);
    const page = await context.newPage();
    const loadBefore = load1();
    const base = service.url;
    await page.goto(`${base}${path}`);
    await page.waitForFunction(
      (which) => {
        const bench = (window as unknown as { __liveBench: PageRecord }).__liveBench;
        if (bench.opened === null) return false;
        return which === "coins" ? bench.cells.length > 0 : bench.candles.length > 0;
      },
      name,
      { timeout: 90_000, polling: 250 },
    );
    const subjects = await page.evaluate(
      () => (window as unknown as { __liveBench: PageRecord }).__liveBench.opened?.subjects,
    );
    // The baseline: a bare reader of a stream of the same subjects, over the same seconds.
    const bare = readBare(`${base}/v1/stream?${subjectsQuery(LiveSubjectsSchema.parse(subjects))}`);
    await sleep(WARM_UP_MS);
    const t0 = Date.now();
    const cpuBefore = sampleCpu(service.roots);
    log(`${name}: following for ${SECONDS} s (load ${load1()})`);
    await sleep(SECONDS * 1000);
    const t1 = Date.now();
    const cpu = cpuShares(cpuBefore, sampleCpu(service.roots));
    await sleep(GRACE_MS);
    const record = await page.evaluate(() => (window as unknown as { __liveBench: PageRecord }).__liveBench);
    // The coin list shows the coins of its /v1/coins answer: a price of a coin it has no row for moves nothing.
    const rows = new Set(
      await page.evaluate(() =>
        [...document.querySelectorAll(".coins-row .coins-col-symbol")].map((cell) => cell.textContent ?? ""),
      ),
    );
    const kind = name === "coins" ? "price" : "candle";
    const ofKind = record.events.filter((e: SeenEvent) => e.kind === kind);
    const onPage = (e: SeenEvent) => name === "chart" || rows.has(e.key);
    const changes: SeenChange[] = name === "coins" ? record.cells : record.candles;
    const { outcomes, unexplained } = pairChanges(
      ofKind.filter(onPage),
      changes,
      name === "coins" ? cellShowsPrice(priceCellTexts(ofKind)) : barShowsCandle,
    );
    const inWindow = outcomes.filter((o) => o.event.at >= t0 && o.event.at < t1);
    const shown = inWindow.filter((o): o is Outcome & { change: SeenChange } => o.change !== null);
    const count = (outcome: Outcome["outcome"]) => inWindow.filter((o) => o.outcome === outcome).length;
    const sorted = (values: number[]) => values.sort((a, b) => a - b);
    const figures: PageFigures = {
      page: name,
      subjects: JSON.stringify(subjects ?? null),
      windowMs: t1 - t0,
      published: publisher.publishedBetween(t0, t1),
      events: inWindow.length,
      noRow: tally(ofKind.filter((e) => !onPage(e) && e.at >= t0 && e.at < t1).map((e) => e.key)),
      shown: shown.length,
      replaced: count("replaced"),
      notShown: count("not shown"),
      notShownOf: tally(inWindow.filter((o) => o.outcome === "not shown").map((o) => o.event.key)),
      unexplained: unexplained.filter((c) => c.at >= t0 && c.at < t1).length,
      latencies: sorted(shown.map((o) => o.change.at - o.event.time)),
      toFrame: sorted(
        shown
          .filter((o) => o.change.frameAt !== null)
          .map((o) => (o.change.frameAt as number) - o.event.time),
      ),
      toPage: sorted(shown.map((o) => o.event.at - o.event.time)),
      inPage: sorted(shown.map((o) => o.change.at - o.event.at)),
      bytes: record.chunks.reduce((sum, [at, bytes]) => (at >= t0 && at < t1 ? sum + bytes : sum), 0),
      bare: await bare,
      loadBefore,
      cpu,
    };
    log(
      `${name}: ${figures.shown} of ${figures.events} events shown; p50 ${ms(percentile(figures.latencies, 0.5))}, ` +
        `p99 ${ms(percentile(figures.latencies, 0.99))} (bare reader ${ms(percentile(figures.bare.latencies, 0.5))}, ` +
        `${ms(percentile(figures.bare.latencies, 0.99))}); ${kib(figures.bytes)} received`,
    );
    return figures;
  } finally {
    await context.close();
  }
}

/** The bare reader (live-sse-reader.ts) in a process of its own, from now for the warm-up and the window. */
async function readBare(url: string): Promise<Bare> {
  const args = ["--import", "tsx", "bench/live-sse-reader.ts", url, String(WARM_UP_MS), String(SECONDS)];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 256 * 2 ** 20 });
  const read = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { latencies: number[]; bytes: number };
  return {
    latencies: read.latencies.sort((a, b) => a - b),
    bytes: read.bytes,
    windowMs: SECONDS * 1000,
  };
}

function report(variants: VariantFigures[]): string {
  const verdict = (value: number, target: number) => (value <= target ? "met" : "**not met**");
  const service = (v: VariantFigures) => (v.kind === "process" ? "one process" : "cluster");
  const pageName = (p: PageFigures) => (p.page === "coins" ? "coin list" : "chart");
  const pair = (sorted: number[]) => `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))}`;
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "–");
  const targets: (string | number)[][] = [];
  for (const v of variants) {
    for (const p of v.pages) {
      const what = PAGES.find((page) => page.name === p.page)?.label ?? p.page;
      const p50 = percentile(p.latencies, 0.5);
      const p99 = percentile(p.latencies, 0.99);
      const where = v.kind === "process" ? "one process" : `cluster (${REPLICAS} replicas)`;
      if (v.kind === "process")
        targets.push([`${what}, ${where}, p50`, ms(p50), `≤ ${TARGET.p50} ms`, verdict(p50, TARGET.p50)]);
      const target = v.kind === "process" ? TARGET.p99 : TARGET.clusterP99;
      targets.push([`${what}, ${where}, p99`, ms(p99), `≤ ${ms(target)}`, verdict(p99, target)]);
    }
  }
  const latency = variants.flatMap((v) =>
    v.pages.map((p) => [
      service(v),
      pageName(p),
      ms(percentile(p.latencies, 0.5)),
      ms(percentile(p.latencies, 0.9)),
      ms(percentile(p.latencies, 0.99)),
      ms(p.latencies.at(-1) ?? Number.NaN),
      pair(p.toFrame),
      pair(p.bare.latencies),
      `${ratio(percentile(p.latencies, 0.5), percentile(p.bare.latencies, 0.5))} / ${ratio(percentile(p.latencies, 0.99), percentile(p.bare.latencies, 0.99))}`,
    ]),
  );
  const where = variants.flatMap((v) =>
    v.pages.map((p) => [
      service(v),
      pageName(p),
      int(p.events),
      `${int(p.shown)} / ${int(p.replaced)} / ${int(p.notShown)}`,
      int(p.unexplained),
      pair(p.toPage),
      pair(p.inPage),
      int((p.published * 1000) / p.windowMs),
      p.loadBefore,
      `${pct(p.cpu.busy)} / ${pct(p.cpu.ours)} / ${pct(p.cpu.other)}`,
    ]),
  );
  const bytes = variants.flatMap((v) =>
    v.pages.map((p) => [
      service(v),
      pageName(p),
      `\`${p.subjects}\``,
      `${(p.windowMs / 1000).toFixed(0)} s`,
      kib(p.bytes),
      int((p.events * 1000) / p.windowMs),
      mib((p.bytes * 3_600_000) / p.windowMs),
      mib((p.bare.bytes * 3_600_000) / p.bare.windowMs),
    ]),
  );
  return [
    `Venues (fakes on loopback, each its exchange's own protocol): ${LIVE_VENUES.map((l) => l.venue.name).join(", ")}.`,
    `Headless Chromium ${chromium}. Load average (1 min) at the start ${startedLoad}, at the end ${endedLoad}; the`,
    "machine's CPUs are shared by the fakes, the service's processes, Chromium and any other work on it.",
    "",
    "### Targets",
    "",
    table(["What", "Measured", "Target", "Verdict"], targets),
    "",
    `### A trade sent → the page changed, ${SECONDS} s a page`,
    "",
    variants.map((v) => `- ${v.kind === "process" ? "One process" : "Cluster"}: ${v.label}.`).join("\n"),
    ...(variants.some((v) => v.unexpected.length > 0)
      ? ["", `Processes that stopped unexpectedly: ${variants.flatMap((v) => v.unexpected).join("; ")}.`]
      : []),
    "",
    "Baseline: a bare reader of a stream of the same subjects (live-sse-reader.ts, a Node process of its own,",
    "no browser), over the same seconds: the newest trade → the event read. Ratio = the page's / the bare reader's.",
    "",
    table(
      [
        "Service",
        "Page",
        "p50",
        "p90",
        "p99",
        "max",
        "To the next frame p50 / p99",
        "Baseline: bare reader p50 / p99",
        "Ratio p50 / p99",
      ],
      latency,
    ),
    "",
    "Where the time goes, and what was paired (events that came by in the window). Machine CPU: shares of",
    "all CPUs' time over the window (/proc/stat); the bench's = this process and its descendants (the",
    "service's processes, the fakes, Chromium, the bare reader, Redis, HAProxy) and PostgreSQL; other work =",
    "the rest of the machine's busy time (someone else's tests, benches, builds).",
    "",
    table(
      [
        "Service",
        "Page",
        "Events",
        "Shown / replaced / not shown",
        "Changes no event explains",
        "Trade → event in the page p50 / p99",
        "Event in the page → change p50 / p99",
        "Trades/s sent",
        "Load (1 min) before the page",
        "Machine CPU in the window: busy / the bench's / other work",
      ],
      where,
    ),
    "",
    ...variants.flatMap((v) =>
      v.pages
        .filter((p) => p.noRow !== "")
        .map(
          (p) =>
            `- Left out, ${service(v)}, ${pageName(p)}: prices of coins the list has no row for (not in its /v1/coins answer), by coin: ${p.noRow}.`,
        ),
    ),
    ...variants.flatMap((v) =>
      v.pages
        .filter((p) => p.notShown > 0)
        .map((p) => `- Not shown, ${service(v)}, ${pageName(p)} (events by key): ${p.notShownOf}.`),
    ),
    "",
    "### Bytes an hour a followed page costs",
    "",
    "The stream's body bytes the page received over the window (streams are not compressed; HTTP's chunk",
    "framing and the response headers not counted), times an hour; each page in a browser context of its own,",
    "its stream following what the page asks for (the `open` event's subjects). Beside it the bare reader's.",
    "",
    table(
      ["Service", "Page", "Subjects", "Window", "Bytes", "Events/s", "An hour", "Bare reader, an hour"],
      bytes,
    ),
    "",
    "### How it is measured",
    "",
    `The fakes publish every 10 ms the trades due at ${int(RATE)} a second, each venue its share by the`,
    "catalog's exchange size, each market by the coin's liquidity (ingest-markets.ts), every trade's time",
    "the moment its batch is sent. The service runs on its real feeds (ccxt, MARKET_SOURCE=exchanges,",
    "EXCHANGE_HOSTS at the fakes, MARKET_COINS=all, one day of history from the fakes' candles, no fair-usage",
    "limit) and serves the dashboard built as `npm run build` builds it with one probe added",
    "(bench/live/vite.config.ts: a call at the top of lightweight-charts' series `update`); no product file",
    "is changed. The pages are opened once the history from candles is done and trades have flowed for 5 s.",
    "In the page, an init script (bench/live-page.ts) wraps `window.fetch` so that the body of",
    "GET /v1/stream passes through a TransformStream before the app's own reader: it counts the bytes and",
    "reads each event as it goes by; a MutationObserver sees the coin list's price cells change; the probe",
    "sees the candlestick series' `update` calls. Each is stamped with Date.now() (the same clock as the",
    "fakes': one machine) and one sequence number. A change is paired with the event that made it: per",
    "symbol (or candle series), among the events not yet paired that came before the change, the last run",
    "of those whose value it shows (the cell's text is the price as the list formats it and the mark of",
    "its last move, ▲ or ▼, worked out as the app's store does; the bar is the candle's bucket and OHLC),",
    "and of that run the oldest. Until 2026-11-29 21:00 the mark was left out: a move within the cent",
    "changes only the mark, and such a change was charged to the first of every earlier event of that cent",
    "(the coin list's p99 read 2.01 s at 17:36; counting the mark, 318 ms at 22:14). The page shows its newest value and",
    "changes nothing for an event that shows as it already does (a price equal to the cent): pairing the",
    "oldest look-alike instead charged later changes a delay the page never had (checked against the cell",
    "read directly). Older unpaired events are counted replaced (a newer one came before the page changed),",
    "and changes no new event explains (a redraw) are counted apart. Latency = the change's time − the event's",
    "`time` (its newest trade, sent by a fake at that moment): the service's feed, aggregation and the",
    "stream's four-a-second merge, the socket, the app's parser, store and render. The window starts",
    `${WARM_UP_MS / 1000} s after the page's stream opened (its first events replay the newest of everything);`,
    `its events are those that came by within it, their changes looked for until ${GRACE_MS / 1000} s after it.`,
    "Percentiles are nearest-rank.",
  ].join("\n");
}
