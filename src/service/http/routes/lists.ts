// Endpoints 8, 9 and 10: GET /v1/coins, /v1/pairs and /v1/symbols.
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { CoinsSchema, PairsSchema, SymbolsSchema } from "../../../interface/resources.ts";
import type { ServiceContext } from "../../context.ts";
import { TOP_COINS } from "../../market/market-view.ts";
import { respond } from "../respond.ts";
import { errorResponses, jsonContent } from "./shared.ts";

const coins = createRoute({
  method: "get",
  path: "/v1/coins",
  summary: "All available coins",
  description:
    "Coins that traded over 1 USD in the last 24 hours, by market cap (coins without a known supply last): " +
    `the top ${TOP_COINS} with their figures, every one by name, and USD FX rates.`,
  responses: { 200: jsonContent(CoinsSchema, "Coins"), ...errorResponses() },
});

const pairs = createRoute({
  method: "get",
  path: "/v1/pairs",
  summary: "All available pairs",
  description: "Every pair on every exchange; `ignore` marks pairs whose trades the aggregation leaves out.",
  responses: { 200: jsonContent(PairsSchema, "Pairs"), ...errorResponses() },
});

const symbols = createRoute({
  method: "get",
  path: "/v1/symbols",
  summary: "All available symbols",
  responses: { 200: jsonContent(SymbolsSchema, "Symbols, alphabetical"), ...errorResponses() },
});

export function registerLists(app: OpenAPIHono, ctx: ServiceContext): void {
  const { pairs: marketPairs, symbols: symbolList } = ctx.view.market;
  const pairList = marketPairs.map(({ symbol, foreignName, exchange, ignore }) => ({
    symbol,
    foreignName,
    exchange,
    ignore,
  }));

  app.openapi(coins, (c) => {
    const ranking = ctx.view.ranking();
    return respond(c, ctx.config.wire, {
      completeCoinList: ranking.map(({ symbol, name }) => ({ symbol, name })),
      change: ctx.view.change(ctx.marketClock.now()),
      coins: ranking.slice(0, TOP_COINS),
    });
  });
  app.openapi(pairs, (c) => respond(c, ctx.config.wire, { pairs: pairList }));
  app.openapi(symbols, (c) => respond(c, ctx.config.wire, { symbols: symbolList }));
}
