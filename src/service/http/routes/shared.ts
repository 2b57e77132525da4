// Pieces several route modules share: the common error responses of the OpenAPI description, and the
// lookups that turn a path symbol or exchange into a 404 that names what exists.
import { ErrorRecordSchema } from "../../../interface/resources.ts";
import type { ServiceContext } from "../../context.ts";
import { ApiError } from "../errors.ts";

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
