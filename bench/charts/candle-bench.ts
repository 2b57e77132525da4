// The candle half of the chart benchmark's page (bench-page.ts hands it to bench/charts.bench.ts): makes a
// candles body of n candles with volume in this service's wire, then measures with the app's own code
// (PointsDecoder's worker, CandleChartModel): bytes-in → chart painted, the longest main-thread task meanwhile,
// the worker's decode against JSON.parse of the same bytes, and ten pages of older history put in front
// (what the chart page does as the reader scrolls back), each page's main-thread time and the view kept.

import { CandleChartModel } from "../../src/app/chart/candle-chart-model.ts";
import { pageSeconds } from "../../src/app/chart/history-pages.ts";
import { afterNextPaint } from "../../src/app/chart-models/series-drawing.ts";
import { PointsDecoder } from "../../src/app/decoding/chart-points/worker-points-decoder.ts";
import { emptyCandles, encodeCandles } from "../../src/interface/candles.ts";
import { bucketSeconds } from "../../src/interface/chart-window.ts";

/** 1h candles, as the chart page opens with; a page of history is that scale's own window (90 days). */
const SCALE = "1h" as const;
const STEP = bucketSeconds(SCALE);
export const PAGES = 10;
const START = 1_700_000_000 - (1_700_000_000 % STEP) + PAGES * pageSeconds(SCALE);
const UP = [0x0f, 0x7b, 0x45]; // FALLBACK_THEME's up colour

export interface CandleBenchResult {
  n: number;
  decoded: number;
  bytes: number;
  loadMs: number;
  detailMs: number;
  loadDecodeMs: number;
  loadSetDataMs: number;
  longestTaskMs: number;
  longTasks: number;
  painted: boolean;
  decodeMs: number;
  jsonParseSameBytesMs: number;
  /** Candles in each older page, and per page: prependCandles' own time, the drawing in the next frame. */
  pageCandles: number;
  prependMs: number[];
  prependPaintMs: number[];
  /** The longest main-thread task (≥ 50 ms) over the ten prepends; 0 when none. */
  prependLongestTaskMs: number;
  /** Whether every prepend kept the view: the visible logical range shifted by exactly the bars added. */
  viewKept: boolean;
  candlesAfter: number;
}

const now = () => performance.now();
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(now())));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Deterministic candles from `from` (a bucket index relative to START), a random walk around 95,000 USD. */
function makeCandles(from: number, n: number, seed: number): string {
  const c = emptyCandles();
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  let price = 95_000;
  for (let i = 0; i < n; i++) {
    const open = price;
    price *= 1 + (random() - 0.5) * 0.01;
    const buy = Math.round(random() * 5e8) / 1e8;
    const sell = Math.round(random() * 5e8) / 1e8;
    c.times.push(START + (from + i) * STEP);
    c.open.push(Number(open.toPrecision(9)));
    c.close.push(Number(price.toPrecision(9)));
    c.high.push(Number((Math.max(open, price) * (1 + random() * 0.003)).toPrecision(9)));
    c.low.push(Number((Math.min(open, price) * (1 - random() * 0.003)).toPrecision(9)));
    c.buyVolume.push(buy);
    c.sellVolume.push(sell);
    c.volume.push(Math.round((buy + sell) * 1e8) / 1e8);
    c.trades.push(1 + Math.floor(random() * 400));
  }
  return JSON.stringify({ candles: encodeCandles({ exchange: "Binance", symbol: "BTC" }, c) });
}

/** A JSON document of exactly `bytes` bytes that is not one long string: rows of numbers, padded. */
function sameBytesJson(bytes: number): string {
  const row = "[1700000000,95000.1234,95010.5,94990.25,95005.75,3.25,1.5,1.75,42],";
  const count = Math.floor((bytes - 2) / row.length);
  const text = `[${row.repeat(count).slice(0, -1)}]`;
  return text + " ".repeat(bytes - text.length);
}

/** The candle bars drawn (merged when there are many), read from the model for the view check only. */
function drawnBars(model: CandleChartModel): number {
  const entries = (
    model as unknown as { candles: Map<string, { bars: { drawn: { times: Float64Array } | null } }> }
  ).candles;
  return entries.get("main")?.bars.drawn?.times.length ?? 0;
}

function upDrawn(model: CandleChartModel): boolean {
  const canvas = model.screenshot();
  const context = canvas?.getContext("2d");
  if (!canvas || !context) return false;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < data.length; i += 4)
    if (UP.every((value, k) => Math.abs((data[i + k] ?? 0) - value) < 10)) return true;
  return false;
}

export async function runCandleBench(n: number, reps = 3): Promise<CandleBenchResult> {
  const encoder = new TextEncoder();
  const body = makeCandles(0, n, 0x9e3779b9);
  const loadBody = encoder.encode(body).buffer;
  const bytes = loadBody.byteLength;
  const decoder = new PointsDecoder();
  await decoder.decodeCandles(encoder.encode(makeCandles(0, 1, 1)).buffer);

  const container = document.getElementById("chart");
  if (!container) throw new Error("no #chart element");
  let detailScheduled = false;
  let detailDrawn = () => {};
  const detail = new Promise<void>((resolve) => {
    detailDrawn = resolve;
  });
  const model = new CandleChartModel(container, {
    afterPaint: (run) => {
      detailScheduled = true;
      return afterNextPaint(() => {
        run();
        detailDrawn();
      });
    },
  });
  model.setCandleSeries("main", { label: "Binance" });
  await frame();
  await frame();

  const tasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({ type: "longtask" });
  const t0 = now();
  const candles = await decoder.decodeCandles(loadBody);
  const t1 = now();
  model.setCandles("main", candles, "bench");
  const t2 = now();
  const t3 = await frame();
  let t4 = t3;
  if (detailScheduled) {
    await detail;
    t4 = await frame();
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  tasks.push(...observer.takeRecords());
  const during = tasks.filter((task) => task.startTime < t4 && task.startTime + task.duration > t0);
  const painted = upDrawn(model);

  // Ten pages of older history, as the chart page asks them: decoded in the worker (off the main thread),
  // put in front with the view scrolled back a little before the first candle.
  const pageCandles = pageSeconds(SCALE) / STEP;
  const timeScale = (model as unknown as { chart: import("lightweight-charts").IChartApi }).chart.timeScale();
  const prependMs: number[] = [];
  const prependPaintMs: number[] = [];
  let viewKept = true;
  const pageTasks: PerformanceEntry[] = [];
  tasks.length = 0;
  for (let page = 1; page <= PAGES; page++) {
    const older = await decoder.decodeCandles(
      encoder.encode(makeCandles(-page * pageCandles, pageCandles, page)).buffer,
    );
    timeScale.setVisibleLogicalRange({ from: -20, to: 280 });
    await frame();
    await frame();
    const before = timeScale.getVisibleLogicalRange();
    // shownCandles (the export's read) joins the pages held to the candles: here, outside the timed part.
    const barsBefore = model.shownCandles()[0]?.candles.times.length ?? 0;
    const drawnBefore = drawnBars(model);
    const p0 = now();
    model.prependCandles("main", older, "bench");
    prependMs.push(now() - p0);
    // This frame callback runs after the chart's own (asked for during the prepend): from the frame's start
    // to here is the chart's drawing of the new data.
    prependPaintMs.push(
      await new Promise<number>((resolve) => requestAnimationFrame((start) => resolve(now() - start))),
    );
    const after = timeScale.getVisibleLogicalRange();
    const added = (model.shownCandles()[0]?.candles.times.length ?? 0) - barsBefore;
    // The bars drawn in front: the older candles merged as densely as the drawn ones; the view moves by them.
    const shift = drawnBars(model) - drawnBefore;
    const kept =
      before !== null &&
      after !== null &&
      added === pageCandles &&
      shift > 0 &&
      Math.abs(after.from - before.from - shift) < 1e-6 &&
      Math.abs(after.to - before.to - shift) < 1e-6;
    if (!kept) viewKept = false;
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  pageTasks.push(...tasks, ...observer.takeRecords());
  observer.disconnect();

  const decodes: number[] = [];
  const parses: number[] = [];
  const baseline = sameBytesJson(bytes);
  for (let rep = -1; rep < reps; rep++) {
    const copy = encoder.encode(body).buffer;
    let started = now();
    await decoder.decodeCandles(copy);
    const decodeMs = now() - started;
    started = now();
    JSON.parse(baseline);
    const parseMs = now() - started;
    if (rep >= 0) {
      decodes.push(decodeMs);
      parses.push(parseMs);
    }
  }
  const candlesAfter = model.shownCandles()[0]?.candles.times.length ?? 0;
  model.dispose();
  decoder.dispose();
  return {
    n,
    decoded: candles.times.length,
    bytes,
    loadMs: t3 - t0,
    detailMs: t4 - t0,
    loadDecodeMs: t1 - t0,
    loadSetDataMs: t2 - t1,
    longestTaskMs: during.reduce((longest, task) => Math.max(longest, task.duration), 0),
    longTasks: during.length,
    painted,
    decodeMs: median(decodes),
    jsonParseSameBytesMs: median(parses),
    pageCandles,
    prependMs,
    prependPaintMs,
    prependLongestTaskMs: pageTasks.reduce((longest, task) => Math.max(longest, task.duration), 0),
    viewKept,
    candlesAfter,
  };
}
