// Endpoints 1 and 2: GET /v1/chartPoints/{filter}/{trading_place}/{symbol} and
// GET /v1/chartPointsAllExchanges/{filter}/{symbol}, with ?scale=&starttime=&endtime=.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import {
  CHART_SCALES,
  chartScaleOf,
  DEFAULT_WINDOW_SECONDS,
  MAX_CHART_POINTS,
} from "../../../interface/chart-window.ts";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import type { ServiceContext } from "../../context.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, chartSeries, readResponses, requireExchangeOf, requireSymbol } from "./shared.ts";

/** "1 day", "7 days", "1 year", "all history": a default window as the document says it. */
function reach(seconds: number | null): string {
  if (seconds === null) return "all history";
  const days = seconds / 86_400;
  return days === 365 ? "1 year" : days === 1 ? "1 day" : `${days} days`;
}

export const WINDOWS =
  `Default window when starttime is omitted: ${CHART_SCALES.map((scale) => `${scale} ${reach(DEFAULT_WINDOW_SECONDS[scale])}`).join(", ")}. ` +
  `A request that would return more than ${MAX_CHART_POINTS} points is refused with a 400 that says how to narrow it.`;

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
      await chartSeries(ctx, {
        symbol,
        exchange: trading_place,
        filter,
        ...query,
        scale: chartScaleOf(query.scale),
      }),
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
      await chartSeries(ctx, { symbol, exchange: null, filter, ...query, scale: chartScaleOf(query.scale) }),
      ENDPOINTS.chartPointsAllExchanges.lifetime,
    );
  });
}
