// One series' chart points or candles as a request asks them, for both chart-points endpoints, symbol
// details' gfx1 and both candle endpoints: the window the request answers (src/interface/chart-window.ts),
// the cap, and the read (points through the chart cache). A request it cannot answer is a refusal that says
// how to narrow it, for the route to send.
import { type CandleColumns, emptyCandles } from "../../interface/candles.ts";
import {
  bucketSeconds,
  type ChartScale,
  chartWindow,
  MAX_CHART_POINTS,
} from "../../interface/chart-window.ts";
import type { Filter } from "../../interface/vocabulary.ts";
import type { Clock } from "../clock.ts";
import type { PointColumns, Store } from "../store/store.ts";
import type { ChartCache } from "./chart-cache.ts";
import type { MarketView } from "./market-view.ts";

export interface SeriesRequest {
  symbol: string;
  /** null: across all exchanges. */
  exchange: string | null;
  filter: Filter;
  scale: ChartScale;
  starttime?: number | undefined;
  endtime?: number | undefined;
}

/** What the series is read from: the service's context has them all. */
export interface SeriesSources {
  marketClock: Clock;
  store: Pick<Store, "seriesId">;
  charts: Pick<ChartCache, "points">;
  view: Pick<MarketView, "latestBlockEnd">;
}

/** The points, oldest first, or why the request is refused (a client's mistake: a 400). */
export type SeriesAnswer = { points: PointColumns } | { refused: string };

/** The window [from, to] a series request answers, or why it is refused before reading anything. */
function seriesWindow(
  request: Pick<SeriesRequest, "scale" | "starttime" | "endtime">,
  now: number,
  what = "points",
): { from: number; to: number } | { refused: string } {
  const { from, to } = chartWindow(request.scale, request.starttime, request.endtime, now);
  if (from > to)
    return { refused: `query parameter 'starttime' (${from}) must not be after 'endtime' (${to})` };
  // Cheap refusal before touching the store when the range alone is far too long.
  if ((to - from) / bucketSeconds(request.scale) > MAX_CHART_POINTS * 1.5)
    return tooMany(request.scale, what);
  return { from, to };
}

function tooMany(scale: ChartScale, what = "points"): { refused: string } {
  return {
    refused:
      `this request would return more than ${MAX_CHART_POINTS} ${what}; narrow it with starttime/endtime ` +
      `(at most ${MAX_CHART_POINTS * bucketSeconds(scale)} seconds at this scale) or use a larger scale`,
  };
}

export async function readChartSeries(sources: SeriesSources, request: SeriesRequest): Promise<SeriesAnswer> {
  const window = seriesWindow(request, Math.floor(sources.marketClock.now() / 1000));
  if ("refused" in window) return window;
  const series = sources.store.seriesId(request.symbol, request.exchange);
  // A series not made yet (an exchange's pair before its first block) has no points.
  if (series === null) return { points: { times: [], values: [] } };
  const { filter, scale } = request;
  const query = { series, filter, ...window, scale, limit: MAX_CHART_POINTS + 1 };
  const points = await sources.charts.points(query, (await sources.view.latestBlockEnd()) ?? window.to);
  return points.times.length > MAX_CHART_POINTS ? tooMany(scale) : { points };
}

/** A series' candles asked for: a series request without a filter. */
export type CandleSeriesRequest = Omit<SeriesRequest, "filter">;

/** The candles, oldest first, or why the request is refused (a 400), in the same window and cap as points. */
export type CandleAnswer = { candles: CandleColumns } | { refused: string };

export async function readCandleSeries(
  sources: Pick<SeriesSources, "marketClock"> & { store: Pick<Store, "seriesId" | "candles"> },
  request: CandleSeriesRequest,
): Promise<CandleAnswer> {
  const window = seriesWindow(request, Math.floor(sources.marketClock.now() / 1000), "candles");
  if ("refused" in window) return window;
  const series = sources.store.seriesId(request.symbol, request.exchange);
  if (series === null) return { candles: emptyCandles() };
  const candles = await sources.store.candles({
    series,
    ...window,
    scale: request.scale,
    limit: MAX_CHART_POINTS + 1,
  });
  return candles.times.length > MAX_CHART_POINTS ? tooMany(request.scale, "candles") : { candles };
}
