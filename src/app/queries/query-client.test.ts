import { afterEach, describe, expect, it, vi } from "vitest";
import type { Coins } from "../../interface/resources.ts";
import { createQueryClient, firstData, isPersisted } from "./query-client.ts";
import { queryKeys } from "./query-keys.ts";

afterEach(() => {
  vi.useRealTimers();
});

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
    const cache = client.getQueryCache();
    expect(isPersisted(cache.find({ queryKey: queryKeys.coins(), exact: true }) as never)).toBe(true);
    expect(isPersisted(cache.find({ queryKey: chartKey, exact: true }) as never)).toBe(false);
  });

  it("tells when the first answer is in, or gives up waiting after the fallback", async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    let first = false;
    void firstData(client).then(() => {
      first = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(first).toBe(false);
    client.setQueryData(queryKeys.coins(), COINS);
    await vi.advanceTimersByTimeAsync(0);
    expect(first).toBe(true);

    let fallback = false;
    void firstData(createQueryClient(), 5_000).then(() => {
      fallback = true;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fallback).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fallback).toBe(true);
  });
});
