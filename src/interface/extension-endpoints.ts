// The extension table: our own endpoints beyond the interface document, in its style and under /v1 — candles
// (OHLCV) per exchange and across exchanges, and how a block was made. Each row is an endpoint row like the
// interface's (endpoints.ts, which checks them as such and joins them to its own in ENDPOINTS, the one list
// of every /v1 endpoint) and is marked `extension`, as the OpenAPI document marks its operation.
import { z } from "zod";
import { LiveSubjectsSchema } from "./live-events.ts";
import { CandlesParams, ChartPointsQuery, ProvenanceQuery, SymbolPathParams } from "./parameters.ts";
import { ProvenanceSchema } from "./provenance.ts";
import { CandlesSchema } from "./resources.ts";

export const EXTENSION_ENDPOINTS = {
  candles: {
    name: "candles",
    operationId: "getCandles",
    method: "get",
    path: "/v1/candles/{trading_place}/{symbol}",
    params: CandlesParams,
    query: ChartPointsQuery,
    resource: CandlesSchema,
    lifetime: "block",
    freshFor: "block",
    extension: true,
  },
  candlesAllExchanges: {
    name: "candles",
    operationId: "getCandlesAllExchanges",
    method: "get",
    path: "/v1/candlesAllExchanges/{symbol}",
    params: SymbolPathParams,
    query: ChartPointsQuery,
    resource: CandlesSchema,
    lifetime: "block",
    freshFor: "block",
    extension: true,
  },
  provenance: {
    name: "provenance",
    operationId: "getProvenance",
    method: "get",
    path: "/v1/provenance/{symbol}",
    params: SymbolPathParams,
    query: ProvenanceQuery,
    resource: ProvenanceSchema,
    lifetime: "block",
    freshFor: "block",
    extension: true,
  },
} as const;

/** A stream's query: what it follows (live-events.ts reads it into subjects). */
export const StreamQuery = z.object({
  prices: z
    .string()
    .optional()
    .meta({ description: "`all` (every listed coin) or symbols, comma-separated", example: "BTC,ETH" }),
  trades: z
    .string()
    .optional()
    .meta({ description: "SYMBOL:Exchange, comma-separated", example: "BTC:Binance" }),
  candles: z.string().optional().meta({
    description:
      "SYMBOL:Exchange:scale, comma-separated; `all` for all exchanges; scales `block` (120 s) and 5m–1w",
    example: "BTC:all:5m",
  }),
});

/**
 * The live stream (Server-Sent Events) and the change of an open stream's subjects: operations rather than
 * endpoint rows, since nothing of them is cached and a stream is no JSON resource.
 */
export const LIVE_ENDPOINTS = {
  stream: {
    name: "stream",
    operationId: "openStream",
    method: "get",
    path: "/v1/stream",
    query: StreamQuery,
  },
  streamSubjects: {
    name: "stream",
    operationId: "setStreamSubjects",
    method: "put",
    path: "/v1/stream/{stream}/subjects",
    params: z.object({ stream: z.string().min(1).max(64) }),
    body: LiveSubjectsSchema,
    resource: LiveSubjectsSchema,
  },
} as const;
