import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { clearCachedData } from "./clear-cache.ts";
import { PERSIST_KEY } from "./query-client.ts";
import { queryKeys } from "./query-keys.ts";

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

  it("passes on a failure to remove the persisted copy", async () => {
    const client = new QueryClient();
    const remove = vi.fn(async () => {
      throw new Error("IndexedDB is not available");
    });
    await expect(clearCachedData(client, remove)).rejects.toThrow("IndexedDB");
  });
});
