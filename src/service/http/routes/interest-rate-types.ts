// Endpoint 11: GET /v1/interestrates.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { InterestRateMetaListSchema } from "../../../interface/resources.ts";
import type { ServiceContext } from "../../context.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, readResponses } from "./shared.ts";

const listRoute = createRoute({
  method: "get",
  path: "/v1/interestrates",
  operationId: "getInterestRateTypes",
  summary: "All available interest rates",
  description: "Every rate type with its first date, the decimals it is quoted with and its issuer.",
  responses: { 200: cachedContent(InterestRateMetaListSchema, "Rate types"), ...readResponses() },
});

export function registerInterestRateTypes(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(listRoute, (c) => respond(c, ctx.config.wire, ctx.rates.meta()));
}
