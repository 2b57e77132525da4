// GET /v1/symbols: every symbol the service knows.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Symbols, SymbolsSchema } from "../../interface/resources.ts";
import type { Connection } from "../transport/connection.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { queryKeys } from "./query-keys.ts";
import { type FetchOptions, getResource, queryFnOf } from "./resource.ts";
import { STALE_TIME } from "./stale-times.ts";

export function getSymbols(connection: Connection, options: FetchOptions): Promise<Symbols> {
  return getResource(connection, "/v1/symbols", SymbolsSchema, "the symbols", options);
}

export function symbolsQueryOptions(connection: Connection) {
  return queryOptions({
    queryKey: queryKeys.symbols(),
    queryFn: queryFnOf(connection, getSymbols),
    staleTime: STALE_TIME.lists,
  });
}

export function useSymbols() {
  return useQuery(symbolsQueryOptions(useConnection()));
}
