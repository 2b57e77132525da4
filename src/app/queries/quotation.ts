// GET /v1/quotation/{symbol}: the coin's latest price. Often already in the cache, seeded by the coins
// list or the symbol details (see seeding.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Quotation, QuotationSchema } from "../../interface/resources.ts";
import type { Connection } from "../transport/connection.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { queryKeys } from "./query-keys.ts";
import { type FetchOptions, getResource, queryFnOf, segment } from "./resource.ts";
import { STALE_TIME } from "./stale-times.ts";

export function getQuotation(
  connection: Connection,
  symbol: string,
  options: FetchOptions,
): Promise<Quotation> {
  return getResource(
    connection,
    `/v1/quotation/${segment(symbol)}`,
    QuotationSchema,
    `the quotation of ${symbol}`,
    options,
  );
}

export function quotationQueryOptions(connection: Connection, symbol: string) {
  return queryOptions({
    queryKey: queryKeys.quotation(symbol),
    queryFn: queryFnOf(connection, (c, options) => getQuotation(c, symbol, options)),
    staleTime: STALE_TIME.block,
  });
}

export function useQuotation(symbol: string) {
  return useQuery(quotationQueryOptions(useConnection(), symbol));
}
