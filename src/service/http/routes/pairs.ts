// Endpoint 9: GET /v1/pairs.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import type { ServiceContext } from "../../context.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, readResponses } from "./shared.ts";

const pairs = createRoute({
  ...routeOf(ENDPOINTS.pairs),
  summary: "All available pairs",
  description: "Every pair on every exchange; `ignore` marks pairs whose trades the aggregation leaves out.",
  responses: { 200: cachedContent(ENDPOINTS.pairs.resource, "Pairs"), ...readResponses() },
});

export function registerPairs(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  // The market's pairs never change while the service runs: the list is made once.
  const pairList = ctx.view.market.pairs.map(({ symbol, foreignName, exchange, ignore }) => ({
    symbol,
    foreignName,
    exchange,
    ignore,
  }));
  app.openapi(pairs, (c) => respond(c, ctx.config.wire, { pairs: pairList }, ENDPOINTS.pairs.lifetime));
}
