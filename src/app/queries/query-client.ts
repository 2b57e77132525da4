// The query cache's defaults in one place, and its persistence in IndexedDB.
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { type Query, QueryClient } from "@tanstack/react-query";
import type {
  AsyncStorage,
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";
import { localStorageOrNull } from "../store/browser-storage.ts";
import { UNPERSISTED_KINDS } from "./query-keys.ts";
import { seedQuotationsFromResponses } from "./quotation.ts";
import { CACHE_TIME } from "./stale-times.ts";
import { validators } from "./validators.ts";

/** Bump when a cached shape changes: a persisted cache from another build is then dropped, not misread. */
export const CACHE_BUSTER = "market-cache-1";
export const PERSIST_KEY = "cmd.queryCache";

/**
 * Counts the clears of the persisted cache: a write whose snapshot predates a clear is dropped, or it would
 * land after the removal and bring the old responses back on the next load.
 */
let clears = 0;

/** Drops any persisted write already owed or under way: its snapshot predates the clear. */
export function abandonPendingWrites(): void {
  clears++;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_TIME,
        // The transport already retries inside the budget; a 4xx will not change by asking again.
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
  seedQuotationsFromResponses(client);
  return client;
}

/**
 * The whole cache in IndexedDB, written at most once a second, kept a day. Queries wait for the restore, so
 * its read starts here, before React renders, to overlap opening the database with the first render.
 */
export function persistOptions(
  storage: AsyncStorage<string> = readingAhead(markedStorage(idbStorage, localStorageOrNull()), PERSIST_KEY),
): Omit<PersistQueryClientOptions, "queryClient"> {
  // The throttled persister writes a snapshot taken up to a second before: one taken before a clear is
  // not written (it never runs two writes at once, so the last serialized mark is the write's).
  const takenAfter = new WeakMap<PersistedClient, number>();
  let writingAfter = clears;
  const throttled = createAsyncStoragePersister({
    storage: {
      ...storage,
      setItem: async (key, value) => {
        if (writingAfter === clears) await storage.setItem(key, value);
      },
    },
    key: PERSIST_KEY,
    throttleTime: 1000,
    // The ETags go in the same record as the responses, so the two are restored together.
    serialize: (client) => {
      writingAfter = takenAfter.get(client) ?? clears;
      return JSON.stringify({ ...client, validators: validators.snapshot() });
    },
    deserialize: (text) => {
      const { validators: persisted, ...client } = JSON.parse(text) as PersistedClient & {
        validators?: unknown;
      };
      validators.restore(persisted);
      return client;
    },
  });
  const persister: Persister = {
    ...throttled,
    persistClient: (client) => {
      takenAfter.set(client, clears);
      return throttled.persistClient(client);
    },
  };
  return {
    persister,
    maxAge: CACHE_TIME,
    buster: CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: isPersisted },
  };
}

const idbStorage: AsyncStorage<string> = {
  getItem: async (key) => (await get<string>(key)) ?? null,
  setItem: (key, value: string) => set(key, value),
  removeItem: (key) => del(key),
};

/** The localStorage key that says this browser has stored a value under `key`. */
const storedMark = (key: string) => `cmd.stored|${key}`;

/** Whether this browser stored the cache (or cannot tell, without localStorage): only then is it restored. */
export function hasStoredCache(marks: Storage | null = localStorageOrNull()): boolean {
  return marks === null || marks.getItem(storedMark(PERSIST_KEY)) !== null;
}

/**
 * `storage` with a mark in `marks` (localStorage) for each key it stored, so a first visit skips opening
 * the database. A lost mark costs one request, never stale data.
 */
export function markedStorage(storage: AsyncStorage<string>, marks: Storage | null): AsyncStorage<string> {
  return {
    getItem: (key) =>
      marks !== null && marks.getItem(storedMark(key)) === null ? null : storage.getItem(key),
    setItem: async (key, value) => {
      await storage.setItem(key, value);
      marks?.setItem(storedMark(key), "1");
    },
    removeItem: async (key) => {
      marks?.removeItem(storedMark(key));
      await storage.removeItem(key);
    },
  };
}

/** `storage` whose read of `key` starts now: the first getItem(key) gets it, later ones read again. */
export function readingAhead(storage: AsyncStorage<string>, key: string): AsyncStorage<string> {
  const early = Promise.resolve().then(() => storage.getItem(key));
  // Rejections are the restore's to handle when it asks; none is unhandled meanwhile.
  early.catch(() => {});
  let ahead: typeof early | null = early;
  return {
    getItem: (wanted) => {
      if (wanted === key && ahead !== null) {
        const read = ahead;
        ahead = null;
        return read;
      }
      return storage.getItem(wanted);
    },
    setItem: (wanted, value) => {
      // A write before the restore asked makes the early read stale.
      if (wanted === key) ahead = null;
      return storage.setItem(wanted, value);
    },
    removeItem: (wanted) => {
      if (wanted === key) ahead = null;
      return storage.removeItem(wanted);
    },
  };
}

/** Successful queries, except the kinds never persisted (UNPERSISTED_KINDS). */
export function isPersisted(query: Query): boolean {
  return query.state.status === "success" && !UNPERSISTED_KINDS.has(String(query.queryKey[1]));
}
