// Endpoint 7: GET /v1/symbol/{symbol}.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import type { ServiceContext } from "../../context.ts";
import { ApiError } from "../errors.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, chartSeries, readResponses, requireSymbol } from "./shared.ts";

const route = createRoute({
  ...routeOf(ENDPOINTS.symbolDetails),
  summary: "Symbol details",
  description:
    "The coin's figures, its rank by market cap, per-exchange prices with the last 10 trades, USD FX rates, " +
    "and gfx1: MA120 chart points across all exchanges over the last 24 hours.",
  request: { params: ENDPOINTS.symbolDetails.params },
  responses: {
    200: cachedContent(ENDPOINTS.symbolDetails.resource, "Symbol details"),
    ...readResponses(400, 404),
  },
});

export function registerSymbolDetails(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(route, async (c) => {
    const { symbol } = c.req.valid("param");
    requireSymbol(ctx, symbol);
    const coin = await ctx.view.coin(symbol, ctx.source);
    if (!coin) throw new ApiError(404, `no trades of ${symbol} have been aggregated yet`);
    const [gfx1, rank, exchanges] = await Promise.all([
      chartSeries(ctx, { symbol, exchange: null, filter: "MA120", scale: "raw" }),
      ctx.view.rank(symbol, ctx.source),
      ctx.view.exchanges(symbol),
    ]);
    const details = { change: ctx.view.change(ctx.marketClock.now()), coin, rank, exchanges, gfx1 };
    // A live source's newest trades show at once, so its responses are not cached until the next block.
    return respond(
      c,
      ctx.config.wire,
      details,
      ENDPOINTS.symbolDetails.lifetime,
      ctx.source.closeGraceMs === undefined,
    );
  });
}
