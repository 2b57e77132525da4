// Beyond the interface: GET /v1/provenance/{symbol}?time= — how a coin's block was made from the crowd
// (market/provenance.ts).
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import type { ServiceContext } from "../../context.ts";
import { blockProvenance } from "../../market/provenance.ts";
import { ApiError } from "../errors.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, EXTENSION, readResponses, requireSymbol } from "./shared.ts";

const route = createRoute({
  ...routeOf(ENDPOINTS.provenance),
  ...EXTENSION,
  summary: "How a coin's block was made from the crowd",
  description:
    "The 120-second block holding `time` (default: the newest): its figures across all exchanges, each " +
    "exchange's own block, its weight (share of the volume) and its MA120's distance from the aggregate's, " +
    "the exchanges that were quiet (no trades) or down (not connected; known for the newest block only), " +
    "and the trades the interquartile filter left out while the service still keeps them (the last hour).",
  request: { params: ENDPOINTS.provenance.params, query: ENDPOINTS.provenance.query },
  responses: {
    200: cachedContent(ENDPOINTS.provenance.resource, "The block's provenance"),
    ...readResponses(400, 404),
  },
});

export function registerProvenance(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(route, async (c) => {
    const { symbol } = c.req.valid("param");
    const { time } = c.req.valid("query");
    requireSymbol(ctx, symbol);
    const provenance = await blockProvenance(ctx, symbol, time);
    if (!provenance) {
      throw new ApiError(
        404,
        time === undefined
          ? `no block of ${symbol} has been aggregated yet`
          : `no block of ${symbol} holds time ${time} (before its history, or not aggregated yet)`,
      );
    }
    return respond(c, ctx.config.wire, provenance, ENDPOINTS.provenance.lifetime);
  });
}
