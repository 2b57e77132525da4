// Pieces several route modules share: the common error responses of the OpenAPI description, the
// lookups that turn a path symbol or exchange into a 404 that names what exists, and a chart series read for
// a response (chart points, symbol details' gfx1).
import { ErrorRecordSchema } from "../../../interface/resources.ts";
import type { ServiceContext } from "../../context.ts";
import { readChartSeries, type SeriesRequest } from "../../market/chart-series.ts";
import { ApiError } from "../errors.ts";
import { ChartSeries } from "../wire.ts";

const errorContent = { "application/json": { schema: ErrorRecordSchema } };

/** The error responses of a route: those named, 429, and the rest of the error table as the default. */
export const errorResponses = (...statuses: (400 | 401 | 404 | 413 | 415)[]) => {
  const described: Record<number | "default", { description: string; content: typeof errorContent }> = {
    429: { description: "Over the fair-usage limit (Retry-After, RateLimit headers)", content: errorContent },
    default: {
      description:
        "Any other status of the error table (a malformed request 400, an unissued X-Api-Key 401, 405, 408, 431, 500)",
      content: errorContent,
    },
  };
  const text = {
    400: "A malformed or out-of-range parameter; the message names it",
    401: "Missing or wrong key",
    404: "Unknown symbol, exchange, rate type or date",
    413: "Body too large",
    415: "A body that is neither JSON nor a form; the message names the types read",
  };
  for (const s of statuses) described[s] = { description: text[s], content: errorContent };
  return described;
};

export const jsonContent = <T>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const VALIDATOR_HEADERS = {
  ETag: {
    description:
      "A strong validator of this response in its coding; send it back as If-None-Match to be told 304 if nothing changed",
    schema: { type: "string" as const, example: '"k3Xf0Qm2bP9sTzL1aW8c-br"' },
  },
  "Cache-Control": {
    description:
      "How long the response may be cached: `public, max-age=<seconds until the next block ends>` for market figures, `public, no-cache` (keep, but revalidate) where a supply post or a fixing can change it",
    schema: { type: "string" as const, example: "public, max-age=87" },
  },
};

/** A GET's 200: JSON with its validator and lifetime (http/response-writer.ts). */
export const cachedContent = <T>(schema: T, description: string) => ({
  ...jsonContent(schema, description),
  headers: VALIDATOR_HEADERS,
});

/** A GET's other responses: 304 to a matching If-None-Match (counted like any request), and the errors. */
export const readResponses = (...statuses: Parameters<typeof errorResponses>) => ({
  304: {
    description:
      "Not modified: the If-None-Match sent names this response. No body; the same validator, lifetime and RateLimit headers. Counted against the fair-usage limit like any request",
    headers: VALIDATOR_HEADERS,
  },
  ...errorResponses(...statuses),
});

/** A 404 for a symbol the service does not know; symbols are case-sensitive, so suggest the right case. */
export function requireSymbol(ctx: ServiceContext, symbol: string): void {
  if (ctx.view.isKnownSymbol(symbol)) return;
  const upper = symbol.toUpperCase();
  const hint = ctx.view.isKnownSymbol(upper)
    ? ` (symbols are case-sensitive: did you mean ${upper}?)`
    : "; GET /v1/symbols lists them";
  throw new ApiError(404, `unknown symbol '${symbol}'${hint}`);
}

/** A 404 unless the exchange trades the symbol; names the exchanges that do. */
export function requireExchangeOf(ctx: ServiceContext, symbol: string, exchange: string): void {
  const exchanges = ctx.view.exchangeNamesOf(symbol);
  if (exchanges.includes(exchange)) return;
  const match = exchanges.find((e) => e.toLowerCase() === exchange.toLowerCase());
  const hint = match ? `did you mean ${match}?` : `exchanges trading ${symbol}: ${exchanges.join(", ")}`;
  throw new ApiError(404, `exchange '${exchange}' has no ${symbol} market (${hint})`);
}

/**
 * What marks an operation beyond the interface document in the OpenAPI document: its own tag, and the
 * vendor extension `x-extension` that a client generator can read.
 */
export const EXTENSION: { tags: string[]; "x-extension": true } = {
  tags: ["Extensions"],
  "x-extension": true,
};

/** One series' points as the request asks them, or its refusal as a 400 (market/chart-series.ts). */
export async function chartSeries(ctx: ServiceContext, request: SeriesRequest): Promise<ChartSeries> {
  const read = await readChartSeries(ctx, request);
  if ("refused" in read) throw new ApiError(400, read.refused);
  const key = { filter: request.filter, exchange: request.exchange, symbol: request.symbol };
  return new ChartSeries(key, request.scale, read.points.times, read.points.values);
}
