// GET /v1/provenance/{symbol}?time=: how one 120-second block of a coin was made from the crowd. Asked
// only when a reader opens "How this price was made", since it costs a request like any other.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
import type { Provenance } from "../../../interface/provenance.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, getEndpoint, queryFnOf } from "../../queries/resource.ts";
import { notingUnknownPath } from "../../queries/service-offers.ts";
import { STALE_TIME, staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";

/**
 * The block of `symbol` holding `time` (Unix seconds), or its newest block when `time` is null. A service
 * without provenance (the public service) is noted as such, so the page says so instead of asking again.
 */
export function getProvenance(
  connection: Connection,
  symbol: string,
  time: number | null,
  options: FetchOptions,
): Promise<Provenance> {
  return notingUnknownPath(
    connection.baseUrl,
    "provenance",
    getEndpoint(connection, ENDPOINTS.provenance, { symbol }, `how ${symbol}'s price was made`, options, {
      time,
    }),
  );
}

export function provenanceQueryOptions(connection: Connection, symbol: string, block: number | null) {
  return queryOptions({
    queryKey: queryKeys.provenance(symbol, block),
    queryFn: queryFnOf(connection, (c, options) => getProvenance(c, symbol, block, options)),
    // A named block is stored once and never made again, so it is never asked twice.
    staleTime: block === null ? staleTimeOf(ENDPOINTS.provenance) : STALE_TIME.settled,
  });
}

/** The provenance while `enabled` (the reader opened it); the newest block follows the market. */
export function useProvenance(symbol: string, block: number | null, enabled: boolean) {
  return useQuery({
    ...provenanceQueryOptions(useConnection(), symbol, block),
    enabled,
    refetchInterval: block === null ? STALE_TIME.block : false,
  });
}

/**
 * The symbol page's address showing how the block holding `time` was made. Here because a feature may
 * reach another only through its queries/ (lint/app-features.ts).
 */
export function provenanceAddress(symbol: string, time: number | null): string {
  return `/symbol/${encodeURIComponent(symbol)}?block=${time === null ? "newest" : Math.floor(time)}`;
}
