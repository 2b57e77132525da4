// Cache invalidations between two "replicas" through a real Redis: heard by both in order, the sender once; a
// resync after Redis comes back; nothing held open after close().
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { lacksServers } from "../testing/servers/binaries.ts";
import { type TestRedis, testRedis } from "../testing/servers/redis-server.ts";
import type { Invalidation } from "./invalidations.ts";
import { INVALIDATION_CHANNEL, RedisInvalidations } from "./redis-invalidations.ts";

let redis: TestRedis;
let channels: RedisInvalidations[] = [];

async function replica(): Promise<{ news: RedisInvalidations; heard: Invalidation[]; lines: string[] }> {
  const lines: string[] = [];
  const news = await RedisInvalidations.open(redis.url, { log: (line) => lines.push(line) });
  channels.push(news);
  const heard: Invalidation[] = [];
  news.subscribe((item) => heard.push(item));
  return { news, heard, lines };
}

/** The bound: every replica serves a new block within a second of it being stored. */
const WITHIN = { timeout: 1_000, interval: 10 };

describe.skipIf(lacksServers("market news through Redis", ["redis"]))("market news through Redis", () => {
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterEach(async () => {
    await Promise.all(channels.map((news) => news.close()));
    channels = [];
  });
  afterAll(async () => {
    await redis?.drop();
  });

  it("is heard by every replica in the order announced, by the sender once", async () => {
    const [a, b] = [await replica(), await replica()];
    const sent: Invalidation[] = [
      { kind: "block", lastBlockTime: 1_763_640_000 },
      { kind: "supply", symbol: "BTC" },
      { kind: "rates" },
      { kind: "block", lastBlockTime: 1_763_640_120 },
      { kind: "history" },
      { kind: "market" },
    ];
    for (const news of sent) await a.news.announce(news);
    // The sender's listeners heard each at once, from announce itself.
    expect(a.heard).toEqual(sent);
    await vi.waitFor(() => expect(b.heard).toEqual(sent), WITHIN);
    // Its own echo from Redis is not heard a second time.
    await b.news.announce({ kind: "rates" });
    await vi.waitFor(() => expect(a.heard).toHaveLength(sent.length + 1), WITHIN);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.heard).toEqual([...sent, { kind: "rates" }]);
    expect(b.heard).toEqual([...sent, { kind: "rates" }]);
  });

  it("ignores, with a log line, a message on the channel that is not market news", async () => {
    const b = await replica();
    const stranger = new Redis(redis.url);
    try {
      await stranger.publish(INVALIDATION_CHANNEL, "not json");
      await stranger.publish(INVALIDATION_CHANNEL, JSON.stringify({ from: "x", news: { kind: "block" } }));
      await stranger.publish(
        INVALIDATION_CHANNEL,
        JSON.stringify({ from: "x", news: { kind: "supply", symbol: "ETH" } }),
      );
    } finally {
      stranger.disconnect();
    }
    await vi.waitFor(() => expect(b.heard).toEqual([{ kind: "supply", symbol: "ETH" }]), WITHIN);
    expect(b.lines).toHaveLength(2);
    expect(b.lines[0]).toMatch(/not JSON/);
    expect(b.lines[1]).toMatch(/not market news/);
  });

  it.skipIf(process.env.REDIS_URL)(
    "tells a resync when Redis comes back, then news flows again",
    async () => {
      const [a, b] = [await replica(), await replica()];
      expect(await b.news.ping()).toBe(true);
      await redis.server?.stop();
      await vi.waitFor(async () => expect(await b.news.ping()).toMatch(/Redis unreachable/), WITHIN);
      // Announced while Redis is away: the sender's listeners hear it, the others cannot, and it says so.
      await expect(a.news.announce({ kind: "block", lastBlockTime: 120 })).rejects.toThrow();
      expect(a.heard).toEqual([{ kind: "block", lastBlockTime: 120 }]);
      await redis.server?.restart();
      await vi.waitFor(() => expect(b.heard).toEqual([{ kind: "resync" }]), { timeout: 5_000, interval: 50 });
      await vi.waitFor(() => expect(a.heard.at(-1)).toEqual({ kind: "resync" }), {
        timeout: 5_000,
        interval: 50,
      });
      // The publisher reconnects on its own schedule; news goes through once both sides are back.
      await vi.waitFor(() => a.news.announce({ kind: "block", lastBlockTime: 240 }), {
        timeout: 5_000,
        interval: 100,
      });
      await vi.waitFor(
        () => expect(b.heard).toEqual([{ kind: "resync" }, { kind: "block", lastBlockTime: 240 }]),
        WITHIN,
      );
      expect(await b.news.ping()).toBe(true);
    },
  );

  it("holds nothing open after close(): a process that used it exits by itself", async () => {
    const dir = mkdtempSync(join(tmpdir(), "news-close-"));
    try {
      // .mts: outside this package a .ts file would be loaded as CommonJS, without top-level await.
      const script = join(dir, "replica.mts");
      const module = fileURLToPath(new URL("./redis-invalidations.ts", import.meta.url));
      writeFileSync(
        script,
        `import { RedisInvalidations } from ${JSON.stringify(module)};
const news = await RedisInvalidations.open(${JSON.stringify(redis.url)});
let heard = 0;
news.subscribe(() => heard++);
await news.announce({ kind: "rates" });
await news.close();
console.log(heard);
`,
      );
      const child = spawn(process.execPath, ["--import", "tsx", script], {
        cwd: process.cwd(),
        stdio: ["ignore", "pipe", "inherit"],
      });
      let out = "";
      child.stdout.on("data", (chunk) => {
        out += chunk;
      });
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const [code, signal] = await once(child, "exit");
      clearTimeout(killer);
      expect({ code, signal, out: out.trim() }).toEqual({ code: 0, signal: null, out: "1" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
