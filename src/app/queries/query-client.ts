// The query cache's defaults in one place, its persistence in IndexedDB, and the seeding of one answer
// into the queries whose data it holds.
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
import { seedQuotationsFromAnswers } from "./quotation.ts";
import { CACHE_TIME } from "./stale-times.ts";
import { validators } from "./validators.ts";

/** Bump when a cached shape changes: a persisted cache from another build is then dropped, not misread. */
export const CACHE_BUSTER = "market-cache-1";
export const PERSIST_KEY = "cmd.queryCache";

/**
 * Counts the clears of the persisted cache. A write whose snapshot was taken before a clear is dropped, or
 * it would land after the clear's removal and bring the old answers back on the next load (found by the e2e
 * test that clears and leaves the page at once, before the persister's next, empty, write).
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
        // The transport already waits out 429s and retries network failures inside the budget; a refusal
        // (4xx) will not change by asking again, and every retry would spend budget.
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
  seedQuotationsFromAnswers(client);
  return client;
}

/**
 * The whole cache in IndexedDB (idb-keyval), written at most once a second, kept a day. Queries wait for
 * the restore, so it must not hold back the first request longer than it has to: a browser that never
 * stored the cache does not read it (see markedStorage), and one that did starts the read here, before
 * React renders, rather than in the provider's effect after the first commit, so that opening the
 * database (tens of ms when the browser is cold) overlaps the first render.
 */
export function persistOptions(
  storage: AsyncStorage<string> = readingAhead(markedStorage(idbStorage, localStorageOrNull()), PERSIST_KEY),
): Omit<PersistQueryClientOptions, "queryClient"> {
  // The persister is throttled: it writes the snapshot of its latest call, taken when that call was made
  // (up to a second before), after an await or two. Each snapshot is marked with the clears seen when it
  // was taken, and one taken before a clear is not written. It never runs two writes at once, so the mark
  // of the snapshot serialized last is that of the write under way.
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
    // The answers' validators go in the same record as the answers, so the two are restored together.
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
 * `storage` with a mark in `marks` (localStorage) for each key it stored: a key never marked is not read,
 * so a first visit answers the restore at once instead of after opening the database. The mark is set
 * once the value is written and cleared before it is removed; a lost mark costs one request, never
 * stale data. Without `marks` every read goes to `storage`.
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

/**
 * `storage` whose read of `key` starts now: the first getItem(key) gets that read, later ones read again
 * (a write may have come between). A failed early read fails that first getItem, as a late one would.
 */
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

/** Answered queries, except the kinds too large to keep (chart points). */
export function isPersisted(query: Query): boolean {
  return query.state.status === "success" && !UNPERSISTED_KINDS.has(String(query.queryKey[1]));
}
