import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { findProgram, lacksServers, missingServersMessage } from "./binaries.ts";
import { type HaproxyServer, haproxyConfig, startHaproxy } from "./haproxy-server.ts";
import { startPostgres, type TestDatabase, testDatabase } from "./postgres-server.ts";
import { type RedisServer, startRedis, type TestRedis, testRedis } from "./redis-server.ts";

describe("finding the servers' programs", () => {
  const folder = mkdtempSync(join(tmpdir(), "programs-"));
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("finds an executable in the extra folders, not a plain file", () => {
    writeFileSync(join(folder, "runnable"), "#!/bin/sh\n");
    chmodSync(join(folder, "runnable"), 0o755);
    writeFileSync(join(folder, "plain"), "text");
    process.env.PATH = "";
    expect(findProgram("runnable", [folder])).toBe(join(folder, "runnable"));
    expect(findProgram("plain", [folder])).toBeUndefined();
  });

  it("names a missing server and the apt-get line that installs it", () => {
    process.env.PATH = folder;
    expect(missingServersMessage(["redis"])).toBe(
      "missing redis (redis-server not found); install with: apt-get install -y redis-server (Debian/Ubuntu)",
    );
  });

  it("skips with one line when a server is missing, not when its URL is given", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const redisUrl = process.env.REDIS_URL;
    try {
      process.env.PATH = folder;
      delete process.env.REDIS_URL;
      expect(lacksServers("the Redis tests", ["redis"])).toBe(true);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^skipped the Redis tests: missing redis /));
      process.env.REDIS_URL = "redis://127.0.0.1:1";
      expect(lacksServers("the Redis tests", ["redis"])).toBe(false);
    } finally {
      warn.mockRestore();
      if (redisUrl === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = redisUrl;
    }
  });
});

describe.skipIf(lacksServers("the PostgreSQL server tests", ["postgresql"]))(
  "a throw-away PostgreSQL",
  () => {
    const databases: TestDatabase[] = [];
    afterAll(async () => {
      for (const database of databases) await database.drop();
    });

    it("gives each test a database of its own", async () => {
      const [first, second] = [await testDatabase(), await testDatabase()];
      databases.push(first, second);
      expect(first.url).not.toBe(second.url);
      const [one, two] = [postgres(first.url, { max: 1 }), postgres(second.url, { max: 1 })];
      try {
        expect(await one`select 1 as answer`).toEqual([{ answer: 1 }]);
        await one`create table only_here (n int)`;
        const tables = await two`select count(*)::int as n from pg_tables where tablename = 'only_here'`;
        expect(tables).toEqual([{ n: 0 }]);
      } finally {
        await Promise.all([one.end(), two.end()]);
      }
    });

    it("writes durably only when asked (the cluster), not for tests", async () => {
      const database = await testDatabase();
      databases.push(database);
      const durable = await startPostgres({ fsync: true });
      const [fast, safe] = [postgres(database.url, { max: 1 }), postgres(durable.url, { max: 1 })];
      try {
        expect(await fast`show fsync`).toEqual([{ fsync: "off" }]);
        expect(await safe`show fsync`).toEqual([{ fsync: "on" }]);
      } finally {
        await Promise.all([fast.end(), safe.end()]);
        await durable.stop();
      }
    });

    it("drops a database even while a client still holds it open", async () => {
      const database = await testDatabase();
      const keeper = await testDatabase();
      databases.push(keeper);
      const holder = postgres(database.url, { max: 1, onnotice: () => {} });
      await holder`select 1`;
      await database.drop();
      await holder.end({ timeout: 0 });
      const probe = postgres(keeper.url.replace(/\/t_[0-9a-f]+/, "/postgres"), { max: 1 });
      const name = new URL(database.url).pathname.slice(1);
      try {
        expect(await probe`select datname from pg_database where datname = ${name}`).toEqual([]);
      } finally {
        await probe.end();
      }
    });
  },
);

describe.skipIf(lacksServers("the Redis server tests", ["redis"]))("a throw-away Redis", () => {
  let redis: RedisServer;
  let client: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url, { maxRetriesPerRequest: 20 });
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it("answers PING and comes back empty on the same port after restart()", async () => {
    expect(await client.ping()).toBe("PONG");
    await client.set("survives", "no");
    const port = redis.port;
    await redis.restart();
    expect(redis.port).toBe(port);
    // The same client reconnects by itself: the address did not change.
    expect(await client.ping()).toBe("PONG");
    expect(await client.get("survives")).toBeNull();
  });

  it("gives each test its own database index of the server REDIS_URL names", async () => {
    const given = process.env.REDIS_URL;
    process.env.REDIS_URL = redis.url;
    const claimed: TestRedis[] = [];
    try {
      claimed.push(await testRedis(), await testRedis());
      const [first, second] = claimed.map((test) => new Redis(test.url));
      await first?.set("mine", "first");
      expect(await second?.get("mine")).toBeNull();
      first?.disconnect();
      second?.disconnect();
      expect(claimed.map((test) => test.server)).toEqual([undefined, undefined]);
      await claimed[0]?.drop();
      const again = await testRedis();
      claimed.push(again);
      // The freed index is claimed again, and comes empty.
      expect(again.url).toBe(claimed[0]?.url);
      const reader = new Redis(again.url);
      expect(await reader.get("mine")).toBeNull();
      reader.disconnect();
    } finally {
      for (const test of claimed.slice(1)) await test.drop();
      if (given === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = given;
    }
  });
});

describe.skipIf(lacksServers("the HAProxy server tests", ["haproxy"]))(
  "HAProxy in front of two backends",
  () => {
    const seen: { backend: string; headers: IncomingHttpHeaders }[] = [];
    const backends = new Map<string, Server>();
    let haproxy: HaproxyServer;

    function backend(name: string): Promise<number> {
      const server = createServer((request, response) => {
        if (request.url !== "/readyz") seen.push({ backend: name, headers: request.headers });
        response.end(name);
      });
      backends.set(name, server);
      return new Promise((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
      );
    }

    function close(name: string): Promise<void> {
      const server = backends.get(name);
      backends.delete(name);
      if (!server) return Promise.resolve();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    }

    beforeAll(async () => {
      const [a, b] = [await backend("a"), await backend("b")];
      haproxy = await startHaproxy({
        backends: [
          { name: "a", port: a },
          { name: "b", port: b },
        ],
      });
    });
    afterAll(async () => {
      await haproxy?.stop();
      await Promise.all([...backends.keys()].map(close));
    });

    it("spreads requests round robin and adds X-Forwarded-For", async () => {
      seen.length = 0;
      const answers: string[] = [];
      for (let i = 0; i < 6; i++) answers.push(await (await fetch(`${haproxy.url}/v1/coins`)).text());
      expect(answers.filter((answer) => answer === "a")).toHaveLength(3);
      expect(answers.filter((answer) => answer === "b")).toHaveLength(3);
      expect(answers.slice(0, 2).sort()).toEqual(["a", "b"]);
      expect(seen.map(({ headers }) => headers["x-forwarded-for"])).toEqual(Array(6).fill("127.0.0.1"));
    });

    it("routes around a stopped backend once its health check fails", async () => {
      await close("a");
      await vi.waitFor(async () => expect((await haproxy.serverStates()).a).toBe("DOWN"), {
        timeout: 10_000,
        interval: 200,
      });
      expect((await haproxy.serverStates()).b).toBe("UP");
      seen.length = 0;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await fetch(`${haproxy.url}/v1/coins`, { method: "POST" })).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      expect(seen.map(({ backend }) => backend)).toEqual(["b", "b", "b", "b"]);
    });
  },
);

describe("the HAProxy configuration", () => {
  const base = { bind: "127.0.0.1:1", healthPath: "/readyz", statsSocket: "/tmp/s" };

  it("checks health on the path given and retries only connection failures", () => {
    const config = haproxyConfig({ ...base, backends: [{ name: "api-1", port: 9001 }] });
    expect(config).toContain("http-check send meth GET uri /readyz");
    expect(config).toContain("retry-on conn-failure");
    expect(config).toMatch(/server api-1 127\.0\.0\.1:9001\n/);
  });

  it("refuses a name or path that would change the configuration", () => {
    expect(() => haproxyConfig({ ...base, backends: [{ name: "a\n  bind :80", port: 1 }] })).toThrow(/name/);
    expect(() => haproxyConfig({ ...base, healthPath: "/x y", backends: [] })).toThrow(/health path/);
  });
});
