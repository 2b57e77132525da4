// Endpoint 11: GET /v1/interestrates.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import type { ServiceContext } from "../../context.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, readResponses } from "./shared.ts";

const listRoute = createRoute({
  ...routeOf(ENDPOINTS.interestRateTypes),
  summary: "All available interest rates",
  description: "Every rate type with its first date, the decimals it is quoted with and its issuer.",
  responses: { 200: cachedContent(ENDPOINTS.interestRateTypes.resource, "Rate types"), ...readResponses() },
});

export function registerInterestRateTypes(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(listRoute, (c) =>
    respond(c, ctx.config.wire, ctx.rates.meta(), ENDPOINTS.interestRateTypes.lifetime),
  );
}
