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

export function useCoins() {
  // On screen, prices follow the market: one refresh per block, in the budget's background lane, and
  // only while the tab is visible (React Query pauses intervals in hidden tabs).
  return useQuery({ ...coinsQueryOptions(useConnection()), refetchInterval: STALE_TIME.block });
}
