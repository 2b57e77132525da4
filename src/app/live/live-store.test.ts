import { afterEach, describe, expect, it, vi } from "vitest";
import type { ArrivedEvent } from "./live-reader.ts";
import { LiveStore } from "./live-store.ts";
import { unionOfSubjects } from "./live-subjects.ts";

const event = (name: string, data: object, id: string | null = null, arrivedAt = 1): ArrivedEvent => ({
  name,
  data: JSON.stringify({ id: "1-0", ...data }),
  arrivedAt,
  id,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("LiveStore", () => {
  it("keeps each symbol's newest price and the one before it, and tells that symbol's readers only", () => {
    vi.useFakeTimers();
    const store = new LiveStore();
    const btc = vi.fn();
    const eth = vi.fn();
    store.subscribe("price:BTC", btc);
    store.subscribe("price:ETH", eth);
    store.apply(event("price", { symbol: "BTC", price: 100, time: "2026-11-29T12:00:00.000Z" }));
    store.apply(event("price", { symbol: "BTC", price: 101, time: "2026-11-29T12:00:01.000Z" }));
    // A price older than the one shown (a replay, or another tab's late copy) changes nothing.
    store.apply(event("price", { symbol: "BTC", price: 99, time: "2026-11-29T11:59:59.000Z" }));
    expect(store.price("BTC")).toMatchObject({ price: 101, previous: 100 });
    // Told together, once, a moment later: one render for a burst of events.
    expect(btc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(btc).toHaveBeenCalledTimes(1);
    expect(eth).not.toHaveBeenCalled();
  });

  it("keeps the last trades of an exchange once each, and the newest id for a resume", () => {
    const store = new LiveStore();
    const trade = (time: string, price: number) => ({
      time,
      price,
      usdPrice: price,
      volume: 1,
      pair: "BTC-USDT",
    });
    const batch = {
      symbol: "BTC",
      exchange: "Binance",
      time: "2026-11-29T12:00:01.000Z",
      trades: [trade("2026-11-29T12:00:00.000Z", 1), trade("2026-11-29T12:00:01.000Z", 2)],
    };
    store.apply(event("trades", batch, "1795000000000-1"));
    // A later batch's trades older than the newest kept (a resume's overlap) are not listed again; one
    // of the same millisecond is (trades may share one).
    const later = [trade("2026-11-29T12:00:00.000Z", 1), trade("2026-11-29T12:00:01.000Z", 3)];
    store.apply(event("trades", { ...batch, trades: later }, "1795000000000-2"));
    expect(store.tradesOf("BTC:Binance").map((t) => t.price)).toEqual([1, 2, 3]);
    expect(store.lastEventId).toBe("1795000000000-2");
  });

  it("keeps a series' newest closed bucket past the next bucket's first candle, for the chart to draw it final", () => {
    const store = new LiveStore();
    const candle = (start: string, close: number, final: boolean) =>
      event("candle", {
        time: start,
        symbol: "BTC",
        exchange: null,
        scale: "5m",
        final,
        candle: {
          start,
          open: 1,
          high: 5,
          low: 1,
          close,
          volume: 2,
          buyVolume: 1,
          sellVolume: 1,
          trades: 3,
        },
      });
    store.apply(candle("2026-11-29T12:00:00.000Z", 2, false));
    expect(store.candle("BTC:all:5m")?.closed).toBeNull();
    store.apply(candle("2026-11-29T12:00:00.000Z", 3, true));
    store.apply(candle("2026-11-29T12:05:00.000Z", 4, false));
    const state = store.candle("BTC:all:5m");
    expect(state?.candle).toMatchObject({ start: "2026-11-29T12:05:00.000Z", close: 4 });
    expect(state?.closed).toMatchObject({ start: "2026-11-29T12:00:00.000Z", close: 3 });
    // The stream's standing candles when the chart follows again: a closed bucket's final candle after the
    // forming one is still the closed one, and an older final than the one kept changes nothing.
    store.apply(candle("2026-11-29T12:10:00.000Z", 6, false));
    store.apply(candle("2026-11-29T12:05:00.000Z", 5, true));
    store.apply(candle("2026-11-29T12:00:00.000Z", 3, true));
    store.apply(candle("2026-11-29T12:05:00.000Z", 4, false));
    expect(store.candle("BTC:all:5m")).toMatchObject({
      candle: { start: "2026-11-29T12:10:00.000Z", close: 6 },
      closed: { start: "2026-11-29T12:05:00.000Z", close: 5 },
    });
  });

  it("tells when the service says to load history again", () => {
    const store = new LiveStore();
    const reload = vi.fn();
    store.onReload(reload);
    store.apply(event("reload", { time: "2026-11-29T12:00:00.000Z", reason: "too old" }));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe("unionOfSubjects", () => {
  it("joins every page's subjects, each once, in a stable order; all prices win over a few", () => {
    const union = unionOfSubjects([
      { prices: ["ETH", "BTC"], trades: [{ symbol: "BTC", exchange: "Kraken" }], candles: [] },
      {
        prices: ["BTC"],
        trades: [{ symbol: "BTC", exchange: "Kraken" }],
        candles: [{ symbol: "BTC", exchange: null, scale: "5m" }],
      },
    ]);
    expect(union).toEqual({
      prices: ["BTC", "ETH"],
      trades: [{ symbol: "BTC", exchange: "Kraken" }],
      candles: [{ symbol: "BTC", exchange: null, scale: "5m" }],
    });
    expect(unionOfSubjects([{ prices: "all", trades: [], candles: [] }, union]).prices).toBe("all");
  });
});
