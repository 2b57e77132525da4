// Endpoints 1 and 2: GET /v1/chartPoints/{filter}/{trading_place}/{symbol} and
// GET /v1/chartPointsAllExchanges/{filter}/{symbol}, with ?scale=&starttime=&endtime=.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import {
  bucketSeconds,
  CHART_SCALES,
  chartScaleOf,
  chartWindow,
  DEFAULT_WINDOW_SECONDS,
  MAX_CHART_POINTS,
} from "../../../interface/chart-window.ts";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
import type { Filter, Scale } from "../../../interface/vocabulary.ts";
import type { ServiceContext } from "../../context.ts";
import { ApiError } from "../errors.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { ChartSeries } from "../wire.ts";
import { cachedContent, readResponses, requireExchangeOf, requireSymbol, routeOf } from "./shared.ts";

/** "1 day", "7 days", "1 year", "all history": a default window as the document says it. */
function reach(seconds: number | null): string {
  if (seconds === null) return "all history";
  const days = seconds / 86_400;
  return days === 365 ? "1 year" : days === 1 ? "1 day" : `${days} days`;
}

const WINDOWS =
  `Default window when starttime is omitted: ${CHART_SCALES.map((scale) => `${scale} ${reach(DEFAULT_WINDOW_SECONDS[scale])}`).join(", ")}. ` +
  `A request that would return more than ${MAX_CHART_POINTS} points is refused with a 400 that says how to narrow it.`;

export interface ChartRequest {
  symbol: string;
  exchange: string | null;
  filter: Filter;
  scale?: Scale | undefined;
  starttime?: number | undefined;
  endtime?: number | undefined;
}

/** Reads one series' points for a request, enforcing the window rules and the point cap. */
export async function chartSeries(ctx: ServiceContext, request: ChartRequest): Promise<ChartSeries> {
  const now = Math.floor(ctx.marketClock.now() / 1000);
  const chartScale = chartScaleOf(request.scale);
  const scale = chartScale === "raw" ? null : chartScale;
  const { from, to } = chartWindow(chartScale, request.starttime, request.endtime, now);
  if (from > to) {
    throw new ApiError(400, `query parameter 'starttime' (${from}) must not be after 'endtime' (${to})`);
  }
  const step = bucketSeconds(chartScale);
  const tooMany = () =>
    new ApiError(
      400,
      `this request would return more than ${MAX_CHART_POINTS} points; narrow it with starttime/endtime ` +
        `(at most ${MAX_CHART_POINTS * step} seconds at this scale) or use a larger scale`,
    );
  // Cheap refusal before touching the store when the range alone is far too long.
  if ((to - from) / step > MAX_CHART_POINTS * 1.5) throw tooMany();
  const key = { filter: request.filter, exchange: request.exchange, symbol: request.symbol };
  const series = ctx.store.seriesId(request.symbol, request.exchange);
  // A series not made yet (an exchange's pair before its first block) has no points.
  if (series === null) return new ChartSeries(key, scale, [], []);
  const query = { series, filter: request.filter, from, to, scale, limit: MAX_CHART_POINTS + 1 };
  const points = await ctx.charts.points(query, (await ctx.view.latestBlockEnd()) ?? to);
  if (points.times.length > MAX_CHART_POINTS) throw tooMany();
  return new ChartSeries(key, scale, points.times, points.values);
}

const perExchange = createRoute({
  ...routeOf(ENDPOINTS.chartPoints),
  summary: "Chart points for one symbol at one exchange",
  description: `Filter values of one (symbol, exchange) series. ${WINDOWS}`,
  request: { params: ENDPOINTS.chartPoints.params, query: ENDPOINTS.chartPoints.query },
  responses: {
    200: cachedContent(ENDPOINTS.chartPoints.resource, "Chart points, oldest first"),
    ...readResponses(400, 404),
  },
});

const allExchanges = createRoute({
  ...routeOf(ENDPOINTS.chartPointsAllExchanges),
  summary: "Chart points for a symbol across all exchanges",
  description: `Filter values computed over the trades of every exchange. ${WINDOWS}`,
  request: {
    params: ENDPOINTS.chartPointsAllExchanges.params,
    query: ENDPOINTS.chartPointsAllExchanges.query,
  },
  responses: {
    200: cachedContent(ENDPOINTS.chartPoints.resource, "Chart points, oldest first"),
    ...readResponses(400, 404),
  },
});

export function registerChartPoints(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(perExchange, async (c) => {
    const { filter, trading_place, symbol } = c.req.valid("param");
    const query = c.req.valid("query");
    requireSymbol(ctx, symbol);
    requireExchangeOf(ctx, symbol, trading_place);
    return respond(
      c,
      ctx.config.wire,
      await chartSeries(ctx, { symbol, exchange: trading_place, filter, ...query }),
      ENDPOINTS.chartPoints.lifetime,
    );
  });
  app.openapi(allExchanges, async (c) => {
    const { filter, symbol } = c.req.valid("param");
    const query = c.req.valid("query");
    requireSymbol(ctx, symbol);
    return respond(
      c,
      ctx.config.wire,
      await chartSeries(ctx, { symbol, exchange: null, filter, ...query }),
      ENDPOINTS.chartPointsAllExchanges.lifetime,
    );
  });
}
