// One series' chart points as a request asks them, for both chart-points endpoints and for symbol details'
// gfx1: the window the request answers (src/interface/chart-window.ts), the point cap, and the read through
// the chart cache. A request it cannot answer is a refusal that says how to narrow it, for the route to send.
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

export async function readChartSeries(sources: SeriesSources, request: SeriesRequest): Promise<SeriesAnswer> {
  const now = Math.floor(sources.marketClock.now() / 1000);
  const { from, to } = chartWindow(request.scale, request.starttime, request.endtime, now);
  if (from > to)
    return { refused: `query parameter 'starttime' (${from}) must not be after 'endtime' (${to})` };
  const step = bucketSeconds(request.scale);
  const tooMany = {
    refused:
      `this request would return more than ${MAX_CHART_POINTS} points; narrow it with starttime/endtime ` +
      `(at most ${MAX_CHART_POINTS * step} seconds at this scale) or use a larger scale`,
  };
  // Cheap refusal before touching the store when the range alone is far too long.
  if ((to - from) / step > MAX_CHART_POINTS * 1.5) return tooMany;
  const series = sources.store.seriesId(request.symbol, request.exchange);
  // A series not made yet (an exchange's pair before its first block) has no points.
  if (series === null) return { points: { times: [], values: [] } };
  const { filter, scale } = request;
  const query = { series, filter, from, to, scale, limit: MAX_CHART_POINTS + 1 };
  const points = await sources.charts.points(query, (await sources.view.latestBlockEnd()) ?? to);
  return points.times.length > MAX_CHART_POINTS ? tooMany : { points };
}
