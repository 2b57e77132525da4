// Live events between an ingest and two API processes through a real Redis: each process hears every event
// once, in order; a resume on either gets the trades and block closes after its id from the stream and the
// newest prices; one from before what the stream keeps reloads.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { lacksServers } from "../testing/servers/binaries.ts";
import { type TestRedis, testRedis } from "../testing/servers/redis-server.ts";
import { compareEventIds, EventIds, type MadeEvent } from "./live-event.ts";
import { RedisChannel } from "./redis-channel.ts";

let redis: TestRedis;
let channels: RedisChannel[] = [];

async function channel(options: Parameters<typeof RedisChannel.open>[1] = {}): Promise<RedisChannel> {
  const opened = await RedisChannel.open(redis.url, options);
  channels.push(opened);
  return opened;
}

const ids = new EventIds();
const time = () => new Date().toISOString();
const price = (symbol: string, value: number): MadeEvent => ({
  name: "price",
  data: { id: ids.next(), time: time(), symbol, price: value },
  mergeKey: `price:${symbol}`,
});
const trades = (n: number): MadeEvent => ({
  name: "trades",
  data: {
    id: ids.next(),
    time: time(),
    symbol: "BTC",
    exchange: "Binance",
    trades: [{ time: time(), price: 1e5 + n, usdPrice: 1e5 + n, volume: 0.1, pair: "BTCUSDT" }],
  },
  mergeKey: null,
});

describe.skipIf(lacksServers("live events through Redis", ["redis"]))("live events through Redis", () => {
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterEach(async () => {
    await Promise.all(channels.map((c) => c.close()));
    channels = [];
  });
  afterAll(async () => {
    await redis?.drop();
  });

  it("gives every API process each event once, in order, and a resume what it missed", async () => {
    const ingest = await channel();
    const [a, b] = [await channel(), await channel()];
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.follow((e) => heardA.push(e.data.id));
    b.follow((e) => heardB.push(e.data.id));
    const made: MadeEvent[] = [];
    for (let i = 0; i < 50; i++) {
      const event = i % 5 === 0 ? price("BTC", 100 + i) : trades(i);
      made.push(event);
      ingest.publish(event);
      if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await vi.waitFor(() => expect(heardB).toHaveLength(50), { timeout: 3_000, interval: 20 });
    await vi.waitFor(() => expect(heardA).toHaveLength(50), { timeout: 3_000, interval: 20 });
    // The stream's events in the ingest's order (prices come by another path, merged to the newest).
    const kept = made.filter((e) => e.mergeKey === null).map((e) => e.data.id);
    expect(heardA.filter((id) => kept.includes(id))).toEqual(kept);
    expect(heardB.filter((id) => kept.includes(id))).toEqual(kept);
    // A client resuming on B after the 20th event gets the trades after it and the newest price.
    const from = made[20]?.data.id as string;
    const replay = await b.since(from);
    if (!("events" in replay)) throw new Error(replay.reload);
    const after = made
      .filter((e) => e.mergeKey === null && compareEventIds(e.data.id, from) > 0)
      .map((e) => e.data.id);
    const newestPrice = made.filter((e) => e.name === "price").at(-1)?.data.id as string;
    expect(replay.events.map((e) => e.data.id)).toEqual([...after, newestPrice].sort(compareEventIds));
    expect(b.newest().map((e) => e.data.id)).toEqual([newestPrice]);
  });

  it("tells a resume from before what the stream keeps to reload", async () => {
    const ingest = await channel({ keptEntries: 10 });
    const old = trades(0);
    ingest.publish(old);
    // MAXLEN ~ trims whole nodes of the stream: enough entries that the first is surely gone.
    for (let i = 1; i < 500; i++) ingest.publish(trades(i));
    const reader = await channel();
    await vi.waitFor(async () => expect(await reader.since(old.data.id)).toHaveProperty("reload"), {
      timeout: 3_000,
      interval: 50,
    });
    expect(await reader.since("made-up")).toMatchObject({ reload: expect.stringContaining("not an id") });
  });
});
