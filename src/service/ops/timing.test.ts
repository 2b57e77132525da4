import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../store/sqlite-store.ts";
import { lacksServers } from "../testing/servers/binaries.ts";
import { type TestRedis, testRedis } from "../testing/servers/redis-server.ts";
import { exposedSamples } from "./exposition.ts";
import { ServiceMetrics } from "./metrics.ts";
import { timed, timeRedisCommands, timeStore } from "./timing.ts";

async function samplesOf(metrics: ServiceMetrics): Promise<Map<string, number>> {
  return exposedSamples(await metrics.text());
}

describe("timed", () => {
  it("observes how long a promise took to settle and passes its value or its error through", async () => {
    const observed: number[] = [];
    const duration = { observe: (seconds: number) => observed.push(seconds) };
    const later = new Promise<string>((resolve) => setTimeout(() => resolve("answer"), 20));
    expect(await timed(duration, later)).toBe("answer");
    expect(observed).toHaveLength(1);
    expect(observed[0]).toBeGreaterThanOrEqual(0.015);

    const failure = new RangeError("no such series");
    await expect(timed(duration, Promise.reject(failure))).rejects.toBe(failure);
    expect(observed).toHaveLength(2);
  });
});

describe("timeStore on a real SqliteStore", () => {
  let dir: string;
  let raw: SqliteStore;
  let metrics: ServiceMetrics;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "timed-store-"));
    raw = SqliteStore.open(dir);
    metrics = new ServiceMetrics({ processFigures: false });
  });
  afterEach(async () => {
    await raw.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("times each asynchronous call by its method's name and returns what the store returns", async () => {
    const store = timeStore(raw, metrics);
    expect(store.engine).toBe("sqlite");
    await store.setMeta("seed", "42");
    expect(await store.getMeta("seed")).toBe("42");
    expect(await store.getMeta("absent")).toBeNull();
    const [id] = await store.ensureSeries([{ symbol: "BTC", exchange: null }]);
    // Synchronous methods stay synchronous: seriesId answers a number, not a promise.
    expect(store.seriesId("BTC", null)).toBe(id);
    expect(store.seriesId("ETH", null)).toBeNull();

    const samples = await samplesOf(metrics);
    const count = (operation: string) =>
      samples.get(`mdqs_store_operation_seconds_count{store="market",operation="${operation}"}`);
    expect(count("getMeta")).toBe(2);
    expect(count("setMeta")).toBe(1);
    expect(count("ensureSeries")).toBe(1);
    expect(count("seriesId")).toBeUndefined();
    expect(
      samples.get('mdqs_store_operation_seconds_bucket{le="30",store="market",operation="getMeta"}'),
    ).toBe(2);
  });

  it("passes a failing call's error through unchanged, timed and counted", async () => {
    const store = timeStore(raw, metrics);
    await raw.close();
    const direct = await raw.getMeta("seed").then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(direct).toBeInstanceOf(Error);
    const through = await store.getMeta("seed").then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(through?.constructor).toBe(direct?.constructor);
    expect(through?.message).toBe(direct?.message);

    const samples = await samplesOf(metrics);
    expect(samples.get('mdqs_store_operation_errors_total{store="market",operation="getMeta"}')).toBe(1);
    expect(samples.get('mdqs_store_operation_seconds_count{store="market",operation="getMeta"}')).toBe(1);
  });
});

describe.skipIf(lacksServers("Redis command timings", ["redis"]))("timeRedisCommands", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterAll(async () => {
    await redis?.drop();
  });

  it("times every command by name, a pipeline's too, and leaves replies and errors as they were", async () => {
    const metrics = new ServiceMetrics({ processFigures: false });
    const client = timeRedisCommands(new Redis(redis.url, { maxRetriesPerRequest: 1 }), metrics);
    try {
      expect(await client.set("figure", "7")).toBe("OK");
      expect(await client.get("figure")).toBe("7");
      const replies = await client.pipeline().incr("figure").incr("figure").get("figure").exec();
      expect(replies).toEqual([
        [null, 8],
        [null, 9],
        [null, "9"],
      ]);
      await expect(client.lpush("figure", "x")).rejects.toThrow(/WRONGTYPE/);

      const samples = await samplesOf(metrics);
      const count = (command: string) =>
        samples.get(`mdqs_redis_command_seconds_count{command="${command}"}`);
      expect(count("set")).toBe(1);
      expect(count("get")).toBe(2);
      expect(count("incr")).toBe(2);
      expect(count("lpush")).toBe(1);
    } finally {
      client.disconnect();
    }
  });
});
