// GET /v1/symbol/{symbol}: the coin, its rank, every exchange with its last trades, and the MA120 points
// of the last 24 h: one request for the whole symbol page (it also fills the quotation, queries/quotation.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
import type { SymbolDetails } from "../../../interface/resources.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, getEndpoint, queryFnOf } from "../../queries/resource.ts";
import { STALE_TIME, staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";

export function getSymbolDetails(
  connection: Connection,
  symbol: string,
  options: FetchOptions,
): Promise<SymbolDetails> {
  return getEndpoint(connection, ENDPOINTS.symbolDetails, { symbol }, `the details of ${symbol}`, options);
}

export function symbolDetailsQueryOptions(connection: Connection, symbol: string) {
  return queryOptions({
    queryKey: queryKeys.symbolDetails(symbol),
    queryFn: queryFnOf(connection, (c, options) => getSymbolDetails(c, symbol, options)),
    staleTime: staleTimeOf(ENDPOINTS.symbolDetails),
  });
}

export function useSymbolDetails(symbol: string) {
  // On screen, prices follow the market: a refresh per block (React Query pauses it in hidden tabs).
  return useQuery({
    ...symbolDetailsQueryOptions(useConnection(), symbol),
    refetchInterval: STALE_TIME.block,
  });
}
