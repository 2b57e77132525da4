// The query cache's defaults in one place, its persistence in IndexedDB, and the seeding of one answer
// into the queries whose data it holds.
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { type Query, QueryClient } from "@tanstack/react-query";
import type { PersistQueryClientOptions } from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";
import type { Coins, SymbolDetails } from "../../interface/resources.ts";
import { seedQuotationsFromCoins } from "./coins.ts";
import { queryKeys, UNPERSISTED_KINDS } from "./query-keys.ts";
import { CACHE_TIME } from "./stale-times.ts";
import { seedQuotationFromDetails } from "./symbol-details.ts";

/** Bump when a cached shape changes: a persisted cache from another build is then dropped, not misread. */
export const CACHE_BUSTER = "market-cache-1";
export const PERSIST_KEY = "cmd.queryCache";

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_TIME,
        // The transport already waits out 429s and retries network failures inside the budget; a refusal
        // (4xx) will not change by asking again, and every retry would spend budget.
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
  seedFromAnswers(client);
  return client;
}

/** When an answer holds other queries' data, those queries get it too and spend no request. */
function seedFromAnswers(client: QueryClient): void {
  client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const { queryKey, state } = event.query;
    if (state.data === undefined) return;
    const kind = queryKey[1];
    if (kind === queryKeys.coins()[1]) {
      seedQuotationsFromCoins(client, state.data as Coins, state.dataUpdatedAt);
    } else if (kind === queryKeys.symbolDetails("")[1]) {
      seedQuotationFromDetails(client, state.data as SymbolDetails, state.dataUpdatedAt);
    }
  });
}

/** The whole cache in IndexedDB (idb-keyval), written at most once a second, kept a day. */
export function persistOptions(): Omit<PersistQueryClientOptions, "queryClient"> {
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: async (key) => (await get<string>(key)) ?? null,
      setItem: (key, value: string) => set(key, value),
      removeItem: (key) => del(key),
    },
    key: PERSIST_KEY,
    throttleTime: 1000,
  });
  return {
    persister,
    maxAge: CACHE_TIME,
    buster: CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: isPersisted },
  };
}

/** Answered queries, except the kinds too large to keep (chart points). */
export function isPersisted(query: Query): boolean {
  return query.state.status === "success" && !UNPERSISTED_KINDS.has(String(query.queryKey[1]));
}

/** Resolves when the cache first holds an answer (fetched or restored), or after `fallbackMs` regardless. */
export function firstData(client: QueryClient, fallbackMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const hasData = () =>
      client
        .getQueryCache()
        .getAll()
        .some((query) => query.state.data !== undefined);
    if (hasData()) return resolve();
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (hasData()) done();
    });
    const timer = setTimeout(done, fallbackMs);
  });
}
