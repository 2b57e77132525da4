// The extension table: our own endpoints beyond the interface document, in its style and under /v1 — candles
// (OHLCV) per exchange and across exchanges, and how a block was made. Each row is an endpoint row like the
// interface's (endpoints.ts, which checks them as such and joins them to its own in ENDPOINTS, the one list
// of every /v1 endpoint) and is marked `extension`, as the OpenAPI document marks its operation.
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
