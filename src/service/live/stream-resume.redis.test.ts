// A stream resumed on an API process whose reading of the Redis Stream lags (a replica under load, or
// behind the one the client came from): it is given each trades batch and block close after its
// Last-Event-ID once, none twice and none skipped. The lag is made by holding back the process's reads of
// the stream (its XREAD answers), everything else real: Redis, the channels, the hub, HTTP, the SSE parser.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emptyCandles } from "../../interface/candles.ts";
import { lacksServers } from "../testing/servers/binaries.ts";
import { type TestRedis, testRedis } from "../testing/servers/redis-server.ts";
import { openStream, type StreamReader } from "../testing/sse-client.ts";
import { EventIds, type MadeEvent } from "./live-event.ts";
import { LIVE_STREAM_KEY, RedisChannel } from "./redis-channel.ts";
import { StreamHub } from "./stream-hub.ts";

const ids = new EventIds();
const time = () => new Date().toISOString();
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
const price = (value: number): MadeEvent => ({
  name: "price",
  data: { id: ids.next(), time: time(), symbol: "BTC", price: value },
  mergeKey: "price:BTC",
});
const SUBJECTS = { prices: ["BTC"], trades: [{ symbol: "BTC", exchange: "Binance" }], candles: [] };

describe.skipIf(lacksServers("a resumed stream on a lagging replica", ["redis"]))(
  "a resumed stream on a replica whose reads of the stream lag",
  () => {
    let redis: TestRedis;
    let ingest: RedisChannel;
    let replica: RedisChannel;
    let hub: StreamHub;
    let server: Server;
    let port: number;
    /** A connection of the test's own, to see what the stream holds. */
    let probe: Redis;
    const readers: StreamReader[] = [];
    /** While set, the replica's reads of the stream wait for it: they lag the stream. */
    let gate: Promise<void> | null = null;
    let openGate = () => {};
    const closeGate = () => {
      gate = new Promise((resolve) => {
        openGate = () => {
          gate = null;
          resolve();
        };
      });
    };
    /** Called once the hub has opened a stream (its replay being read). */
    let opened = () => {};
    const heard: string[] = [];

    beforeAll(async () => {
      redis = await testRedis();
      ingest = await RedisChannel.open(redis.url);
      probe = new Redis(redis.url);
      const lagging = (connection: Redis) => {
        const xread = connection.xread.bind(connection) as (...args: unknown[]) => Promise<unknown>;
        // Only the read loop's connection reads the stream with XREAD.
        Object.assign(connection, {
          xread: async (...args: unknown[]) => {
            const read = await xread(...args);
            while (gate) await gate;
            return read;
          },
        });
        return connection;
      };
      replica = await RedisChannel.open(redis.url, { instrument: lagging });
      replica.follow((event) => heard.push(event.data.id));
      hub = new StreamHub({
        channel: replica,
        blockCandles: async () => emptyCandles(),
        maxStreamMs: 60_000,
        marketNow: Date.now,
      });
      server = createServer((req, res) => {
        const lastEventId = req.headers["last-event-id"];
        hub.open(
          res,
          "client",
          { apiKey: undefined, address: "127.0.0.1" },
          SUBJECTS,
          (lastEventId as string) ?? null,
        );
        opened();
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      openGate();
      for (const reader of readers) reader.close();
      hub?.close();
      await new Promise((resolve) => server?.close(resolve));
      await replica?.close();
      await ingest?.close();
      probe?.disconnect();
      await redis?.drop();
    });

    /** Publishes an event and waits until Redis holds it (not until the replica has read it). */
    async function published(event: MadeEvent): Promise<MadeEvent> {
      ingest.publish(event);
      const { id } = event.data;
      if (event.mergeKey === null)
        await vi.waitFor(async () => expect(await probe.xrange(LIVE_STREAM_KEY, id, id)).toHaveLength(1));
      return event;
    }

    async function resume(lastEventId: string): Promise<StreamReader> {
      const reader = await openStream(port, "", { "Last-Event-ID": lastEventId }, { host: "127.0.0.1" });
      readers.push(reader);
      return reader;
    }

    const tradesRead = (reader: StreamReader) =>
      reader.events.filter((e) => e.event === "trades").map((e) => e.id);

    it("gives a trades batch the replica had not read yet at the resume once: live, not also in the replay", async () => {
      const seen = await published(trades(0));
      await vi.waitFor(() => expect(heard).toContain(seen.data.id));
      closeGate();
      const missed = await published(trades(1));
      const reader = await resume(seen.data.id);
      await reader.next((e) => e.event === "open");
      // The replay has been read and sent by now; then the replica reads on.
      await new Promise((resolve) => setTimeout(resolve, 200));
      openGate();
      await reader.next((e) => e.id === missed.data.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(tradesRead(reader)).toEqual([missed.data.id]);
    });

    it("gives a trades batch read while the replay is read, older than a price in the replay", async () => {
      const seen = await published(trades(2));
      await vi.waitFor(() => expect(heard).toContain(seen.data.id));
      closeGate();
      const missed = await published(trades(3));
      // Prices come by another path (publish/subscribe), not held back: the replica has this newer one.
      const newer = price(100_003);
      ingest.publish(newer);
      await vi.waitFor(() => expect(replica.newest().map((e) => e.data.id)).toContain(newer.data.id));
      // The replica reads on as soon as the stream is opened, while its replay is being read.
      opened = () => {
        opened = () => {};
        openGate();
      };
      const reader = await resume(seen.data.id);
      await reader.next((e) => e.id === missed.data.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(tradesRead(reader)).toEqual([missed.data.id]);
    });

    it("gives nothing a client resuming from another replica that read further had already", async () => {
      const before = await published(trades(4));
      await vi.waitFor(() => expect(heard).toContain(before.data.id));
      closeGate();
      // The client read these on another replica; this one has not yet.
      const had = await published(trades(5));
      const reader = await resume(had.data.id);
      await reader.next((e) => e.event === "open");
      await new Promise((resolve) => setTimeout(resolve, 200));
      openGate();
      const next = await published(trades(6));
      await reader.next((e) => e.id === next.data.id);
      expect(tradesRead(reader)).toEqual([next.data.id]);
    });

    it("tells a client resuming from an id the stream never gave to reload", async () => {
      const reader = await resume(`${Date.now() + 3_600_000}-0`);
      expect((await reader.next((e) => e.event === "reload")).data.reason).toMatch(/not an id/);
    });
  },
);
