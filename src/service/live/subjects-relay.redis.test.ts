// A change of a stream's subjects sent to a replica that does not hold the stream, as a balancer does: two
// services on one real Redis, each with its hub, over real HTTP. The change reaches the stream on the other
// (its new subjects' events follow on it), under the stream's own limit however the changes are spread;
// another client's change, and one of a stream nobody holds, are 404 at once; a process that hears the
// change and does not answer makes it 503 after the wait, never a 404 that would have the client reopen.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lacksServers } from "../testing/servers/binaries.ts";
import { type TestRedis, testRedis } from "../testing/servers/redis-server.ts";
import { openStream, type StreamReader } from "../testing/sse-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { SUBJECT_CHANGES_PER_MINUTE } from "./stream-hub.ts";
import { RELAY_WAIT_MS, SUBJECTS_CHANNEL } from "./subjects-relay.ts";

const OWNER = "relay-owner-key-0123456789abcdef";
const STRANGER = "relay-stranger-key-0123456789abcdef";

describe.skipIf(lacksServers("changes of subjects across replicas", ["redis"]))(
  "a change of a stream's subjects sent to another replica",
  () => {
    let redis: TestRedis;
    /** Holds the streams; its market trades as the test moves its clock. */
    let holder: TestService;
    /** Asked the changes; its market stands still. */
    let other: TestService;
    const readers: StreamReader[] = [];

    beforeAll(async () => {
      redis = await testRedis();
      const flags = [
        ...["--market-coins", "BTC,ETH,SOL", "--rate-limit", "5", "--redis-url", redis.url],
        ...["--api-keys", `${OWNER}:100,${STRANGER}:100`],
      ];
      [holder, other] = await Promise.all([startTestService(flags), startTestService(flags)]);
    });
    afterAll(async () => {
      for (const reader of readers) reader.close();
      await Promise.all([holder?.stop(), other?.stop()]);
      await redis?.drop();
    });

    async function stream(query: string): Promise<{ reader: StreamReader; id: string }> {
      const reader = await openStream(holder.port, query, { "X-Api-Key": OWNER });
      readers.push(reader);
      expect(reader.status, reader.refusal).toBe(200);
      const opened = await reader.next((e) => e.event === "open");
      return { reader, id: opened.data.stream as string };
    }

    function change(service: TestService, id: string, subjects: object, key = OWNER): Promise<Response> {
      return service.get(`/v1/stream/${id}/subjects`, {
        method: "PUT",
        headers: { "X-Api-Key": key, "Content-Type": "application/json" },
        body: JSON.stringify(subjects),
      });
    }

    /** Moves the holder's market on by `ms` in steps its simulator's 100 ms tick can follow. */
    async function trade(ms: number): Promise<void> {
      for (let moved = 0; moved < ms; moved += 1_000) {
        holder.marketClock.advance(1_000);
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
    }

    /** Trades on until `seen` (20 s of market time at most: a pair may trade seldom). */
    async function tradeUntil(seen: () => boolean): Promise<void> {
      for (let moved = 0; !seen() && moved < 20_000; moved += 1_000) await trade(1_000);
      expect(seen()).toBe(true);
    }

    it("moves the stream to the new subjects: their events follow on it at once", async () => {
      const { reader, id } = await stream("prices=BTC");
      await trade(3_000);
      const subjects = { prices: ["SOL"], trades: [{ symbol: "ETH", exchange: "Binance" }], candles: [] };
      const started = performance.now();
      const response = await change(other, id, subjects);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual(subjects);
      // The newest SOL price at once, then ETH's trades on Binance as the market trades.
      await reader.next((e) => e.event === "price" && e.data.symbol === "SOL", 2_000);
      expect(performance.now() - started).toBeLessThan(2_000);
      await tradeUntil(() => reader.events.some((e) => e.event === "trades" && e.data.symbol === "ETH"));
      // It was the holder's stream that moved: the other holds none.
      expect(other.ctx.live?.size).toBe(0);
    });

    it("lets no other client move it, and checks the subjects before relaying", async () => {
      const { id } = await stream("prices=BTC");
      const stranger = await change(other, id, { prices: ["ETH"], trades: [], candles: [] }, STRANGER);
      expect(stranger.status).toBe(404);
      expect((await stranger.json()).errormessage).toMatch(/no open stream/);
      // The asked replica's own answer to an unknown symbol (the service's 404 for one), not the holder's.
      const unknown = await change(other, id, { prices: ["NOPE"], trades: [], candles: [] });
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).errormessage).toMatch(/unknown symbol 'NOPE'/);
      const malformed = await change(other, id, { prices: ["BTC"], trades: "all", candles: [] });
      expect(malformed.status).toBe(400);
      await malformed.body?.cancel();
    });

    it("answers 404 for a stream nobody holds as soon as every replica has said so", async () => {
      const started = performance.now();
      const response = await change(other, "no-such-stream", { prices: ["BTC"], trades: [], candles: [] });
      expect(response.status).toBe(404);
      await response.body?.cancel();
      expect(performance.now() - started).toBeLessThan(RELAY_WAIT_MS);
    });

    it(`holds a stream to ${SUBJECT_CHANGES_PER_MINUTE} changes a minute, however they are spread over the replicas`, async () => {
      const { id } = await stream("prices=BTC");
      for (let i = 0; i < SUBJECT_CHANGES_PER_MINUTE; i++) {
        const response = await change(i % 2 ? holder : other, id, {
          prices: [i % 2 ? "ETH" : "SOL"],
          trades: [],
          candles: [],
        });
        expect(response.status, `change ${i + 1}`).toBe(200);
        await response.body?.cancel();
      }
      for (const service of [other, holder]) {
        const refused = await change(service, id, { prices: ["BTC"], trades: [], candles: [] });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect((await refused.json()).errormessage).toMatch(/changes of a stream's subjects a minute/);
      }
    });

    it("answers 503 with Retry-After, not 404, when a process that heard the change does not answer", async () => {
      // A subscriber that hears the relayed changes and never answers: a replica stalled.
      const silent = new Redis(redis.url);
      try {
        await silent.subscribe(SUBJECTS_CHANNEL);
        const started = performance.now();
        const response = await change(other, "no-such-stream", { prices: ["BTC"], trades: [], candles: [] });
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("1");
        await response.body?.cancel();
        expect(performance.now() - started).toBeGreaterThanOrEqual(RELAY_WAIT_MS - 50);
      } finally {
        silent.disconnect();
      }
    });
  },
);
