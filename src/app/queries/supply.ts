// GET /v1/supply/{symbol}: the latest circulating supply stored for a coin, with its time and source.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Supply, SupplySchema } from "../../interface/resources.ts";
import type { Connection } from "../transport/connection.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { queryKeys } from "./query-keys.ts";
import { type FetchOptions, getResource, queryFnOf, segment } from "./resource.ts";
import { STALE_TIME } from "./stale-times.ts";

export function getSupply(connection: Connection, symbol: string, options: FetchOptions): Promise<Supply> {
  return getResource(
    connection,
    `/v1/supply/${segment(symbol)}`,
    SupplySchema,
    `the supply of ${symbol}`,
    options,
  );
}

export function supplyQueryOptions(connection: Connection, symbol: string) {
  return queryOptions({
    queryKey: queryKeys.supply(symbol),
    queryFn: queryFnOf(connection, (c, options) => getSupply(c, symbol, options)),
    staleTime: STALE_TIME.supply,
  });
}

export function useSupply(symbol: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...supplyQueryOptions(useConnection(), symbol), enabled });
}
