// GET /v1/coins: the top 50 coins, every coin's symbol and name, and the FX rates. Its response also fills
// each listed coin's quotation query (queries/quotation.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ENDPOINTS } from "../../../interface/endpoints.ts";
import type { Coins } from "../../../interface/resources.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, getEndpoint, queryFnOf } from "../../queries/resource.ts";
import { STALE_TIME, staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";

export function getCoins(connection: Connection, options: FetchOptions): Promise<Coins> {
  return getEndpoint(connection, ENDPOINTS.coins, {}, "the coins", options);
}

export function coinsQueryOptions(connection: Connection) {
  return queryOptions({
    queryKey: queryKeys.coins(),
    queryFn: queryFnOf(connection, getCoins),
    staleTime: staleTimeOf(ENDPOINTS.coins),
  });
}

/** How often the list on screen is refetched: once a block, or sooner while it is empty (a market's start). */
export function coinsRefreshMs(data: Coins | undefined): number {
  return data !== undefined && data.coins.length === 0 ? EMPTY_LIST_REFRESH_MS : STALE_TIME.block;
}

const EMPTY_LIST_REFRESH_MS = 30_000;

export function useCoins() {
  return useQuery({
    ...coinsQueryOptions(useConnection()),
    refetchInterval: (query) => coinsRefreshMs(query.state.data),
  });
}
