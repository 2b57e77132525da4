// The shared window against a real Redis: several windows stand for several replicas. Exact per client
// under concurrency, sliding (not fixed buckets), the same headers as the in-process limiter, and the
// documented fallback when Redis goes away and comes back.
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { loadConfig } from "../config/load.ts";
import { lacksServers } from "../testing/servers/binaries.ts";
import { startRedis, type TestRedis, testRedis } from "../testing/servers/redis-server.ts";
import { admit } from "./admission.ts";
import { type Decision, FairUsageLimiter } from "./fair-usage.ts";
import { RedisFairUsage, type RedisFairUsageOptions } from "./fair-usage-redis.ts";
import { sqliteBook } from "./testing/sqlite-book.ts";

let redis: TestRedis;
const opened: RedisFairUsage[] = [];

async function replica(options: Partial<RedisFairUsageOptions> = {}): Promise<RedisFairUsage> {
  const window = await RedisFairUsage.open({ redisUrl: redis.url, log: () => {}, ...options });
  opened.push(window);
  return window;
}

/** Distinct clients per test: every test shares the one Redis. */
let clients = 0;
const newClient = () => `198.51.100.${++clients}`;

describe.skipIf(lacksServers("the shared fair-usage window", ["redis"]))("one window in Redis", () => {
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((window) => window.close()));
    await redis?.drop();
  });

  it("admits exactly the limit per client, whichever replicas the concurrent requests reach", async () => {
    const replicas = await Promise.all([replica(), replica(), replica(), replica()]);
    const names = Array.from({ length: 60 }, newClient);
    const requests = names.flatMap((client) =>
      Array.from({ length: 12 }, (_, i) => ({ client, window: replicas[i % replicas.length] })),
    );
    const decisions = await Promise.all(
      requests.map(async ({ client, window }) => ({ client, decision: await window?.take(client, 5) })),
    );
    for (const client of names) {
      const own = decisions.filter((d) => d.client === client).map((d) => d.decision as Decision);
      expect(own.filter((d) => d.allowed)).toHaveLength(5);
      const refused = own.filter((d) => !d.allowed);
      expect(refused).toHaveLength(7);
      for (const d of refused)
        expect(d).toMatchObject({ remaining: 0, retryAfterSeconds: 60, resetSeconds: 60 });
    }
    expect(decisions.every(({ decision }) => decision?.fallback === undefined)).toBe(true);
  });

  it("slides: 1 + 4 + 5 requests around a 2-second window's edge admit 6, never more than 5 in any 2 s", async () => {
    const window = await replica({ windowMs: 2_000 });
    const client = newClient();
    const burst = async (n: number) =>
      (await Promise.all(Array.from({ length: n }, () => window.take(client, 5)))).filter((d) => d.allowed)
        .length;
    const at = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = await burst(1);
    await at(1_900);
    const second = await burst(4);
    await at(200);
    // The first request left the window; the four of 1.9 s are still in it: one slot, not a fresh five.
    const third = await burst(5);
    expect([first, second, third]).toEqual([1, 4, 1]);
  });

  it("gives the same RateLimit headers, 429 text and Retry-After as the in-process limiter", async () => {
    const config = loadConfig({}, ["--rate-limit", "3", "--api-keys", "shared-key:2"]);
    const { book, close } = await sqliteBook(config);
    onTestFinished(close);
    const shared = await replica();
    const local = new FairUsageLimiter();
    const sequence = async (window: typeof shared | typeof local, address: string) => {
      const answers = [];
      for (const apiKey of [
        undefined,
        undefined,
        "shared-key",
        "shared-key",
        "shared-key",
        undefined,
        undefined,
      ]) {
        const admission = await admit(book, window, apiKey, address);
        answers.push({
          headers: admission.headers,
          refusal: admission.refusal && {
            status: admission.refusal.status,
            message: admission.refusal.message,
            headers: admission.refusal.headers,
          },
        });
      }
      return answers;
    };
    const inRedis = await sequence(shared, newClient());
    expect(inRedis).toEqual(await sequence(local, newClient()));
    expect(inRedis.at(-1)?.refusal).toEqual({
      status: 429,
      message: "over the fair-usage limit of 3 requests per 60 seconds; try again in 60 s",
      headers: { "Retry-After": "60" },
    });
    expect(inRedis.at(-1)?.headers).toEqual({
      "RateLimit-Policy": '"fair-use";q=3;w=60',
      RateLimit: '"fair-use";r=0;t=60',
    });
  });

  it("asks Redis nothing under limit 0", async () => {
    const window = await replica();
    const client = newClient();
    for (let i = 0; i < 50; i++) expect(window.take(client, 0)).toMatchObject({ allowed: true, limit: 0 });
    // The same client under a limit afterwards starts from an empty window: nothing was counted.
    expect(await window.take(client, 1)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it.skipIf(process.env.REDIS_URL)(
    "falls back to floor(limit / replicas) on each replica while Redis is down, marked, and returns to it",
    async () => {
      // Three replicas of this test's own: the replicas alive are what each one's share is computed from.
      await Promise.all(opened.splice(0).map((window) => window.close()));
      await redis.server?.restart();
      const lines: string[] = [];
      const quick = { heartbeatMs: 100, defaultLimit: 7 };
      const first = await replica({ ...quick, log: (line) => lines.push(line) });
      const b = await replica(quick);
      await replica(quick);
      await vi.waitFor(() => expect([first.replicasAlive, b.replicasAlive]).toEqual([3, 3]));

      await redis.server?.stop();
      const client = newClient();
      const down: Decision[] = [];
      for (let i = 0; i < 4; i++) down.push(await first.take(client, 7));
      // 7 over 3 replicas: 2 each, so all three together admit at most 6 ≤ 7.
      expect(down.map((d) => d.allowed)).toEqual([true, true, false, false]);
      expect(down.every((d) => d.fallback === true && d.limit === 2)).toBe(true);
      expect(down[2]).toMatchObject({ remaining: 0, retryAfterSeconds: 60 });
      expect(await b.take(client, 7)).toMatchObject({ allowed: true, fallback: true, limit: 2 });
      expect(lines).toEqual([
        expect.stringMatching(
          /^fair usage: Redis unreachable \(.+\), each of 3 replicas limits clients to 2 a minute \(a key to 1\/3 of its limit\) until it answers$/,
        ),
      ]);
      expect(first.shared).toBe(false);

      await redis.server?.restart();
      // A probe goes out at most once a second, on a request.
      await vi.waitFor(
        async () => {
          expect((await first.take(newClient(), 7)).fallback).toBeUndefined();
        },
        { timeout: 5_000, interval: 200 },
      );
      expect(lines.slice(1)).toEqual(["fair usage: back on Redis, one limit across the replicas"]);
      // The shared window again (the restarted Redis is empty): the full limit, counted across replicas.
      const again = newClient();
      const decisions = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : b).take(again, 7)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(7);
    },
  );

  it.skipIf(process.env.REDIS_URL)(
    "starts on its own window when Redis is down, and joins it once it answers",
    async () => {
      const server = await startRedis();
      try {
        await server.stop();
        const lines: string[] = [];
        const window = await replica({
          redisUrl: server.url,
          defaultLimit: 5,
          log: (line) => lines.push(line),
        });
        expect(window.shared).toBe(false);
        expect(await window.take(newClient(), 5)).toMatchObject({ allowed: true, fallback: true, limit: 5 });
        await server.restart();
        await vi.waitFor(
          async () => {
            expect((await window.take(newClient(), 5)).fallback).toBeUndefined();
          },
          { timeout: 5_000, interval: 200 },
        );
        expect(lines).toEqual([
          expect.stringMatching(
            /^fair usage: Redis unreachable \(.+\), each of 1 replica limits clients to 5 a minute until it answers$/,
          ),
          "fair usage: back on Redis, one limit across the replicas",
        ]);
      } finally {
        await server.stop();
      }
    },
  );
});
