// The endpoint table: every endpoint of the interface, once (our extensions beyond it have a table of their
// own, extension-endpoints.ts, joined to this one in ENDPOINTS). A row names the endpoint (the service's route
// module and the dashboard's query module carry the name; its OpenAPI operationId is the verb and the name),
// its method and path template, the schemas of its parameters and of its answer, and how long that answer
// lasts. The service's routes and OpenAPI operations, the dashboard's fetchers and the usage review's
// endpoint labels all take them from here; the service's own endpoints outside /v1 have their rows too
// (STATUS_ENDPOINT below, the operator's API in admin-endpoints.ts). No other product file writes an
// endpoint's path (lint/endpoint-paths.test.ts).
import type { z } from "zod";
import { EXTENSION_ENDPOINTS } from "./extension-endpoints.ts";
import {
  ChartPointsAllExchangesParams,
  ChartPointsParams,
  ChartPointsQuery,
  RateRangeQuery,
  RateTypeDateParams,
  RateTypeParams,
  SupplyPostQuery,
  SymbolPathParams,
} from "./parameters.ts";
import {
  CoinsSchema,
  InterestRateMetaListSchema,
  InterestRateSchema,
  InterestRatesSchema,
  PairsSchema,
  PointsSchema,
  QuotationSchema,
  SupplySchema,
  SymbolDetailsSchema,
  SymbolsSchema,
} from "./resources.ts";
import { StatusSchema } from "./status.ts";

/**
 * How long the service lets an answer be kept (its Cache-Control): `block`, until the 120-second block under
 * way ends, for market figures that change only with a block; `revalidate`, kept but asked again with its
 * validator, where a supply post or an issuer's fixing can change it at any moment.
 */
export type Lifetime = "block" | "revalidate";

/**
 * How long the dashboard takes an answer as fresh before it spends a request on it again: `block`, prices
 * (a block); `lists`, pairs and symbols (which the public service cached 100 minutes); `supply`; `rateTypes`;
 * `fixing`, the latest fixing hourly and one of a past date for ever.
 */
export type Freshness = "block" | "lists" | "supply" | "rateTypes" | "fixing";

/** A row of any endpoint table: what a route and a fetcher of one operation must agree on. */
export interface Operation {
  /** The route module's and the query module's name, in the dashboard's and the service's words. */
  name: string;
  operationId: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI's template: `{symbol}` is a path parameter. */
  path: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The JSON body a change sends. */
  body?: z.ZodType;
  /** The answer's schema (200, or 201 for what a request creates); none where the answer has no body. */
  resource?: z.ZodType;
}

/** A row of the interface's table: an operation of /v1, whose answers may be kept for a while. */
export interface Endpoint extends Operation {
  method: "get" | "post";
  resource: z.ZodType;
  lifetime: Lifetime;
  freshFor: Freshness;
  /** Beyond the interface document: our own endpoint in its style (marked so in the OpenAPI document). */
  extension?: true;
}

/** A fixing, or the array of fixings of a range (?dateInit=). */
const FIXING_OR_RANGE = InterestRateSchema.or(InterestRatesSchema);

/** The interface's own endpoints, as its document names them. */
export const INTERFACE_ENDPOINTS = {
  chartPoints: {
    name: "chart-points",
    operationId: "getChartPoints",
    method: "get",
    // The interface calls the exchange trading_place on the wire; everywhere else it is the exchange.
    path: "/v1/chartPoints/{filter}/{trading_place}/{symbol}",
    params: ChartPointsParams,
    query: ChartPointsQuery,
    resource: PointsSchema,
    lifetime: "block",
    freshFor: "block",
  },
  chartPointsAllExchanges: {
    name: "chart-points",
    operationId: "getChartPointsAllExchanges",
    method: "get",
    path: "/v1/chartPointsAllExchanges/{filter}/{symbol}",
    params: ChartPointsAllExchangesParams,
    query: ChartPointsQuery,
    resource: PointsSchema,
    lifetime: "block",
    freshFor: "block",
  },
  quotation: {
    name: "quotation",
    operationId: "getQuotation",
    method: "get",
    path: "/v1/quotation/{symbol}",
    params: SymbolPathParams,
    resource: QuotationSchema,
    lifetime: "block",
    freshFor: "block",
  },
  interestRate: {
    name: "interest-rate",
    operationId: "getInterestRate",
    method: "get",
    path: "/v1/interestrate/{rateType}",
    params: RateTypeParams,
    query: RateRangeQuery,
    resource: FIXING_OR_RANGE,
    lifetime: "revalidate",
    freshFor: "fixing",
  },
  interestRateOnDate: {
    name: "interest-rate",
    operationId: "getInterestRateOnDate",
    method: "get",
    path: "/v1/interestrate/{rateType}/{date}",
    params: RateTypeDateParams,
    query: RateRangeQuery,
    resource: FIXING_OR_RANGE,
    lifetime: "revalidate",
    freshFor: "fixing",
  },
  interestRateTypes: {
    name: "interest-rate-types",
    operationId: "getInterestRateTypes",
    method: "get",
    path: "/v1/interestrates",
    resource: InterestRateMetaListSchema,
    lifetime: "revalidate",
    freshFor: "rateTypes",
  },
  supply: {
    name: "supply",
    operationId: "getSupply",
    method: "get",
    path: "/v1/supply/{symbol}",
    params: SymbolPathParams,
    resource: SupplySchema,
    lifetime: "revalidate",
    freshFor: "supply",
  },
  supplyPost: {
    name: "supply",
    operationId: "postSupply",
    method: "post",
    path: "/v1/supply",
    // Or the same fields in a JSON or form body (read by the service, described by its OpenAPI document).
    query: SupplyPostQuery,
    resource: SupplySchema,
    lifetime: "revalidate",
    freshFor: "supply",
  },
  symbolDetails: {
    name: "symbol-details",
    operationId: "getSymbolDetails",
    method: "get",
    path: "/v1/symbol/{symbol}",
    params: SymbolPathParams,
    resource: SymbolDetailsSchema,
    // Its newest trades come from a live source as they happen.
    lifetime: "revalidate",
    freshFor: "block",
  },
  coins: {
    name: "coins",
    operationId: "getCoins",
    method: "get",
    path: "/v1/coins",
    resource: CoinsSchema,
    // Ranked by market cap, which a supply post changes.
    lifetime: "revalidate",
    freshFor: "block",
  },
  pairs: {
    name: "pairs",
    operationId: "getPairs",
    method: "get",
    path: "/v1/pairs",
    resource: PairsSchema,
    lifetime: "block",
    freshFor: "lists",
  },
  symbols: {
    name: "symbols",
    operationId: "getSymbols",
    method: "get",
    path: "/v1/symbols",
    resource: SymbolsSchema,
    lifetime: "block",
    freshFor: "lists",
  },
} as const satisfies Record<string, Endpoint>;

/**
 * Every endpoint under /v1: the interface's, then our extensions (extension-endpoints.ts), each row checked
 * here as an endpoint row. What serves, documents, asks for or counts every /v1 endpoint takes this list.
 */
export const ENDPOINTS = { ...INTERFACE_ENDPOINTS, ...EXTENSION_ENDPOINTS } satisfies Record<
  string,
  Endpoint
>;

/**
 * Our service's own health record (where the market and the rates come from, each exchange's health):
 * outside /v1 and the interface (the public service has none), so its shape is the dashboard's to read and
 * its answer is never kept.
 */
export const STATUS_ENDPOINT = {
  name: "status",
  operationId: "getStatus",
  method: "get",
  path: "/status",
  resource: StatusSchema,
} as const satisfies Operation;

type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof ParamsOf<Rest>]: string | number }
  : Record<never, string>;

/**
 * The path of `endpoint` with its parameters filled in, each encoded as one path segment, and the query
 * (entries whose value is undefined or null left out): pathOf(ENDPOINTS.quotation, { symbol: "BTC" }).
 */
export function pathOf<E extends Operation>(
  endpoint: E,
  params: ParamsOf<E["path"]>,
  query: Record<string, string | number | null | undefined> = {},
): string {
  const values = params as Record<string, string | number>;
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.operationId}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text === "" ? path : `${path}?${text}`;
}

/**
 * The service's own paths beside the tables' operations: its documentation, the two OpenAPI documents, its
 * metrics and its health, each written here once like an endpoint's path.
 */
export const SERVICE_PATHS = {
  /** The API's documentation (Swagger UI), and its assets under it. */
  docs: "/docs",
  /** The interface's OpenAPI document. */
  openApi: "/v1/openapi.json",
  /** The admin API's OpenAPI document, readable without an admin key. */
  adminOpenApi: "/admin/openapi.json",
  /** Prometheus's scrape. */
  metrics: "/metrics",
  /** Liveness and readiness, for load balancers and orchestrators. */
  liveness: "/healthz",
  readiness: "/readyz",
} as const;

/** An operation's method, path and operationId: what a route is declared with. */
export function routeOf<E extends Operation>(
  operation: E,
): { method: E["method"]; path: E["path"]; operationId: E["operationId"] } {
  return { method: operation.method, path: operation.path, operationId: operation.operationId };
}
