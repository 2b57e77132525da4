import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SqliteAccessStore } from "../access/sqlite-access-store.ts";
import { SqliteStore } from "../store/sqlite-store.ts";
import { lacksServers } from "../testing/servers/binaries.ts";
import { type TestRedis, testRedis } from "../testing/servers/redis-server.ts";
import { ServiceMetrics } from "./metrics.ts";
import { exposedSamples } from "./testing/exposition.ts";
import { timeAccessStore, timed, timeRedisCommands, timeStore } from "./timing.ts";

async function samplesOf(metrics: ServiceMetrics): Promise<Map<string, number>> {
  return exposedSamples(await metrics.text());
}

describe("timed", () => {
  it("observes how long a promise took to settle and passes its value or its error through", async () => {
    const observed: number[] = [];
    const duration = { observe: (seconds: number) => observed.push(seconds) };
    // On a fake clock: Node's timers count from the event loop's cached time, so on a busy machine a real
    // 20 ms timer may settle after less than 20 ms of performance.now().
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      const later = new Promise<string>((resolve) => setTimeout(() => resolve("answer"), 20));
      const answered = timed(duration, later);
      await vi.advanceTimersByTimeAsync(20);
      expect(await answered).toBe("answer");
    } finally {
      vi.useRealTimers();
    }
    expect(observed).toHaveLength(1);
    expect(observed[0]).toBeCloseTo(0.02, 6);

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

describe("timeAccessStore on a real SqliteAccessStore", () => {
  it("times the access book's calls as store=access and returns what the store returns", async () => {
    const dir = mkdtempSync(join(tmpdir(), "timed-access-"));
    const raw = SqliteAccessStore.open(dir);
    const metrics = new ServiceMetrics({ processFigures: false });
    try {
      const store = timeAccessStore(raw, metrics);
      const hash = createHash("sha256").update("client-secret").digest("hex");
      const audit = { timeMs: 1_000, actor: "admin:0badc0de", action: "key.issue", target: "", detail: "" };
      const key = await store.insertKey(
        {
          name: "charts app",
          contact: "ops@example.org",
          hash,
          fingerprint: hash.slice(0, 8),
          role: "client",
          origin: "issued",
          limit: 60,
          temporaryLimit: null,
          temporaryUntilMs: null,
          createdMs: 1_000,
        },
        audit,
      );
      expect(await store.listKeys()).toEqual([key]);
      await expect(store.insertKey({ ...key, name: "the same secret again" }, audit)).rejects.toThrow();

      const samples = await samplesOf(metrics);
      const count = (operation: string) =>
        samples.get(`mdqs_store_operation_seconds_count{store="access",operation="${operation}"}`);
      expect(count("insertKey")).toBe(2);
      expect(count("listKeys")).toBe(1);
      expect(samples.get('mdqs_store_operation_errors_total{store="access",operation="insertKey"}')).toBe(1);
    } finally {
      await raw.close();
      rmSync(dir, { recursive: true, force: true });
    }
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
