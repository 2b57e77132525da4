// The chart page's view state as it lives in the URL, so every chart is a shareable link and back/forward
// step through it; anything unreadable falls back to the default, and the defaults leave the address clean.
import {
  bucketOf,
  bucketSeconds,
  type CandleRequest,
  CHART_SCALES,
  type ChartRequest,
  type ChartScale,
  DEFAULT_WINDOW_SECONDS,
  MAX_CHART_POINTS,
} from "../../interface/chart-window.ts";
import { formatNumber } from "../format/numbers.ts";

export const CHART_FILTERS = ["MEDIR120", "MAIR120"] as const;
export type ChartFilter = (typeof CHART_FILTERS)[number];

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

/** Candles (open, high, low, close and volume of each bucket), or the line of a filter's values. */
export const CHART_VIEWS = ["candles", "line"] as const;
export type ChartView = (typeof CHART_VIEWS)[number];

/** Candles by default, but an address naming a filter and no view predates candles and means the line. */
export function impliedView(params: URLSearchParams): ChartView {
  return params.has("filter") ? "line" : "candles";
}

export interface ChartState {
  view: ChartView;
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

/** The presets one request can cover at a scale (MAX_CHART_POINTS); "all" at every scale (see rangeWindow). */
export function allowedRanges(scale: ChartScale): RangePreset[] {
  return RANGES.filter((range) => {
    const span = RANGE_SECONDS[range];
    return span === null || span / bucketSeconds(scale) <= MAX_CHART_POINTS;
  });
}

/** The scale returns all history in one request (1d, 1w): its "all" has no starttime and follows live. */
export function returnsAllHistory(scale: ChartScale): boolean {
  return DEFAULT_WINDOW_SECONDS[scale] === null;
}

/** How far back "all" reaches at a scale, in seconds; null where it is all history. */
export function allReachSeconds(scale: ChartScale): number | null {
  return returnsAllHistory(scale) ? null : MAX_CHART_POINTS * bucketSeconds(scale);
}

/** "139 days", "5.7 years": how far back "all" reaches at a scale; null where it is all history. */
export function describeAllReach(scale: ChartScale): string | null {
  const reach = allReachSeconds(scale);
  if (reach === null) return null;
  const days = reach / DAY;
  return days < 730 ? `${Math.round(days)} days` : `${(days / 365).toFixed(1)} years`;
}

/** The status line's words for a range: "last 7d", "all history", "last 139 days, as far back as …". */
export function describeRange(scale: ChartScale, range: RangePreset): string {
  if (range !== "all") return `last ${range}`;
  const reach = describeAllReach(scale);
  return reach === null ? "all history" : `last ${reach}, as far back as one request reaches`;
}

/** The "All" button's tooltip at a scale. */
export function allRangeTitle(scale: ChartScale): string {
  const reach = describeAllReach(scale);
  const name = scale === "raw" ? "raw" : `${scale} buckets`;
  return reach === null
    ? "All history"
    : `As far back as one request reaches: ${reach} at ${name} (${formatNumber(MAX_CHART_POINTS, 0, "en-US")} points)`;
}

/** The range a scale opens with: the window the service returns without a starttime. */
export function defaultRange(scale: ChartScale): RangePreset {
  const window = DEFAULT_WINDOW_SECONDS[scale];
  return RANGES.find((range) => RANGE_SECONDS[range] === window) ?? "all";
}

function oneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

export function readChartState(params: URLSearchParams): ChartState {
  const viewParam = params.get("view");
  const view = oneOf(CHART_VIEWS, viewParam) ? viewParam : impliedView(params);
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
  return { view, exchange, filter, scale, range, compare };
}

/**
 * New params with `change` applied. A scale that cannot show the current range, or whose "all" would be the
 * largest download there is, goes to its default range: picking a scale should not start that download.
 */
export function withChartState(params: URLSearchParams, change: Partial<ChartState>): URLSearchParams {
  const current = readChartState(params);
  const state: ChartState = { ...current, ...change };
  if (
    change.scale !== undefined &&
    change.range === undefined &&
    (!allowedRanges(state.scale).includes(state.range) ||
      (state.range === "all" && returnsAllHistory(current.scale) && !returnsAllHistory(state.scale)))
  ) {
    state.range = defaultRange(state.scale);
  }
  const next = new URLSearchParams(params);
  for (const name of ["view", "exchange", "filter", "scale", "range", "compare"]) next.delete(name);
  if (state.exchange !== null) next.set("exchange", state.exchange);
  if (state.filter !== DEFAULT_FILTER) next.set("filter", state.filter);
  // The view only when the rest of the address would not say it (see impliedView).
  if (state.view !== impliedView(next)) next.set("view", state.view);
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

/** The times a range asks for (Unix seconds); null: the service's own (no starttime; endtime now). */
export interface RangeWindow {
  starttime: number | null;
  /** null: up to now, refetched once a block while on screen (the live edge). */
  endtime: number | null;
}

/**
 * The window a range asks for at `now`, fixed while the range is on screen so a live refetch extends the
 * same series; "all" reaches as far back as one request can where the scale does not return all history.
 */
export function rangeWindow(scale: ChartScale, range: RangePreset, now: number): RangeWindow {
  const span = RANGE_SECONDS[range];
  if (span !== null) return { starttime: bucketOf(now - span, scale), endtime: null };
  if (returnsAllHistory(scale)) return { starttime: null, endtime: null };
  return { starttime: bucketOf(now, scale) - MAX_CHART_POINTS * bucketSeconds(scale), endtime: null };
}

/** The chart-points key of one series of the chart: the main one, or a compared exchange (null: all). */
export function chartKeyOf(
  symbol: string,
  state: ChartState,
  exchange: string | null,
  window: RangeWindow,
): ChartRequest {
  return {
    filter: state.filter,
    exchange,
    symbol,
    scale: state.scale,
    starttime: window.starttime,
    endtime: window.endtime,
  };
}

/** The candles key of one series of the chart: the main one, or a compared exchange (null: all). */
export function candleKeyOf(
  symbol: string,
  state: ChartState,
  exchange: string | null,
  window: RangeWindow,
): CandleRequest {
  return {
    exchange,
    symbol,
    scale: state.scale,
    starttime: window.starttime,
    endtime: window.endtime,
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
