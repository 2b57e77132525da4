// GET /v1/coins: the top 50 coins, every coin's symbol and name, and the FX rates. Its answer also holds
// each listed coin's quotation, which fills those queries (queries/quotation.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ENDPOINTS, pathOf } from "../../../interface/endpoints.ts";
import type { Coins } from "../../../interface/resources.ts";
import { queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, getResource, queryFnOf } from "../../queries/resource.ts";
import { STALE_TIME, staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";

export function getCoins(connection: Connection, options: FetchOptions): Promise<Coins> {
  return getResource(connection, pathOf(ENDPOINTS.coins, {}), ENDPOINTS.coins.resource, "the coins", options);
}

export function coinsQueryOptions(connection: Connection) {
  return queryOptions({
    queryKey: queryKeys.coins(),
    queryFn: queryFnOf(connection, getCoins),
    staleTime: staleTimeOf(ENDPOINTS.coins),
  });
}

/**
 * How often the list on screen is asked again: once a block, as prices follow the market; while it is still
 * empty (a real market's first minutes: a coin is listed as soon as the service has a price for it) every
 * EMPTY_LIST_REFRESH_MS, two requests a minute of the budget.
 */
export function coinsRefreshMs(data: Coins | undefined): number {
  return data !== undefined && data.coins.length === 0 ? EMPTY_LIST_REFRESH_MS : STALE_TIME.block;
}

const EMPTY_LIST_REFRESH_MS = 30_000;

export function useCoins() {
  // In the budget's background lane, and only while the tab is visible (React Query pauses intervals in
  // hidden tabs).
  return useQuery({
    ...coinsQueryOptions(useConnection()),
    refetchInterval: (query) => coinsRefreshMs(query.state.data),
  });
}
