// The candle part of bench:charts' section of BENCHMARKS.md: its targets and its table, from the runs of
// candle-bench.ts (the median of each figure over the runs).
import { median, table } from "../report.ts";
import { type CandleBenchResult, PAGES } from "./candle-bench.ts";

const ms = (value: number) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** A page's main-thread time: prependCandles itself, then the chart drawing it in the next frame. */
const pageMs = (r: CandleBenchResult, page: number) =>
  (r.prependMs[page] as number) + (r.prependPaintMs[page] as number);

export interface CandleSummary {
  n: number;
  runs: number;
  bytes: number;
  loadMs: number;
  detailMs: number;
  loadDecodeMs: number;
  loadSetDataMs: number;
  longestTaskMs: number;
  decodeMs: number;
  jsonParseSameBytesMs: number;
  pageCandles: number;
  /** Per page (1 to 10), the median over the runs of its main-thread time. */
  pageMs: number[];
  prependMs: number[];
  prependPaintMs: number[];
  worstPageMs: number;
  prependLongestTaskMs: number;
  paintedRuns: number;
  viewKeptRuns: number;
  candlesAfter: number;
}

export function summarizeCandles(results: CandleBenchResult[]): CandleSummary {
  const first = results[0];
  if (!first) throw new Error("no candle run");
  const of = (pick: (r: CandleBenchResult) => number) => median(results.map(pick));
  const pages = Array.from({ length: PAGES }, (_, page) => page);
  const perPage = pages.map((page) => of((r) => pageMs(r, page)));
  return {
    n: first.n,
    runs: results.length,
    bytes: first.bytes,
    loadMs: of((r) => r.loadMs),
    detailMs: of((r) => r.detailMs),
    loadDecodeMs: of((r) => r.loadDecodeMs),
    loadSetDataMs: of((r) => r.loadSetDataMs),
    longestTaskMs: of((r) => r.longestTaskMs),
    decodeMs: of((r) => r.decodeMs),
    jsonParseSameBytesMs: of((r) => r.jsonParseSameBytesMs),
    pageCandles: first.pageCandles,
    pageMs: perPage,
    prependMs: pages.map((page) => of((r) => r.prependMs[page] as number)),
    prependPaintMs: pages.map((page) => of((r) => r.prependPaintMs[page] as number)),
    // The worst page of each run, then the median run: one slow page in every run shows.
    worstPageMs: of((r) => Math.max(...pages.map((page) => pageMs(r, page)))),
    prependLongestTaskMs: of((r) => r.prependLongestTaskMs),
    paintedRuns: results.filter((r) => r.painted).length,
    viewKeptRuns: results.filter((r) => r.viewKept).length,
    candlesAfter: first.candlesAfter,
  };
}

export function candleTargets(s: CandleSummary): string[][] {
  const ratio = s.decodeMs / s.jsonParseSameBytesMs;
  return [
    [
      "Bytes-in → chart painted, 100k candles with volume",
      ms(s.loadMs),
      "≤ 400 ms",
      verdict(s.loadMs <= 400 && s.paintedRuns === s.runs),
    ],
    [
      "Longest main-thread task during the load, 100k candles",
      s.longestTaskMs === 0 ? "none ≥ 50 ms" : ms(s.longestTaskMs),
      "≤ 100 ms",
      verdict(s.longestTaskMs <= 100),
    ],
    [
      `Prepending ${PAGES} pages of history (${s.pageCandles.toLocaleString("en-US")} candles each), main thread per page, the worst`,
      ms(s.worstPageMs),
      "≤ 50 ms",
      verdict(s.worstPageMs <= 50 && s.viewKeptRuns === s.runs),
    ],
    [
      "Decode 100k candles: worker / JSON.parse of the same bytes (shown, no target)",
      `${ratio.toFixed(2)}×`,
      "—",
      "—",
    ],
  ];
}

export function candleSection(s: CandleSummary): string {
  return [
    "### Candles (this service's `candles` CSV, 1h buckets, with volume)",
    "",
    table(
      [
        "Candles",
        "Body",
        "Worker decode",
        "Baseline: JSON.parse of the same bytes",
        "Ratio",
        "Bytes-in → painted (decode + setCandles + frame)",
        "Bytes-in → detail drawn (second pass)",
        "Longest task (target ≤ 100 ms)",
        "Runs",
      ],
      [
        [
          `${s.n / 1000}k`,
          mib(s.bytes),
          ms(s.decodeMs),
          ms(s.jsonParseSameBytesMs),
          `${(s.decodeMs / s.jsonParseSameBytesMs).toFixed(2)}×`,
          `${ms(s.loadMs)} (${ms(s.loadDecodeMs)} + ${ms(s.loadSetDataMs)} + ${ms(s.loadMs - s.loadDecodeMs - s.loadSetDataMs)})`,
          s.detailMs > s.loadMs ? ms(s.detailMs) : "(one pass)",
          s.longestTaskMs === 0 ? "none ≥ 50 ms" : ms(s.longestTaskMs),
          String(s.runs),
        ],
      ],
    ),
    "",
    `Ten older pages put in front of the 100k candles, one after another (the view scrolled 20 bars before the first candle each time), ${s.pageCandles.toLocaleString("en-US")} candles a page (the 1h scale's own window, 90 days, as the chart page asks): main thread per page = \`prependCandles\` (merging the older candles as densely as the drawn ones, \`setData\` of the three series with them in front of the bars drawn, the view shifted; the candles held are joined to the pages only when read, here by the check between pages, untimed, as by the export in the app) + the chart's drawing in the next frame. Medians over the runs:`,
    "",
    table(
      ["Page", ...s.pageMs.map((_, i) => String(i + 1))],
      [
        ["prependCandles", ...s.prependMs.map(ms)],
        ["drawing (next frame)", ...s.prependPaintMs.map(ms)],
        ["main thread", ...s.pageMs.map(ms)],
      ],
    ),
    "",
    `Worst page of a run (median run): ${ms(s.worstPageMs)}; longest task over the ten: ${s.prependLongestTaskMs === 0 ? "none ≥ 50 ms" : ms(s.prependLongestTaskMs)}. ` +
      `Candles held after them: ${s.candlesAfter.toLocaleString("en-US")}. The view was kept (visible logical range shifted by exactly the bars drawn in front) in ${s.viewKeptRuns} of ${s.runs} runs; the candles' up colour was on the canvas in ${s.paintedRuns} of ${s.runs}.`,
  ].join("\n");
}
