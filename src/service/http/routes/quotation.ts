// Endpoint 3: GET /v1/quotation/{symbol}.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { SymbolPathParams } from "../../../interface/parameters.ts";
import { QuotationSchema } from "../../../interface/resources.ts";
import type { ServiceContext } from "../../context.ts";
import { ApiError } from "../errors.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, readResponses, requireSymbol } from "./shared.ts";

const route = createRoute({
  method: "get",
  path: "/v1/quotation/{symbol}",
  operationId: "getQuotation",
  summary: "Quotation for a symbol",
  description:
    "Price is the MA120 filter across all exchanges at the newest block; volume covers the last 24 hours.",
  request: { params: SymbolPathParams },
  responses: { 200: cachedContent(QuotationSchema, "The quotation"), ...readResponses(400, 404) },
});

export function registerQuotation(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(route, async (c) => {
    const { symbol } = c.req.valid("param");
    requireSymbol(ctx, symbol);
    const quotation = await ctx.view.quotation(symbol);
    if (!quotation) throw new ApiError(404, `no trades of ${symbol} have been aggregated yet`);
    return respond(c, ctx.config.wire, quotation, "block");
  });
}
