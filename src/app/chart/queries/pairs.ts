// GET /v1/pairs: every pair on every exchange; the chart page takes a symbol's exchanges from it.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
import type { Pairs } from "../../../interface/resources.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, getEndpoint, queryFnOf } from "../../queries/resource.ts";
import { staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";

export function getPairs(connection: Connection, options: FetchOptions): Promise<Pairs> {
  return getEndpoint(connection, ENDPOINTS.pairs, {}, "the pairs", options);
}

export function pairsQueryOptions(connection: Connection) {
  return queryOptions({
    queryKey: queryKeys.pairs(),
    queryFn: queryFnOf(connection, getPairs),
    staleTime: staleTimeOf(ENDPOINTS.pairs),
  });
}

export function usePairs() {
  return useQuery(pairsQueryOptions(useConnection()));
}
