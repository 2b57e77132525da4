// What the service's 404 for a symbol tells the reader: its message, and the symbol it suggests when the
// case was wrong ("unknown symbol 'btc' (symbols are case-sensitive: did you mean BTC?)").
import { ApiRequestError } from "../transport/transport.ts";

export interface UnknownSymbol {
  message: string;
  suggestion: string | null;
}

export function unknownSymbolOf(error: unknown): UnknownSymbol | null {
  if (!(error instanceof ApiRequestError) || error.status !== 404) return null;
  const match = /did you mean ([^\s?]+)\?/u.exec(error.message);
  return { message: error.message, suggestion: match?.[1] ?? null };
}
