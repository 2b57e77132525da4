// Where the market's numbers come from, told to every client: an `X-Market-Source` header on every /v1
// response (so the dashboard learns it without spending a request of its budget), and GET /status with each
// exchange's health and the rates' source (src/interface/status.ts), outside /v1 and its rate limit.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { STATUS_ENDPOINT } from "../../interface/endpoints.ts";
import type { Status } from "../../interface/status.ts";
import type { ServiceContext } from "../context.ts";
import type { SourceStatus } from "../market/trade-source.ts";
import type { ServiceEnv } from "./service-env.ts";

export const MARKET_SOURCE_HEADER = "X-Market-Source";

/**
 * `simulator`, `simulator; fallback` (the exchanges could not be reached: see market-choice.ts), or
 * `exchanges; live=7; total=10` (exchanges connected now, of those read).
 */
export function marketSourceHeader(source: SourceStatus, fallback: string | null = null): string {
  if (!source.liveExchanges) return fallback === null ? source.kind : `${source.kind}; fallback`;
  const { live, total } = source.liveExchanges();
  return `${source.kind}; live=${live}; total=${total}`;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function registerStatus(app: OpenAPIHono<ServiceEnv>, ctx: ServiceContext): void {
  app.get(STATUS_ENDPOINT.path, async (c) => {
    const latest = await ctx.view.latestBlockEnd();
    const exchanges = (ctx.source.health?.() ?? []).map((h) => ({
      name: h.name,
      connected: h.connected,
      pairs: h.pairs,
      lastTradeTime: iso(h.lastTradeMs),
      tradesTaken: h.tradesTaken,
      tradesPerMinute: Math.round(h.tradesPerMinute * 10) / 10,
      reconnects: h.reconnects,
      filledOverRest: h.filledOverRest,
      droppedLate: h.droppedLate,
      droppedDuplicate: h.droppedDuplicate,
      backfill: h.backfill,
    }));
    c.header("Cache-Control", "no-store");
    const status: Status = {
      market: {
        source: ctx.source.kind,
        fallback: ctx.config.marketFallback,
        latestBlockEnd: iso(latest === null ? null : latest * 1000),
        exchanges,
      },
      rates: ctx.ratesStatus(),
    };
    return c.json(status);
  });
}
