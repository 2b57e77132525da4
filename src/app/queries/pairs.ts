// GET /v1/pairs: every pair on every exchange; the chart page takes a symbol's exchanges from it.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Pairs, PairsSchema } from "../../interface/resources.ts";
import type { Connection } from "../transport/connection.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { queryKeys } from "./query-keys.ts";
import { type FetchOptions, getResource, queryFnOf } from "./resource.ts";
import { STALE_TIME } from "./stale-times.ts";

export function getPairs(connection: Connection, options: FetchOptions): Promise<Pairs> {
  return getResource(connection, "/v1/pairs", PairsSchema, "the pairs", options);
}

export function pairsQueryOptions(connection: Connection) {
  return queryOptions({
    queryKey: queryKeys.pairs(),
    queryFn: queryFnOf(connection, getPairs),
    staleTime: STALE_TIME.lists,
  });
}

export function usePairs() {
  return useQuery(pairsQueryOptions(useConnection()));
}
