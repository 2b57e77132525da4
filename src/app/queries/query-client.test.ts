// @vitest-environment jsdom
import type { QueryKey } from "@tanstack/react-query";
import {
  type AsyncStorage,
  persistQueryClientRestore,
  persistQueryClientSave,
} from "@tanstack/react-query-persist-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Coins } from "../../interface/resources.ts";
import {
  abandonPendingWrites,
  createQueryClient,
  hasStoredCache,
  isPersisted,
  markedStorage,
  PERSIST_KEY,
  persistOptions,
  readingAhead,
} from "./query-client.ts";
import { queryKeys } from "./query-keys.ts";
import { validators } from "./validators.ts";

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** An asynchronous store in memory (IndexedDB's part), counting its reads. */
function memoryStore(entries: Record<string, string> = {}) {
  const values = new Map(Object.entries(entries));
  const store = {
    reads: 0,
    values,
    getItem: async (key: string) => {
      store.reads++;
      return values.get(key) ?? null;
    },
    setItem: async (key: string, value: string) => {
      values.set(key, value);
    },
    removeItem: async (key: string) => {
      values.delete(key);
    },
  } satisfies AsyncStorage<string> & { reads: number; values: Map<string, string> };
  return store;
}

const COINS: Coins = {
  completeCoinList: [
    { symbol: "BTC", name: "Bitcoin" },
    { symbol: "ETH", name: "Ethereum" },
  ],
  change: null,
  coins: [
    {
      symbol: "BTC",
      name: "Bitcoin",
      price: 95_000,
      priceYesterday: 94_000,
      volumeYesterdayUSD: 1e9,
      time: "2026-11-22T10:00:00Z",
      circulatingSupply: 19_900_000,
    },
  ],
};

describe("the query client", () => {
  it("seeds each listed coin's quotation from a coins answer, so its symbol page spends nothing on it", async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: queryKeys.coins(), queryFn: async () => COINS });
    const quotation = client.getQueryState(queryKeys.quotation("BTC"));
    expect(quotation?.data).toMatchObject({ symbol: "BTC", price: 95_000, priceYesterday: 94_000 });
    expect(quotation?.dataUpdatedAt).toBe(client.getQueryState(queryKeys.coins())?.dataUpdatedAt);
    // Only listed coins have a price to seed.
    expect(client.getQueryState(queryKeys.quotation("ETH"))).toBeUndefined();
  });

  it("does not overwrite a newer quotation with an older coins answer", async () => {
    const client = createQueryClient();
    const newer = { ...COINS.coins[0], price: 99_000, source: "crowd" };
    client.setQueryData(queryKeys.quotation("BTC"), newer, { updatedAt: Date.now() + 60_000 });
    await client.fetchQuery({ queryKey: queryKeys.coins(), queryFn: async () => COINS });
    expect(client.getQueryData(queryKeys.quotation("BTC"))).toMatchObject({ price: 99_000 });
  });

  it("persists answered queries but never chart points", async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: queryKeys.coins(), queryFn: async () => COINS });
    const chartKey = queryKeys.chartPoints({
      filter: "MEDIR120",
      exchange: null,
      symbol: "BTC",
      scale: "1h",
      starttime: null,
      endtime: null,
    });
    await client.fetchQuery({ queryKey: chartKey, queryFn: async () => ({ times: [] }) });
    const persisted = (queryKey: QueryKey) => {
      const query = client.getQueryCache().find({ queryKey, exact: true });
      if (!query) throw new Error(`no query ${JSON.stringify(queryKey)} in the cache`);
      return isPersisted(query);
    };
    expect(persisted(queryKeys.coins())).toBe(true);
    expect(persisted(chartKey)).toBe(false);
  });
});

describe("the persisted cache's storage", () => {
  it("does not read a cache this browser never stored, so a first visit's restore holds nothing back", async () => {
    const store = memoryStore({ [PERSIST_KEY]: "left by an older build" });
    const storage = markedStorage(store, localStorage);
    expect(await storage.getItem(PERSIST_KEY)).toBeNull();
    expect(store.reads).toBe(0);
  });

  it("reads it once stored, and not after it was removed", async () => {
    const store = memoryStore();
    const storage = markedStorage(store, localStorage);
    expect(hasStoredCache(localStorage)).toBe(false);
    await storage.setItem(PERSIST_KEY, "cache");
    expect(hasStoredCache(localStorage)).toBe(true);
    expect(await storage.getItem(PERSIST_KEY)).toBe("cache");
    await storage.removeItem(PERSIST_KEY);
    expect(hasStoredCache(localStorage)).toBe(false);
    expect(await storage.getItem(PERSIST_KEY)).toBeNull();
    expect(store.values.has(PERSIST_KEY)).toBe(false);
  });

  it("reads every time when there is no localStorage to keep the mark in", async () => {
    expect(hasStoredCache(null)).toBe(true);
    const store = memoryStore({ [PERSIST_KEY]: "cache" });
    expect(await markedStorage(store, null).getItem(PERSIST_KEY)).toBe("cache");
    expect(store.reads).toBe(1);
  });

  it("starts the read when made; the first read gets it, later reads and a read after a write read again", async () => {
    const store = memoryStore({ [PERSIST_KEY]: "before" });
    const storage = readingAhead(store, PERSIST_KEY);
    await Promise.resolve();
    expect(store.reads).toBe(1);
    expect(await storage.getItem(PERSIST_KEY)).toBe("before");
    expect(store.reads).toBe(1);
    expect(await storage.getItem(PERSIST_KEY)).toBe("before");
    expect(store.reads).toBe(2);

    const written = readingAhead(store, PERSIST_KEY);
    await written.setItem(PERSIST_KEY, "after");
    expect(await written.getItem(PERSIST_KEY)).toBe("after");
  });

  it("fails the restore's read, not the page, when the early read fails", async () => {
    const failing: AsyncStorage<string> = {
      getItem: () => Promise.reject(new Error("IndexedDB is not available")),
      setItem: async () => {},
      removeItem: async () => {},
    };
    const storage = readingAhead(failing, PERSIST_KEY);
    await expect(storage.getItem(PERSIST_KEY)).rejects.toThrow("IndexedDB is not available");
  });

  it("restores what the persister saved, through the mark", async () => {
    const store = memoryStore();
    const saving = createQueryClient();
    await saving.fetchQuery({ queryKey: queryKeys.coins(), queryFn: async () => COINS });
    const options = persistOptions(markedStorage(store, localStorage));
    await persistQueryClientSave({ ...options, queryClient: saving });
    // The persister throttles its writes: wait for the one it owes.
    await vi.waitFor(() => expect(store.values.has(PERSIST_KEY)).toBe(true));

    const restored = createQueryClient();
    await persistQueryClientRestore({
      ...persistOptions(markedStorage(store, localStorage)),
      queryClient: restored,
    });
    expect(restored.getQueryData(queryKeys.coins())).toEqual(COINS);
  });

  it("keeps each answer's validator in the same record, and restores the two together", async () => {
    const store = memoryStore();
    const saving = createQueryClient();
    await saving.fetchQuery({ queryKey: queryKeys.coins(), queryFn: async () => COINS });
    validators.set("/v1/coins", '"coins-tag-br"');
    await persistQueryClientSave({
      ...persistOptions(markedStorage(store, localStorage)),
      queryClient: saving,
    });
    await vi.waitFor(() => expect(store.values.has(PERSIST_KEY)).toBe(true));
    expect(JSON.parse(store.values.get(PERSIST_KEY) as string).validators).toEqual({
      "/v1/coins": '"coins-tag-br"',
    });

    validators.clear();
    const restored = createQueryClient();
    await persistQueryClientRestore({
      ...persistOptions(markedStorage(store, localStorage)),
      queryClient: restored,
    });
    expect(restored.getQueryData(queryKeys.coins())).toEqual(COINS);
    expect(validators.get("/v1/coins")).toBe('"coins-tag-br"');
    validators.clear();
  });

  it("drops a write owed from before a clear, so the old answers are not stored after the removal", async () => {
    const store = memoryStore();
    const saving = createQueryClient();
    await saving.fetchQuery({ queryKey: queryKeys.coins(), queryFn: async () => COINS });
    const options = persistOptions(store);
    await persistQueryClientSave({ ...options, queryClient: createQueryClient() });
    await vi.waitFor(() => expect(store.values.has(PERSIST_KEY)).toBe(true));
    store.values.clear();
    // Within the throttle's second: the snapshot with the coins is taken now and written when it ends,
    // after the clear.
    const owed = persistQueryClientSave({ ...options, queryClient: saving });
    abandonPendingWrites();
    await owed;
    expect(store.values.has(PERSIST_KEY)).toBe(false);

    // A snapshot taken after the clear is stored.
    await persistQueryClientSave({ ...options, queryClient: createQueryClient() });
    await vi.waitFor(() => expect(store.values.has(PERSIST_KEY)).toBe(true), { timeout: 3000 });
    expect(store.values.get(PERSIST_KEY)).not.toContain("Bitcoin");
  });
});
