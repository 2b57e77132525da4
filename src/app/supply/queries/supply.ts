// GET /v1/supply/{symbol}, a coin's latest stored circulating supply, and POST /v1/supply, the one write.
// The post goes first in the budget ("write"); its response seeds the supply query and invalidates the
// coin's other cached data, so the pages show the new supply on their next look.
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ENDPOINTS, pathOf } from "../../../interface/endpoints.ts";
import type { Supply } from "../../../interface/resources.ts";
import { decodeResource } from "../../decoding/decode.ts";
import { invalidate, queryKeys } from "../../queries/query-keys.ts";
import { type FetchOptions, getEndpoint, queryFnOf } from "../../queries/resource.ts";
import { staleTimeOf } from "../../queries/stale-times.ts";
import type { Connection } from "../../transport/connection.ts";
import { useConnection } from "../../transport/connection-context.tsx";

export function getSupply(connection: Connection, symbol: string, options: FetchOptions): Promise<Supply> {
  return getEndpoint(connection, ENDPOINTS.supply, { symbol }, `the supply of ${symbol}`, options);
}

export function supplyQueryOptions(connection: Connection, symbol: string) {
  return queryOptions({
    queryKey: queryKeys.supply(symbol),
    queryFn: queryFnOf(connection, (c, options) => getSupply(c, symbol, options)),
    staleTime: staleTimeOf(ENDPOINTS.supply),
  });
}

export function useSupply(symbol: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...supplyQueryOptions(useConnection(), symbol), enabled });
}

export interface SupplyPost {
  symbol: string;
  circulatingSupply: number;
  writeKey: string;
}

/** The budget label of a supply post, for the form to ask its wait by. */
export const SUPPLY_POST_LABEL = "supply-post";

export function postSupply(connection: Connection, post: SupplyPost, signal?: AbortSignal): Promise<Supply> {
  return connection.transport.request(pathOf(ENDPOINTS.supplyPost, {}), {
    method: "POST",
    priority: "write",
    label: SUPPLY_POST_LABEL,
    ...(signal ? { signal } : {}),
    headers: { Authorization: `Bearer ${post.writeKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ Symbol: post.symbol, CirculatingSupply: post.circulatingSupply }),
    decode: (value) => decodeResource(ENDPOINTS.supplyPost.resource, value, "the stored supply"),
  });
}

/** After a stored post: the record is the supply query's data; the coin's other data is stale now. */
export function afterSupplyStored(client: QueryClient, record: Supply): Promise<void> {
  client.setQueryData(queryKeys.supply(record.symbol), record);
  return invalidate(client, queryKeys.symbolDetails(record.symbol), queryKeys.coins());
}

export function usePostSupply() {
  const connection = useConnection();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: SupplyPost) => postSupply(connection, post),
    // Not awaited: the refetches wait for the budget, and the form must show the stored record at once.
    onSuccess: (record) => {
      void afterSupplyStored(client, record);
    },
  });
}
