// GET /v1/coins: the top 50 coins, every coin's symbol and name, and the FX rates. Its answer also holds
// each listed coin's quotation, so it seeds those queries: the symbol pages of listed coins spend no
// request on a quotation.
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ENDPOINTS, pathOf } from "../../interface/endpoints.ts";
import type { Coins, Quotation } from "../../interface/resources.ts";
import type { Connection } from "../transport/connection.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { queryKeys } from "./query-keys.ts";
import { type FetchOptions, getResource, queryFnOf } from "./resource.ts";
import { STALE_TIME, staleTimeOf } from "./stale-times.ts";

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

/** The quotation a coin of the list stands for; `source` names where it came from. */
export function quotationFromCoin(coin: Coins["coins"][number]): Quotation {
  return {
    symbol: coin.symbol,
    name: coin.name,
    price: coin.price,
    priceYesterday: coin.priceYesterday,
    volumeYesterdayUSD: coin.volumeYesterdayUSD,
    source: "coins list",
    time: coin.time,
  };
}

/**
 * Puts each listed coin's quotation in the cache, dated as the coins answer, unless a newer one is there.
 * Called whenever a coins answer arrives (see seeding.ts).
 */
export function seedQuotationsFromCoins(client: QueryClient, coins: Coins, updatedAt: number): void {
  for (const coin of coins.coins) {
    const key = queryKeys.quotation(coin.symbol);
    const state = client.getQueryState(key);
    if (state?.data !== undefined && state.dataUpdatedAt >= updatedAt) continue;
    client.setQueryData(key, quotationFromCoin(coin), { updatedAt });
  }
}
