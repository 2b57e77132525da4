// The chart page's view state as it lives in the URL (?exchange=&filter=&scale=&range=&compare=…), so every
// chart is a shareable link and back/forward step through it, and the chart-points keys made from it.
// Anything unreadable falls back to the default; the defaults leave the address clean.
import {
  BLOCK_SECONDS,
  bucketStart,
  DEFAULT_WINDOW_SECONDS,
  MAX_CHART_POINTS,
  SCALE_SECONDS,
  SCALES,
  type Scale,
} from "../../../interface/vocabulary.ts";
import type { ChartPointsKey } from "../../queries/query-keys.ts";

export const CHART_FILTERS = ["MEDIR120", "MAIR120"] as const;
export type ChartFilter = (typeof CHART_FILTERS)[number];

export const CHART_SCALES = ["raw", ...SCALES] as const;
export type ChartScale = (typeof CHART_SCALES)[number];

const DAY = 86_400;
export const RANGE_SECONDS = {
  "1d": DAY,
  "7d": 7 * DAY,
  "30d": 30 * DAY,
  "90d": 90 * DAY,
  "1y": 365 * DAY,
  all: null,
};
export type RangePreset = keyof typeof RANGE_SECONDS;
export const RANGES = Object.keys(RANGE_SECONDS) as RangePreset[];

/** The all-exchanges series in `compare` (and the way the URL names it). */
export const ALL = "all";

export interface ChartState {
  /** null: all exchanges. */
  exchange: string | null;
  filter: ChartFilter;
  scale: ChartScale;
  range: RangePreset;
  /** Extra series: exchange names, null for all exchanges; never the main series, each once. */
  compare: (string | null)[];
}

export const DEFAULT_FILTER: ChartFilter = "MEDIR120";
export const DEFAULT_SCALE: ChartScale = "1h";

/** Seconds between two points of `scale`. */
export function scaleSeconds(scale: ChartScale): number {
  return scale === "raw" ? BLOCK_SECONDS : SCALE_SECONDS[scale];
}

/**
 * The presets a scale can answer in one request: at most MAX_CHART_POINTS points; "all" only where the
 * service answers all history without a starttime (1d, 1w).
 */
export function allowedRanges(scale: ChartScale): RangePreset[] {
  return RANGES.filter((range) => {
    const span = RANGE_SECONDS[range];
    if (span === null) return DEFAULT_WINDOW_SECONDS[scale] === null;
    return span / scaleSeconds(scale) <= MAX_CHART_POINTS;
  });
}

/** The range a scale opens with: the window the service would answer without a starttime. */
export function defaultRange(scale: ChartScale): RangePreset {
  const window = DEFAULT_WINDOW_SECONDS[scale];
  return RANGES.find((range) => RANGE_SECONDS[range] === window) ?? "all";
}

function oneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

export function readChartState(params: URLSearchParams): ChartState {
  const exchangeParam = params.get("exchange");
  const exchange =
    exchangeParam === null || exchangeParam === "" || exchangeParam === ALL ? null : exchangeParam;
  const filterParam = params.get("filter");
  const filter = oneOf(CHART_FILTERS, filterParam) ? filterParam : DEFAULT_FILTER;
  const scaleParam = params.get("scale");
  const scale = oneOf(CHART_SCALES, scaleParam) ? scaleParam : DEFAULT_SCALE;
  const rangeParam = params.get("range");
  const range = oneOf(allowedRanges(scale), rangeParam) ? rangeParam : defaultRange(scale);
  const compare: (string | null)[] = [];
  for (const value of params.getAll("compare")) {
    if (value === "") continue;
    const series = value === ALL ? null : value;
    if (series === exchange || compare.includes(series)) continue;
    compare.push(series);
  }
  return { exchange, filter, scale, range, compare };
}

/**
 * New params with `change` applied. A scale that cannot show the current range goes to its own default
 * range; a compared series that becomes the main one leaves the compare list.
 */
export function withChartState(params: URLSearchParams, change: Partial<ChartState>): URLSearchParams {
  const current = readChartState(params);
  const state: ChartState = { ...current, ...change };
  if (
    change.scale !== undefined &&
    change.range === undefined &&
    !allowedRanges(state.scale).includes(state.range)
  ) {
    state.range = defaultRange(state.scale);
  }
  const next = new URLSearchParams(params);
  for (const name of ["exchange", "filter", "scale", "range", "compare"]) next.delete(name);
  if (state.exchange !== null) next.set("exchange", state.exchange);
  if (state.filter !== DEFAULT_FILTER) next.set("filter", state.filter);
  if (state.scale !== DEFAULT_SCALE) next.set("scale", state.scale);
  if (state.range !== defaultRange(state.scale)) next.set("range", state.range);
  const compared = new Set<string | null>();
  for (const series of state.compare) {
    if (series === state.exchange || compared.has(series)) continue;
    compared.add(series);
    next.append("compare", series ?? ALL);
  }
  return next;
}

/**
 * The first time a range asks for, from `now` (Unix seconds) back over the preset, at the start of its
 * bucket; null for "all". Fixed while the range is on screen, so a live refetch extends the same series.
 */
export function rangeStart(scale: ChartScale, range: RangePreset, now: number): number | null {
  const span = RANGE_SECONDS[range];
  if (span === null) return null;
  const from = now - span;
  return scale === "raw"
    ? Math.floor(from / BLOCK_SECONDS) * BLOCK_SECONDS
    : bucketStart(from, scale as Scale);
}

/** The chart-points key of one series of the chart: the main one, or a compared exchange (null: all). */
export function chartKeyOf(
  symbol: string,
  state: ChartState,
  exchange: string | null,
  starttime: number | null,
): ChartPointsKey {
  return {
    filter: state.filter,
    exchange,
    symbol,
    scale: state.scale === "raw" ? null : state.scale,
    starttime,
    endtime: null,
  };
}

/** What the legend calls a series. */
export function seriesLabel(exchange: string | null): string {
  return exchange ?? "All exchanges";
}

/** The model's id of a series: "main", or "compare:<exchange or all>". */
export function seriesIdOf(exchange: string | null, main: boolean): string {
  return main ? "main" : `compare:${exchange ?? ALL}`;
}
