// Beyond the interface: GET /v1/candles/{trading_place}/{symbol} and GET /v1/candlesAllExchanges/{symbol},
// with ?scale=&starttime=&endtime= as the chart points have them. Candles (OHLCV) of the same series the
// filters are computed over, in the style of `dataPoints`.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { encodeCandles } from "../../../interface/candles.ts";
import { chartScaleOf } from "../../../interface/chart-window.ts";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import type { ServiceContext } from "../../context.ts";
import { type CandleSeriesRequest, readCandleSeries } from "../../market/chart-series.ts";
import { ApiError } from "../errors.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { WINDOWS } from "./chart-points.ts";
import { cachedContent, EXTENSION, readResponses, requireExchangeOf, requireSymbol } from "./shared.ts";

const perExchange = createRoute({
  ...routeOf(ENDPOINTS.candles),
  ...EXTENSION,
  summary: "Candles (OHLCV) for one symbol at one exchange",
  description:
    "Open, high, low and close (USD prices of the first, highest, lowest and last trade), volume, buy and " +
    "sell volume (coins, by the taker's side) and the number of trades of each block or bucket with trades. " +
    WINDOWS.replaceAll("points", "candles"),
  request: { params: ENDPOINTS.candles.params, query: ENDPOINTS.candles.query },
  responses: {
    200: cachedContent(ENDPOINTS.candles.resource, "Candles, oldest first"),
    ...readResponses(400, 404),
  },
});

const allExchanges = createRoute({
  ...routeOf(ENDPOINTS.candlesAllExchanges),
  ...EXTENSION,
  summary: "Candles (OHLCV) for a symbol across all exchanges",
  description:
    "The candles of every exchange's trades together, the series the crowd's filters are computed over. " +
    WINDOWS.replaceAll("points", "candles"),
  request: { params: ENDPOINTS.candlesAllExchanges.params, query: ENDPOINTS.candlesAllExchanges.query },
  responses: {
    200: cachedContent(ENDPOINTS.candlesAllExchanges.resource, "Candles, oldest first"),
    ...readResponses(400, 404),
  },
});

async function candlesOf(ctx: ServiceContext, request: CandleSeriesRequest): Promise<{ candles: string }> {
  const read = await readCandleSeries(ctx, request);
  if ("refused" in read) throw new ApiError(400, read.refused);
  return { candles: encodeCandles({ exchange: request.exchange, symbol: request.symbol }, read.candles) };
}

export function registerCandles(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(perExchange, async (c) => {
    const { trading_place, symbol } = c.req.valid("param");
    const query = c.req.valid("query");
    requireSymbol(ctx, symbol);
    requireExchangeOf(ctx, symbol, trading_place);
    const request = { symbol, exchange: trading_place, ...query, scale: chartScaleOf(query.scale) };
    return respond(c, ctx.config.wire, await candlesOf(ctx, request), ENDPOINTS.candles.lifetime);
  });
  app.openapi(allExchanges, async (c) => {
    const { symbol } = c.req.valid("param");
    const query = c.req.valid("query");
    requireSymbol(ctx, symbol);
    const request = { symbol, exchange: null, ...query, scale: chartScaleOf(query.scale) };
    return respond(c, ctx.config.wire, await candlesOf(ctx, request), ENDPOINTS.candlesAllExchanges.lifetime);
  });
}
