// npm run bench:charts — the chart points path of the chart page in headless Chromium, for 10k, 100k and
// 1M points in both wires, with the app's own code (PointsDecoder and its worker as Vite bundles them,
// ChartModel over lightweight-charts) on a bench page (bench/charts/, built into .bench/charts). Each
// figure beside a baseline measured in the same run: the worker's decode against JSON.parse of a JSON
// document of the same number of bytes; bytes-in → chart painted; the longest main-thread task during that
// load (PerformanceObserver 'longtask'); the JS heap after the load against before it.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { extname, join, normalize } from "node:path";
import type { Browser } from "@playwright/test";
import { launchBenchBrowser } from "./browser.ts";
import type { BenchResult, Wire } from "./charts/bench-page.ts";
import type { CandleBenchResult } from "./charts/candle-bench.ts";
import { candleSection, candleTargets, summarizeCandles } from "./charts/candle-report.ts";
import { median, table, writeSection } from "./report.ts";

const ROOT = ".bench/charts";
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const RUNS_1M = Number(process.env.BENCH_RUNS_1M ?? 3);
// BENCH_SIZES=10000,100000 measures only those (a trial run: BENCHMARKS.md is left as it is).
const SIZES = process.env.BENCH_SIZES?.split(",").map(Number) ?? [10_000, 100_000, 1_000_000];
const RUNS_CANDLES = Number(process.env.BENCH_RUNS_CANDLES ?? 5);
// BENCH_ONLY=candles (or points) measures only that half (a trial run: BENCHMARKS.md is left as it is).
const ONLY = process.env.BENCH_ONLY;
const TRIAL = process.env.BENCH_SIZES !== undefined || ONLY !== undefined;
const WIRES: { wire: Wire; name: string }[] = [
  { wire: "csv", name: 'this service ({"dataPoints": CSV})' },
  { wire: "influx", name: "public service (InfluxDB results, newest first)" },
];
const log = (line: string) => console.log(`bench: ${line}`);
if (!existsSync(join(ROOT, "index.html"))) {
  throw new Error(
    `${ROOT} is not built: run npx vite build --config bench/charts/vite.config.ts --logLevel warn first`,
  );
}

// The built page, served as files: no other route, nothing the timing depends on.
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
};
const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
  const file = join(ROOT, path === "/" ? "index.html" : path);
  if (!file.startsWith(normalize(ROOT)) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
  response.end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
log(`bench page at ${base}`);
const loadAtStart = loadavg()[0] ?? 0;

const browser: Browser = await launchBenchBrowser(["--enable-precise-memory-info", "--js-flags=--expose-gc"]);
const browserVersion = browser.version();

/** One measurement on a fresh page (own heap, own worker, own chart). */
async function measure(n: number, wire: Wire, reps: number): Promise<BenchResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector("body[data-ready=true]");
    // A string, not a function: tsx would wrap a function in helpers the page does not have.
    return (await page.evaluate(`window.runBench(${n}, ${JSON.stringify(wire)}, ${reps})`)) as BenchResult;
  } finally {
    await context.close();
  }
}

/** A size and wire over its runs: the median of each measured figure, and how many runs drew the series. */
type Summary = Omit<BenchResult, "painted"> & { runs: number; paintedRuns: number };

const summaries: Summary[] = [];
for (const n of ONLY === "candles" ? [] : SIZES) {
  for (const { wire } of WIRES) {
    const runs = n >= 1_000_000 ? RUNS_1M : RUNS;
    const reps = n >= 1_000_000 ? 2 : 3;
    const results: BenchResult[] = [];
    for (let run = 0; run < runs; run++) results.push(await measure(n, wire, reps));
    const first = results[0];
    if (!first) throw new Error(`no run of ${n} ${wire}`);
    const summary: Summary = { ...first, runs, paintedRuns: results.filter((r) => r.painted).length };
    for (const field of Object.keys(first) as (keyof BenchResult)[]) {
      if (typeof first[field] === "number")
        (summary as unknown as Record<string, number>)[field] = median(results.map((r) => Number(r[field])));
    }
    summaries.push(summary);
    log(
      `${n} ${wire}: ${(summary.bytes / 2 ** 20).toFixed(1)} MiB, decode ${summary.decodeMs.toFixed(1)} ms vs JSON.parse ${summary.jsonParseSameBytesMs.toFixed(1)} ms; painted after ${summary.loadMs.toFixed(0)} ms (${summary.paintedRuns}/${runs} drawn); longest task ${summary.longestTaskMs.toFixed(0)} ms; heap ${mib(summary.heapBefore)} → ${mib(summary.heapAfter)}`,
    );
  }
}
/** One run of the candle benchmark on a fresh page. */
async function measureCandles(n: number): Promise<CandleBenchResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector("body[data-ready=true]");
    return (await page.evaluate(`window.runCandleBench(${n}, 3)`)) as CandleBenchResult;
  } finally {
    await context.close();
  }
}
const candleRuns: CandleBenchResult[] = [];
for (let run = 0; run < (ONLY === "points" ? 0 : RUNS_CANDLES); run++) {
  const result = await measureCandles(100_000);
  candleRuns.push(result);
  log(
    `candles 100k run ${run + 1}: painted after ${result.loadMs.toFixed(0)} ms (decode ${result.loadDecodeMs.toFixed(0)}, setCandles ${result.loadSetDataMs.toFixed(0)}), longest task ${result.longestTaskMs.toFixed(0)} ms; pages ${result.prependMs.map((p, i) => `${p.toFixed(0)}+${(result.prependPaintMs[i] as number).toFixed(0)}`).join(" ")} ms; view kept ${result.viewKept}`,
  );
}
const candles = candleRuns.length > 0 ? summarizeCandles(candleRuns) : null;
await browser.close();
server.close();

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}
const ms = (value: number) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const count = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
const wireName = (wire: Wire) => (wire === "csv" ? "CSV wire" : "InfluxDB wire");
const ratio = (s: Summary) => s.decodeMs / s.jsonParseSameBytesMs;
const longest = (s: Summary) => (s.longestTaskMs === 0 ? "none ≥ 50 ms" : ms(s.longestTaskMs));

const targets: string[][] = [];
for (const s of summaries) {
  targets.push([
    `Decode ${count(s.n)} points, ${wireName(s.wire)}: worker / JSON.parse of the same bytes`,
    `${ratio(s).toFixed(2)}×`,
    "≤ 1.5×",
    verdict(ratio(s) <= 1.5),
  ]);
}
for (const s of summaries.filter((s) => s.n === 100_000)) {
  targets.push([
    `Bytes-in → chart painted, 100k points, ${wireName(s.wire)}`,
    ms(s.loadMs),
    "≤ 500 ms",
    verdict(s.loadMs <= 500 && s.paintedRuns === s.runs),
  ]);
}
for (const s of summaries) {
  targets.push([
    `Longest main-thread task during the load, ${count(s.n)} points, ${wireName(s.wire)}`,
    longest(s),
    "≤ 100 ms",
    verdict(s.longestTaskMs <= 100),
  ]);
}

const perWire = WIRES.map(({ wire, name }) => {
  const rows = summaries.filter((s) => s.wire === wire);
  return [
    `### ${name}`,
    "",
    table(
      [
        "Points",
        "Body",
        "Worker decode",
        "Baseline: JSON.parse of the same bytes",
        "Ratio (target ≤ 1.5×)",
        "JSON.parse of the body itself",
        "Bytes-in → painted (decode + setPoints + frame)",
        "Bytes-in → every point drawn (second pass painted)",
        "Longest task (target ≤ 100 ms)",
        "JS heap before → after load",
        "Runs",
      ],
      rows.map((s) => [
        count(s.n),
        mib(s.bytes),
        ms(s.decodeMs),
        ms(s.jsonParseSameBytesMs),
        `${ratio(s).toFixed(2)}×`,
        ms(s.jsonParseBodyMs),
        `${ms(s.loadMs)} (${ms(s.loadDecodeMs)} + ${ms(s.loadSetDataMs)} + ${ms(s.loadMs - s.loadDecodeMs - s.loadSetDataMs)})`,
        s.detailMs > s.loadMs ? ms(s.detailMs) : "(one pass)",
        `${longest(s)}${s.longTasks > 0 ? ` (${s.longTasks} long)` : ""}`,
        `${mib(s.heapBefore)} → ${mib(s.heapAfter)} (${s.heapAfter >= s.heapBefore ? "+" : "−"}${mib(Math.abs(s.heapAfter - s.heapBefore))})`,
        String(s.runs),
      ]),
    ),
  ].join("\n");
});

const workerStart = median(summaries.map((s) => s.workerStartMs));
const undrawn = summaries.filter((s) => s.paintedRuns < s.runs);
if (TRIAL) {
  log("a trial run (BENCH_SIZES): BENCHMARKS.md left as it is");
  process.exit(0);
}
writeSection(
  "charts",
  "npm run bench:charts",
  [
    `Headless ${browserVersion.startsWith("HeadlessChrome") ? browserVersion : `Chromium ${browserVersion}`}, a ${1200}×${600} chart, the app's PointsDecoder (its Web Worker bundled by Vite as in the app) and ChartModel (one line series; conflation and minBarSpacing as the model sets them). Points every 120 s, a random walk around 95,000 USD at full double precision, made in the page before any clock starts; no network. Candles: 100,000 1h candles with volume in this service's candles CSV (8 MiB), the same PointsDecoder worker and a CandleChartModel (candlesticks, volume and buying volume: three series), then ten older pages put in front as the chart page does when the reader scrolls back; no CDP throttling (as for the points: the work measured is on the page, not the network).`,
    "",
    "### Targets",
    "",
    table(
      ["What", "Measured", "Target", "Verdict"],
      [...targets, ...(candles ? candleTargets(candles) : [])],
    ),
    "",
    ...perWire.flatMap((section) => [section, ""]),
    ...(candles ? [candleSection(candles), ""] : []),
    "### How it is measured",
    "",
    `Load average (1 min) at the start: ${loadAtStart.toFixed(1)}, at the end: ${(loadavg()[0] ?? 0).toFixed(1)}, on ${cpus().length} CPUs: other work on the machine inflates the absolute times; each ratio's two sides are measured interleaved on the same page.`,
    "",
    `Each run is a fresh page (own heap, worker and chart); the figures are the median of ${RUNS} runs (${RUNS_1M} at 1M). ` +
      "Bytes-in → painted: from the body's bytes (an ArrayBuffer, as the transport hands it over) in the page, " +
      "through `PointsDecoder.decode` (transferred to the worker and back as typed arrays), `ChartModel.setPoints` " +
      "(`series.setData`, conflation, fit), to the next animation frame (lightweight-charts draws in the frame before it). " +
      "The worker is already started (a tiny decode first, as once the page has decoded a chart; its start took a median " +
      `${ms(workerStart)}). A series of more points than two per pixel column goes on in two passes (see src/app/chart-models/series-drawing.ts): ` +
      "painted is the first pass, the whole range as lows and highs per column; every point drawn is the second, after that paint. " +
      "Longest task: long tasks (≥ 50 ms) on the main thread overlapping that load, from the bytes to the second pass painted; " +
      "work in the worker is not on the main thread. Heap: `performance.memory.usedJSHeapSize` after a forced GC, chart created and body in the page, " +
      "then after the load (Chromium counts ArrayBuffers in it: before holds the body's bytes, after the decoded typed " +
      "arrays, the body having been transferred to the worker, and the chart's own data). " +
      "Decode: after the load, untimed rounds until the worker's decoder has read 100,000 rows (10 rounds at 10k, " +
      "1 at 100k and 1M: JSON.parse is native code at full speed from the start, the decoder is JavaScript that V8 " +
      "optimises as it runs; the cold first decode is inside bytes-in → painted), then " +
      "3 (2 at 1M) timed rounds, interleaved, of the worker decode (bytes → typed arrays on the page, round trip included) " +
      "and of `JSON.parse` on the main thread of a string of the same number of bytes: for the InfluxDB wire the body " +
      "itself, for the CSV wire a JSON document of InfluxDB rows of the same points cut to fit and padded to the same length " +
      "(JSON.parse of the CSV body itself only reads one long string, shown beside it)." +
      (undrawn.length > 0
        ? ` **The series' colour was not found on the canvas in some runs:** ${undrawn.map((s) => `${count(s.n)} ${s.wire} ${s.paintedRuns}/${s.runs}`).join(", ")}.`
        : " Every run's canvas showed the series."),
  ].join("\n"),
);
log("wrote BENCHMARKS.md");
