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
    `the top ${TOP_COINS} with their figures, every one by name, and USD FX rates. ` +
    "In a real market's first minutes, a coin without a stored block yet is listed at its newest trade's " +
    "price or newest 1-minute candle close, whichever is newer, with priceYesterday and volumeYesterdayUSD null.",
  responses: { 200: cachedContent(ENDPOINTS.coins.resource, "Coins"), ...readResponses() },
});

export function registerCoins(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.openapi(coins, async (c) => {
    const [ranking, provisional] = await Promise.all([
      ctx.view.ranking(ctx.source),
      ctx.view.provisional(ctx.source),
    ]);
    // A provisional list (a coin at its first price, or none yet while the exchanges are read) changes with
    // the next trade, not only at the next block: it is not cached, so a coin shows within a request of its
    // first trade.
    return respond(
      c,
      ctx.config.wire,
      {
        completeCoinList: ranking.map(({ symbol, name }) => ({ symbol, name })),
        change: ctx.view.change(ctx.marketClock.now()),
        coins: ranking.slice(0, TOP_COINS),
      },
      ENDPOINTS.coins.lifetime,
      !provisional,
    );
  });
}
