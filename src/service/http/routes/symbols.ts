// Endpoint 10: GET /v1/symbols.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import type { ServiceContext } from "../../context.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, readResponses } from "./shared.ts";

const symbols = createRoute({
  ...routeOf(ENDPOINTS.symbols),
  summary: "All available symbols",
  responses: { 200: cachedContent(ENDPOINTS.symbols.resource, "Symbols, alphabetical"), ...readResponses() },
});

export function registerSymbols(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  const symbolList = ctx.view.market.symbols;
  app.openapi(symbols, (c) =>
    respond(c, ctx.config.wire, { symbols: symbolList }, ENDPOINTS.symbols.lifetime),
  );
}
