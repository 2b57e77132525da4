import { QueryClient } from "@tanstack/react-query";
import { persistQueryClientSubscribe } from "@tanstack/react-query-persist-client";
import { describe, expect, it, vi } from "vitest";
import { PERSIST_KEY, persistOptions } from "../queries/query-client.ts";
import { queryKeys } from "../queries/query-keys.ts";
import { clearCachedData } from "./clear-cache.ts";

describe("clearCachedData", () => {
  it("empties the cache and removes the persisted copy", async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.coins(), { coins: [] });
    client.setQueryData(queryKeys.supply("BTC"), { symbol: "BTC" });
    const removed: string[] = [];
    await clearCachedData(client, async (key) => {
      expect(client.getQueryCache().getAll()).toHaveLength(0);
      removed.push(key);
    });
    expect(client.getQueryData(queryKeys.coins())).toBeUndefined();
    expect(removed).toEqual([PERSIST_KEY]);
  });

  it("leaves nothing of the old answers stored, even when the page is left as soon as it is done", async () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: async (key: string) => values.get(key) ?? null,
      setItem: async (key: string, value: string) => void values.set(key, value),
      removeItem: async (key: string) => void values.delete(key),
    };
    const client = new QueryClient();
    const stop = persistQueryClientSubscribe({ ...persistOptions(storage), queryClient: client });
    // Removed in this order: the snapshot taken at the first removal still holds the coins.
    client.setQueryData(queryKeys.supply("BTC"), { symbol: "BTC" });
    client.setQueryData(queryKeys.coins(), { completeCoinList: [{ symbol: "BTC", name: "Bitcoin" }] });
    await vi.waitFor(() => expect(values.get(PERSIST_KEY)).toContain("Bitcoin"), { timeout: 3000 });
    // Past the persister's throttle, so the clear's first removal is written at once.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    await clearCachedData(client, storage.removeItem);
    // What the next page load would read, a moment later: the persister's next write is a second away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(values.get(PERSIST_KEY) ?? "").not.toContain("Bitcoin");
    stop();
  });

  it("passes on a failure to remove the persisted copy", async () => {
    const client = new QueryClient();
    const remove = vi.fn(async () => {
      throw new Error("IndexedDB is not available");
    });
    await expect(clearCachedData(client, remove)).rejects.toThrow("IndexedDB");
  });
});
