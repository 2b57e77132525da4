// The dashboard never asks GET /v1/quotation/{symbol}: the coins and symbol details responses already hold
// the quotations, so the quotation queries are filled from them and cost no request.
import type { QueryClient } from "@tanstack/react-query";
import type { Coins, Quotation, SymbolDetails } from "../../interface/resources.ts";
import { queryKeys } from "./query-keys.ts";

type QuotedCoin = Coins["coins"][number];

/** A listed coin's quotation; `source` names where it came from. */
function quotationFromCoin(coin: QuotedCoin): Quotation {
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

/** Puts a coin's quotation in the cache, dated as its response, unless a newer one is there. */
function seedQuotation(client: QueryClient, coin: QuotedCoin, updatedAt: number): void {
  const key = queryKeys.quotation(coin.symbol);
  const state = client.getQueryState(key);
  if (state?.data !== undefined && state.dataUpdatedAt >= updatedAt) return;
  client.setQueryData(key, quotationFromCoin(coin), { updatedAt });
}

/** When a coins or symbol details response arrives, its quotations go into their queries. */
export function seedQuotationsFromResponses(client: QueryClient): void {
  client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const { queryKey, state } = event.query;
    if (state.data === undefined) return;
    const kind = queryKey[1];
    if (kind === queryKeys.coins()[1]) {
      for (const coin of (state.data as Coins).coins) seedQuotation(client, coin, state.dataUpdatedAt);
    } else if (kind === queryKeys.symbolDetails("")[1]) {
      seedQuotation(client, (state.data as SymbolDetails).coin, state.dataUpdatedAt);
    }
  });
}

/** The cached quotation of `symbol`, if a response brought one; never a request. */
export function cachedQuotation(client: QueryClient, symbol: string): Quotation | undefined {
  return client.getQueryData<Quotation>(queryKeys.quotation(symbol));
}
