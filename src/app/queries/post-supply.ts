// POST /v1/supply: the one write. It goes first in the budget ("write"), is never retried on a refusal, and
// its answer (the stored record) seeds the supply query; the coin's other cached data is marked stale so
// the pages show the new supply on their next look.
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { type Supply, SupplySchema } from "../../interface/resources.ts";
import { decodeResource } from "../decoding/decode.ts";
import type { Connection } from "../transport/connection.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { queryKeys } from "./query-keys.ts";

export interface SupplyPost {
  symbol: string;
  circulatingSupply: number;
  writeKey: string;
}

export function postSupply(connection: Connection, post: SupplyPost, signal?: AbortSignal): Promise<Supply> {
  return connection.transport.request("/v1/supply", {
    method: "POST",
    priority: "write",
    label: "supply-post",
    ...(signal ? { signal } : {}),
    headers: { Authorization: `Bearer ${post.writeKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ Symbol: post.symbol, CirculatingSupply: post.circulatingSupply }),
    decode: (value) => decodeResource(SupplySchema, value, "the stored supply"),
  });
}

/** After a stored post: the record is the supply query's data; the coin's other data is stale now. */
export function afterSupplyStored(client: QueryClient, record: Supply): Promise<void> {
  client.setQueryData(queryKeys.supply(record.symbol), record);
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.symbolDetails(record.symbol) }),
    client.invalidateQueries({ queryKey: queryKeys.coins() }),
  ]).then(() => undefined);
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
