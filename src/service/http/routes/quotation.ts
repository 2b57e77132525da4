// Endpoint 3: GET /v1/quotation/{symbol}.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import type { ServiceContext } from "../../context.ts";
import { ApiError } from "../errors.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, readResponses, requireSymbol } from "./shared.ts";

const route = createRoute({
  ...routeOf(ENDPOINTS.quotation),
  summary: "Quotation for a symbol",
  description:
    "Price is the MA120 filter across all exchanges at the newest block; volume covers the last 24 hours. " +
    "Before a real market stored a coin's first block: its newest trade's price or newest 1-minute candle " +
    "close, whichever is newer, with priceYesterday and volumeYesterdayUSD null.",
  request: { params: ENDPOINTS.quotation.params },
  responses: {
    200: cachedContent(ENDPOINTS.quotation.resource, "The quotation"),
    ...readResponses(400, 404),
  },
});

export function registerQuotation(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(route, async (c) => {
    const { symbol } = c.req.valid("param");
    requireSymbol(ctx, symbol);
    const [quotation, stored] = await Promise.all([
      ctx.view.quotation(symbol, ctx.source),
      ctx.view.hasStoredBlock(symbol),
    ]);
    if (!quotation) throw new ApiError(404, `no trades of ${symbol} have been aggregated yet`);
    if (stored) return respond(c, ctx.config.wire, quotation, ENDPOINTS.quotation.lifetime);
    // A first price changes with the next trade: neither cached here nor by a client past a revalidation.
    return respond(c, ctx.config.wire, quotation, "revalidate", false);
  });
}
