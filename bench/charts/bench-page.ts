// The chart benchmark's page (driven by bench/charts.bench.ts in headless Chromium): makes a chart points
// body of n points in either wire, then measures, with the app's own code (PointsDecoder and its worker,
// the chart page's CandleChartModel drawing a line): bytes-in → chart painted, the longest main-thread task
// meanwhile, the JS heap before and after, and the worker's decode time against JSON.parse of a JSON
// document of the same number of bytes. Nothing goes over the network: the body is made here, before any
// clock starts.

import { CandleChartModel } from "../../src/app/chart/candle-chart-model.ts";
import { afterNextPaint } from "../../src/app/chart-models/series-drawing.ts";
import { PointsDecoder } from "../../src/app/decoding/chart-points/worker-points-decoder.ts";
import { influxPoints } from "../../src/app/decoding/testing/wire-samples.ts";
import { encodeDataPoints } from "../../src/interface/data-points.ts";
import type { DiaPoints } from "../../src/interface/dia-wire.ts";
import { runCandleBench } from "./candle-bench.ts";

export type Wire = "csv" | "influx";

export interface BenchResult {
  wire: Wire;
  /** Points asked for, and points the decoder gave back. */
  n: number;
  decoded: number;
  bytes: number;
  /** The first decode of a tiny body on a fresh decoder: the worker's start. */
  workerStartMs: number;
  /** Bytes in the page → decoded by the worker → setPoints → the next animation frame (chart drawn). */
  loadMs: number;
  /** Bytes in the page → the second pass with every point drawn and painted (= loadMs when there is none). */
  detailMs: number;
  loadDecodeMs: number;
  loadSetDataMs: number;
  /** The longest main-thread long task (≥ 50 ms) overlapping the load, both passes; 0 when there was none. */
  longestTaskMs: number;
  longTasks: number;
  /**
   * usedJSHeapSize (Chromium counts ArrayBuffers in it) after a forced GC: chart ready and the body's bytes
   * in the page, then after the load (the bytes gone to the worker; typed arrays and chart data kept).
   */
  heapBefore: number;
  heapAfter: number;
  /** Whether the chart's canvas shows the series' colour after the load. */
  painted: boolean;
  /** Median over `reps` (after `warmupRounds` untimed rounds) of the worker decode and the two JSON.parse. */
  decodeMs: number;
  jsonParseSameBytesMs: number;
  jsonParseBodyMs: number;
  baselineBytes: number;
  warmupRounds: number;
}

/**
 * Rows the decoder reads before its rounds are timed: JSON.parse is native code, always at full speed,
 * while the worker's decoder is JavaScript that V8 optimises only after it has run for a while. The first,
 * cold decode is in the bytes-in → painted figure; the ratio compares the two at full speed.
 */
const WARM_ROWS = 100_000;

const SERIES = { exchange: "Binance", filter: "MEDIR120", symbol: "BTC" } as const;
const START = 1_700_000_040; // a multiple of 120 s, as the service's raw points are
const STEP = 120;
const ACCENT = [0x2f, 0x5b, 0xea]; // FALLBACK_THEME's first series colour

/** Deterministic prices: a random walk around 95 000 USD, full double precision like the filters' output. */
function makePoints(n: number): { times: Float64Array; values: Float64Array } {
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  let price = 95_000;
  for (let i = 0; i < n; i++) {
    times[i] = START + i * STEP;
    price *= 1 + (random() - 0.5) * 0.002;
    values[i] = price;
  }
  return { times, values };
}

/** This service's body exactly as src/service/http/wire.ts writes it, or the public service's InfluxDB wire. */
function makeBody(n: number, wire: Wire): string {
  const { times, values } = makePoints(n);
  if (wire === "csv") return `{"dataPoints":"${encodeDataPoints(SERIES, times, values, "\\n")}"}`;
  return influxBody(times, values, n);
}

function influxBody(times: Float64Array, values: Float64Array, count: number): string {
  const rows: [number, number][] = new Array(count);
  for (let i = 0; i < count; i++) rows[i] = [times[i] as number, values[i] as number];
  const body: DiaPoints = influxPoints(SERIES, rows);
  return JSON.stringify(body);
}

/**
 * A JSON document of exactly `bytes` bytes: the InfluxDB wire of as many points as fit, padded with
 * trailing spaces. For the InfluxDB wire it is the body itself.
 */
function sameBytesJson(n: number, wire: Wire, body: string, bytes: number): string {
  if (wire === "influx") return body;
  const { times, values } = makePoints(n);
  let count = n;
  let text = influxBody(times, values, count);
  while (text.length > bytes) {
    count = Math.max(1, Math.floor((count * bytes) / text.length) - 1);
    text = influxBody(times, values, count);
  }
  return text + " ".repeat(bytes - text.length);
}

const now = () => performance.now();
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(now())));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function heapUsed(): number {
  return (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
}

/** Whether some pixel of the chart has the series' colour (the line is drawn). */
function seriesDrawn(model: CandleChartModel): boolean {
  const canvas = model.screenshot();
  const context = canvas?.getContext("2d");
  if (!canvas || !context) return false;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < data.length; i += 4) {
    if (
      Math.abs((data[i] ?? 0) - (ACCENT[0] ?? 0)) < 8 &&
      Math.abs((data[i + 1] ?? 0) - (ACCENT[1] ?? 0)) < 8 &&
      Math.abs((data[i + 2] ?? 0) - (ACCENT[2] ?? 0)) < 8
    )
      return true;
  }
  return false;
}

async function runBench(n: number, wire: Wire, reps = 3): Promise<BenchResult> {
  const encoder = new TextEncoder();
  // The body as the transport hands it over: UTF-8 bytes in an ArrayBuffer, transferred to the worker (so
  // the page holds one copy before the load and none after; the decode rounds below make it again).
  const loadBody = encoder.encode(makeBody(n, wire)).buffer;
  const bytes = loadBody.byteLength;

  const decoder = new PointsDecoder();
  const tiny = encoder.encode(`{"dataPoints":"${encodeDataPoints(SERIES, [START], [1], "\\n")}"}`);
  let started = now();
  await decoder.decode(tiny.buffer.slice(0));
  const workerStartMs = now() - started;

  const container = document.getElementById("chart");
  if (!container) throw new Error("no #chart element");
  // The app's own second pass (after the next paint), watched so the load ends when it has been painted.
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
  model.setSeries("main", { label: SERIES.exchange, kind: "line", colourIndex: 0 });
  await frame();
  await frame();

  collectGarbage();
  await sleep(50);
  const heapBefore = heapUsed();

  const tasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({ type: "longtask" });

  const t0 = now();
  const points = await decoder.decode(loadBody);
  const t1 = now();
  model.setPoints("main", points, "bench");
  const t2 = now();
  const t3 = await frame();
  let t4 = t3;
  if (detailScheduled) {
    await detail;
    t4 = await frame();
  }

  await sleep(300); // long task entries are reported after the task
  tasks.push(...observer.takeRecords());
  observer.disconnect();
  const during = tasks.filter((task) => task.startTime < t4 && task.startTime + task.duration > t0);
  const longestTaskMs = during.reduce((longest, task) => Math.max(longest, task.duration), 0);
  const painted = seriesDrawn(model);
  collectGarbage();
  await sleep(50);
  const heapAfter = heapUsed();
  const decoded = points.times.length;

  // Decode against JSON.parse, interleaved, after untimed rounds of each (WARM_ROWS).
  const bodyText = makeBody(n, wire);
  const bodyBytes = encoder.encode(bodyText);
  const baseline = sameBytesJson(n, wire, bodyText, bytes);
  const decodes: number[] = [];
  const parsesSame: number[] = [];
  const parsesBody: number[] = [];
  const warmupRounds = Math.max(1, Math.ceil(WARM_ROWS / n));
  for (let rep = -warmupRounds; rep < reps; rep++) {
    const copy = bodyBytes.buffer.slice(0);
    started = now();
    await decoder.decode(copy);
    const decodeMs = now() - started;
    started = now();
    JSON.parse(baseline);
    const sameMs = now() - started;
    started = now();
    JSON.parse(bodyText);
    const bodyMs = now() - started;
    if (rep >= 0) {
      decodes.push(decodeMs);
      parsesSame.push(sameMs);
      parsesBody.push(bodyMs);
    }
  }

  model.dispose();
  decoder.dispose();
  return {
    wire,
    n,
    decoded,
    bytes,
    workerStartMs,
    loadMs: t3 - t0,
    detailMs: t4 - t0,
    loadDecodeMs: t1 - t0,
    loadSetDataMs: t2 - t1,
    longestTaskMs,
    longTasks: during.length,
    heapBefore,
    heapAfter,
    painted,
    decodeMs: median(decodes),
    jsonParseSameBytesMs: median(parsesSame),
    jsonParseBodyMs: median(parsesBody),
    baselineBytes: encoder.encode(baseline).byteLength,
    warmupRounds,
  };
}

declare global {
  interface Window {
    runBench: typeof runBench;
    runCandleBench: typeof runCandleBench;
  }
}

window.runBench = runBench;
window.runCandleBench = runCandleBench;
document.body.dataset.ready = "true";
