import { describe, expect, it } from "vitest";
import { MemoryChannel } from "./live-channel.ts";
import { EventIds, type MadeEvent } from "./live-event.ts";

const T0 = Date.UTC(2026, 10, 29, 10, 0, 0);

function events(now: () => number) {
  const ids = new EventIds(now);
  const time = () => new Date(now()).toISOString();
  return {
    price: (symbol: string, price: number): MadeEvent => ({
      name: "price",
      data: { id: ids.next(), time: time(), symbol, price },
      mergeKey: `price:${symbol}`,
    }),
    trades: (symbol: string): MadeEvent => ({
      name: "trades",
      data: {
        id: ids.next(),
        time: time(),
        symbol,
        exchange: "Binance",
        trades: [{ time: time(), price: 1, usdPrice: 1, volume: 0.5, pair: `${symbol}USDT` }],
      },
      mergeKey: null,
    }),
    candle: (symbol: string, startMs: number): MadeEvent => ({
      name: "candle",
      data: {
        id: ids.next(),
        time: time(),
        symbol,
        exchange: null,
        scale: "block",
        candle: {
          start: new Date(startMs).toISOString(),
          open: 1,
          high: 2,
          low: 1,
          close: 2,
          volume: 1,
          buyVolume: 1,
          sellVolume: 0,
          trades: 2,
        },
        final: false,
      },
      mergeKey: `candle:${symbol}:*:block`,
    }),
    block: (endMs: number): MadeEvent => ({
      name: "block",
      data: { id: ids.next(), time: time(), end: new Date(endMs).toISOString(), series: [] },
      mergeKey: null,
    }),
  };
}

describe("MemoryChannel", () => {
  it("gives a resume every trade and block close after its id, and only the newest price, in id order", () => {
    let now = T0;
    const channel = new MemoryChannel(() => now);
    const make = events(() => now);
    const heard: string[] = [];
    channel.follow((e) => heard.push(e.data.id));
    const first = make.trades("BTC");
    channel.publish(first);
    const published: MadeEvent[] = [];
    for (let i = 0; i < 5; i++) {
      now += 1_000;
      for (const e of [make.price("BTC", 100 + i), make.trades("BTC"), make.price("ETH", 10 + i)]) {
        channel.publish(e);
        published.push(e);
      }
    }
    expect(heard).toHaveLength(16);
    const replay = channel.since(first.data.id);
    if (!("events" in replay)) throw new Error("expected a replay");
    const trades = published.filter((e) => e.name === "trades");
    const newestPrices = [published.at(-3), published.at(-1)];
    expect(replay.events.map((e) => e.data.id)).toEqual(
      [...trades, ...newestPrices]
        .map((e) => e?.data.id)
        .sort((a, b) => (a === b ? 0 : (a ?? "") < (b ?? "") ? -1 : 1)),
    );
    // Nothing after the newest.
    const last = replay.events.at(-1)?.data.id as string;
    expect(channel.since(last)).toEqual({ events: [] });
  });

  it("tells a resume from before what it still keeps to reload, by time and by bytes", () => {
    let now = T0;
    const channel = new MemoryChannel(() => now, { replayMs: 10 * 60_000, maxBytes: 10_000 });
    const make = events(() => now);
    const old = make.trades("BTC");
    channel.publish(old);
    channel.publish(make.trades("BTC"));
    now += 11 * 60_000;
    const kept = make.trades("BTC");
    channel.publish(kept);
    // The two old ones are gone: after the first, the second was missed.
    expect(channel.since(old.data.id)).toMatchObject({ reload: expect.stringContaining("no longer kept") });
    expect(channel.since(kept.data.id)).toEqual({ events: [] });

    const byBytes = new MemoryChannel(() => now, { replayMs: 10 * 60_000, maxBytes: 2_000 });
    const start = make.trades("ETH");
    byBytes.publish(start);
    for (let i = 0; i < 50; i++) byBytes.publish(make.trades("ETH"));
    expect(byBytes.since(start.data.id)).toHaveProperty("reload");
    expect(channel.since("not-an-id")).toMatchObject({ reload: expect.stringContaining("not an id") });
  });

  it("forgets the forming candles of a block once it closes, and keeps those of the next", () => {
    let now = T0;
    const channel = new MemoryChannel(() => now);
    const make = events(() => now);
    const blockStart = T0 - 60_000;
    channel.publish(make.candle("BTC", blockStart));
    now += 61_000;
    channel.publish(make.candle("ETH", blockStart + 120_000));
    channel.publish(make.block(blockStart + 120_000));
    const kept = channel.newest().map((e) => (e.name === "candle" ? e.data.symbol : e.name));
    expect(kept).toEqual(["ETH"]);
  });
});
