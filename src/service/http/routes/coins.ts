// Endpoint 8: GET /v1/coins.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ENDPOINTS, routeOf } from "../../../interface/endpoints.ts";
import type { ServiceContext } from "../../context.ts";
import { TOP_COINS } from "../../market/market-view.ts";
import { respond } from "../respond.ts";
import type { ServiceEnv } from "../service-env.ts";
import { cachedContent, readResponses } from "./shared.ts";

const coins = createRoute({
  ...routeOf(ENDPOINTS.coins),
  summary: "All available coins",
  description:
    "Coins that traded over 1 USD in the last 24 hours, by market cap (coins without a known supply last): " +
    `the top ${TOP_COINS} with their figures, every one by name, and USD FX rates.`,
  responses: { 200: cachedContent(ENDPOINTS.coins.resource, "Coins"), ...readResponses() },
});

export function registerCoins(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(coins, async (c) => {
    const ranking = await ctx.view.ranking();
    return respond(
      c,
      ctx.config.wire,
      {
        completeCoinList: ranking.map(({ symbol, name }) => ({ symbol, name })),
        change: ctx.view.change(ctx.marketClock.now()),
        coins: ranking.slice(0, TOP_COINS),
      },
      ENDPOINTS.coins.lifetime,
    );
  });
}
