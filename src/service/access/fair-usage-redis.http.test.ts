// The shared limit through the real service with REDIS_URL, and what a client sees when Redis goes away:
// no 5xx, the replica's own share of the limit, each such request marked in the request log.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readRequestLog } from "../ops/request-log.ts";
import { lacksServers } from "../testing/servers/binaries.ts";
import { type RedisServer, startRedis } from "../testing/servers/redis-server.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

const LIMIT = 4;
let redis: RedisServer;
let service: TestService;

// A Redis of its own, stopped and restarted: not one named by REDIS_URL, which others may be using.
describe.skipIf(process.env.REDIS_URL || lacksServers("the limit through Redis", ["redis"]))(
  "the service on Redis's window",
  () => {
    beforeAll(async () => {
      redis = await startRedis();
      service = await startTestService(["--rate-limit", String(LIMIT), "--redis-url", redis.url]);
    });
    afterAll(async () => {
      await service?.stop();
      await redis?.stop();
    });

    /** The RateLimit header of each of `n` GETs (answered by the app, then from its cache). */
    async function limits(path: string, n: number): Promise<[number, string | null][]> {
      const answers: [number, string | null][] = [];
      for (let i = 0; i < n; i++) {
        const response = await service.get(path);
        await response.arrayBuffer();
        answers.push([response.status, response.headers.get("ratelimit")]);
      }
      return answers;
    }

    it("counts in Redis, cached answers included", async () => {
      expect(await limits("/v1/pairs", 2)).toEqual([
        [200, '"fair-use";r=3;t=60'],
        [200, '"fair-use";r=2;t=60'],
      ]);
    });

    it("falls back to its own window when Redis stops, answering as before, and returns to Redis", async () => {
      await redis.stop();
      // One replica alive: its share is the whole limit, counted afresh in its own window.
      // /v1/symbols is answered by the app (not cached yet), /v1/pairs from the cache.
      expect(await limits("/v1/symbols", 1)).toEqual([[200, '"fair-use";r=3;t=60']]);
      const down = await limits("/v1/pairs", LIMIT);
      expect(down.map(([status]) => status)).toEqual([200, 200, 200, 429]);
      await redis.restart();
      // Redis is asked again at most once a second, on a request; its window is empty after the restart.
      await vi.waitFor(
        async () => {
          service.wallClock.advance(60_000);
          const [status] = (await limits("/v1/coins", 1))[0] ?? [];
          expect(status).toBe(200);
          // The log gathers lines for ~25 ms before writing them.
          await new Promise((resolve) => setTimeout(resolve, 60));
          const log = await readRequestLog(`${service.dataDir}/requests.log`);
          expect(log.at(-1)).toMatchObject({ path: "/v1/coins", status: 200 });
          expect(log.at(-1)?.limiter).toBeUndefined();
        },
        { timeout: 5_000, interval: 250 },
      );
    });

    it("marks in the request log each request decided without Redis, and no other", async () => {
      await service.close();
      const log = await readRequestLog(`${service.dataDir}/requests.log`);
      const pairs = log.filter((e) => e.path === "/v1/pairs");
      expect(pairs.map((e) => [e.status, e.limiter ?? "redis"])).toEqual([
        [200, "redis"],
        [200, "redis"],
        ...Array(LIMIT - 1).fill([200, "local"]),
        [429, "local"],
      ]);
      expect(log.filter((e) => e.path === "/v1/symbols").map((e) => e.limiter)).toEqual(["local"]);
    });
  },
);
