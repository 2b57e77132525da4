// GET /v1/provenance/{symbol}?time=: how one 120-second block of a coin was made from the crowd (each
// exchange's weight, its own price beside the aggregate's, the quiet and the down, the trades the filter
// left out). Asked only when a reader opens the symbol page's "How this price was made" (the section, or a
// chart point's link to it): it is one request of the 5 a minute like any other.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ENDPOINTS, pathOf } from "../../../interface/endpoints.ts";
import type { Provenance } from "../../../interface/provenance.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, getResource, queryFnOf } from "../../queries/resource.ts";
import { STALE_TIME, staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";

/** The block of `symbol` holding `time` (Unix seconds), or its newest block when `time` is null. */
export function getProvenance(
  connection: Connection,
  symbol: string,
  time: number | null,
  options: FetchOptions,
): Promise<Provenance> {
  return getResource(
    connection,
    pathOf(ENDPOINTS.provenance, { symbol }, { time }),
    ENDPOINTS.provenance.resource,
    `how ${symbol}'s price was made`,
    options,
  );
}

export function provenanceQueryOptions(connection: Connection, symbol: string, block: number | null) {
  return queryOptions({
    queryKey: queryKeys.provenance(symbol, block),
    queryFn: queryFnOf(connection, (c, options) => getProvenance(c, symbol, block, options)),
    // The newest block is another one a block later. A named block is stored once and never made again:
    // only what the service knows of it fades (its trades after an hour), which the answer held already
    // says, so it is never asked twice.
    staleTime: block === null ? staleTimeOf(ENDPOINTS.provenance) : STALE_TIME.settled,
  });
}

/**
 * The provenance while `enabled` (the reader opened it). The newest block follows the market like the
 * page's price: once a block while on screen, in the budget's background lane.
 */
export function useProvenance(symbol: string, block: number | null, enabled: boolean) {
  return useQuery({
    ...provenanceQueryOptions(useConnection(), symbol, block),
    enabled,
    refetchInterval: block === null ? STALE_TIME.block : false,
  });
}

/**
 * The symbol page's address showing how the block holding `time` (Unix seconds) was made: the chart page
 * links each of its points here. Written beside the query because a feature may reach another only
 * through its queries/ (lint/app-features.ts); the symbol page reads it back with readProvenanceBlock.
 */
export function provenanceAddress(symbol: string, time: number | null): string {
  return `/symbol/${encodeURIComponent(symbol)}?block=${time === null ? "newest" : Math.floor(time)}`;
}
