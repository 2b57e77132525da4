// The chart window: which points a chart-points request covers, for the service's routes, the dashboard's
// query and its chart page alike. The scale has one form here and everywhere it is passed on: "raw" for the
// 120-second block values, which the wire alone writes by leaving the scale out. Then the window each scale
// answers without a starttime, the point cap, and the path of a request.
import { ENDPOINTS, pathOf } from "./endpoints.ts";
import { BLOCK_SECONDS, bucketStart, type Filter, SCALE_SECONDS, SCALES, type Scale } from "./vocabulary.ts";

/** A chart's scale: a bucket size, or "raw", the block values themselves. */
export type ChartScale = Scale | "raw";
export const CHART_SCALES: readonly ChartScale[] = ["raw", ...SCALES];

const DAY = 86_400;

/**
 * How far back a request reaches when it names no starttime: a few thousand points at most; null, all
 * history.
 */
export const DEFAULT_WINDOW_SECONDS: Record<ChartScale, number | null> = {
  raw: DAY,
  "5m": 7 * DAY,
  "30m": 30 * DAY,
  "1h": 90 * DAY,
  "4h": 365 * DAY,
  "1d": null,
  "1w": null,
};

/** A request that would answer more points than this gets a 400 that says how to narrow it. */
export const MAX_CHART_POINTS = 100_000;

/** Seconds between two points of `scale`. */
export function bucketSeconds(scale: ChartScale): number {
  return scale === "raw" ? BLOCK_SECONDS : SCALE_SECONDS[scale];
}

/** Start of the bucket of `scale` that holds `t` (Unix seconds); raw buckets are the blocks. */
export function bucketOf(t: number, scale: ChartScale): number {
  return scale === "raw" ? Math.floor(t / BLOCK_SECONDS) * BLOCK_SECONDS : bucketStart(t, scale);
}

/** The scale a request names on the wire (none: raw). */
export function chartScaleOf(wire: Scale | undefined): ChartScale {
  return wire ?? "raw";
}

/** The seconds [from, to] a request answers: to is endtime or now; from is starttime or the scale's window. */
export function chartWindow(
  scale: ChartScale,
  starttime: number | undefined,
  endtime: number | undefined,
  now: number,
): { from: number; to: number } {
  const to = endtime ?? now;
  const window = DEFAULT_WINDOW_SECONDS[scale];
  return { from: starttime ?? (window === null ? 0 : to - window), to };
}

/** One series' chart points asked for: the dashboard's query key, the path it is asked at. */
export interface ChartRequest {
  filter: Filter;
  /** null: across all exchanges (chartPointsAllExchanges). */
  exchange: string | null;
  symbol: string;
  scale: ChartScale;
  starttime: number | null;
  endtime: number | null;
}

/** The path a request is asked at: one exchange's endpoint or all exchanges', the scale left out for raw. */
export function chartPointsPath(request: ChartRequest): string {
  const { filter, symbol, scale, starttime, endtime } = request;
  const query = { scale: scale === "raw" ? null : scale, starttime, endtime };
  return request.exchange === null
    ? pathOf(ENDPOINTS.chartPointsAllExchanges, { filter, symbol }, query)
    : pathOf(ENDPOINTS.chartPoints, { filter, trading_place: request.exchange, symbol }, query);
}

/** One series' candles asked for: a chart request without a filter (candles are the block's own figures). */
export type CandleRequest = Omit<ChartRequest, "filter">;

/** The path candles are asked at: one exchange's endpoint or all exchanges', the scale left out for raw. */
export function candlesPath(request: CandleRequest): string {
  const { symbol, scale, starttime, endtime } = request;
  const query = { scale: scale === "raw" ? null : scale, starttime, endtime };
  return request.exchange === null
    ? pathOf(ENDPOINTS.candlesAllExchanges, { symbol }, query)
    : pathOf(ENDPOINTS.candles, { trading_place: request.exchange, symbol }, query);
}

/**
 * A request up to now from `starttime`, held to MAX_CHART_POINTS buckets by an endtime when it would reach
 * about that far (the service refuses a request over the cap, and its clock may be a bucket ahead of the
 * asker's). Any other request as it is.
 */
export function cappedRequest<R extends CandleRequest>(request: R, now: number): R {
  if (request.starttime === null || request.endtime !== null) return request;
  const step = bucketSeconds(request.scale);
  const end = request.starttime + MAX_CHART_POINTS * step - 1;
  return end < now + 2 * step ? { ...request, endtime: end } : request;
}
