// The service as several processes: one ingest and three api replicas on PostgreSQL and Redis behind
// HAProxy, all real and started by the test (startCluster), then broken on purpose. The market runs 60×
// real time (a block every 2 s) so blocks come and go within the test.
import { Redis } from "ioredis";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INVALIDATION_CHANNEL } from "../src/service/invalidation/redis-invalidations.ts";
import { lacksServers } from "../src/service/testing/servers/binaries.ts";
import { freePort } from "../src/service/testing/servers/free-port.ts";
import { type HaproxyServer, startHaproxy } from "../src/service/testing/servers/haproxy-server.ts";
import { type Cluster, startCluster } from "./cluster-processes.ts";
import { type ServiceProcess, serviceProcess } from "./service-process.ts";

/** A key without limit for the test's own reads (the fair-usage limit is 5 a minute for everyone else). */
const READER = "reader-key-0123456789";
const WRITER = "distributed-write-key-0123456789";
const SETTINGS = {
  MARKET_SOURCE: "simulator",
  HISTORY_DAYS: "1",
  MARKET_COINS: "BTC,ETH",
  MARKET_SPEED: "60",
  RATE_LIMIT: "5",
  API_KEYS: `${READER}:0`,
  WRITE_KEYS: WRITER,
  // Named here rather than made by startCluster: joining() starts replicas of its own, which need it too.
  ADMIN_KEYS: "distributed-admin-key-0123456789",
};
const read = { headers: { "X-Api-Key": READER } };

describe.skipIf(lacksServers("the distributed tests"))("the service on several processes", () => {
  let cluster: Cluster;
  let sql: postgres.Sql;
  const unexpected: string[] = [];
  const extra: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    cluster = await startCluster({
      replicas: 3,
      fsync: false,
      env: { all: SETTINGS },
      onUnexpectedExit: (name, how) => unexpected.push(`${name}: ${how}`),
    });
    sql = postgres(cluster.postgres.url, { max: 2, onnotice: () => {} });
  }, 300_000);
  afterAll(async () => {
    for (const one of extra) await one.stop();
    await sql?.end();
    await cluster?.stop();
  }, 120_000);

  const replica = (i: number) => cluster.replicas[i] as ServiceProcess;
  /** One more process of the cluster, not started yet, on its databases and a port of its own. */
  const joining = async (name: string, role: "api" | "ingest", env: Record<string, string> = {}) => {
    const port = await freePort();
    return serviceProcess({
      name,
      port,
      env: {
        ...SETTINGS,
        PORT: String(port),
        ROLE: role,
        DATABASE_URL: cluster.postgres.url,
        REDIS_URL: cluster.redis.url,
        DATA_DIR: `${cluster.folder}/${name}`,
        ...env,
      },
      flags: [],
      readyTimeoutMs: 60_000,
      onOutput: () => {},
      onUnexpectedExit: () => {},
    });
  };
  const json = async (url: string) => (await (await fetch(url, read)).json()) as Record<string, unknown>;

  it("answers all eleven endpoints through the balancer", async () => {
    const paths = [
      "/v1/coins",
      "/v1/pairs",
      "/v1/symbols",
      "/v1/quotation/BTC",
      "/v1/symbol/BTC",
      "/v1/chartPoints/MEDIR120/Binance/BTC",
      "/v1/chartPointsAllExchanges/MA120/BTC?scale=1h",
      "/v1/supply/BTC",
      "/v1/interestrates",
      "/v1/interestrate/ESTER",
      "/v1/interestrate/SOFR/2026-11-02",
    ];
    for (const path of paths) {
      const response = await fetch(cluster.url + path, read);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-Market-Source"), path).toBe("simulator");
      await response.body?.cancel();
    }
  });

  it("gives a burst of clients spread over the replicas exactly their limit each, with one Retry-After", async () => {
    // Each client is an address behind the balancer (X-Forwarded-For, believed from HAProxy: TRUST_PROXY).
    const clients = Array.from({ length: 24 }, (_, i) => `198.51.100.${i + 1}`);
    const answers = await Promise.all(
      clients.flatMap((address) =>
        Array.from({ length: 9 }, async () => {
          const response = await fetch(`${cluster.url}/v1/quotation/BTC`, {
            headers: { "X-Forwarded-For": address },
          });
          await response.body?.cancel();
          return { address, status: response.status, retryAfter: response.headers.get("Retry-After") };
        }),
      ),
    );
    for (const address of clients) {
      const own = answers.filter((a) => a.address === address);
      expect(
        own.filter((a) => a.status === 200),
        address,
      ).toHaveLength(5);
      expect(
        own.filter((a) => a.status === 429),
        address,
      ).toHaveLength(4);
    }
    const retryAfter = new Set(answers.filter((a) => a.status === 429).map((a) => a.retryAfter));
    expect([...retryAfter].every((value) => Number(value) >= 59 && Number(value) <= 60)).toBe(true);
  });

  it("serves a supply posted on one replica from the others at once", async () => {
    const supply = 19_000_000 + Math.floor(Math.random() * 1_000_000);
    const posted = await fetch(`${replica(0).url}/v1/supply`, {
      method: "POST",
      headers: { ...read.headers, Authorization: `Bearer ${WRITER}`, "Content-Type": "application/json" },
      body: JSON.stringify({ Symbol: "BTC", CirculatingSupply: supply, Source: "distributed test" }),
    });
    expect(posted.status).toBe(200);
    for (const i of [1, 2]) {
      expect((await json(`${replica(i).url}/v1/supply/BTC`)).circulatingSupply).toBe(supply);
    }
  });

  it("serves a new block from every replica within a second of the ingest announcing it", async () => {
    const listener = new Redis(cluster.redis.url);
    try {
      await listener.subscribe(INVALIDATION_CHANNEL);
      const stored = await new Promise<number>((resolve) => {
        listener.on("message", (_channel, text: string) => {
          const news = JSON.parse(text) as { news?: { kind: string; lastBlockTime?: number } };
          if (news.news?.kind === "block") resolve(news.news.lastBlockTime as number);
        });
      });
      const heard = performance.now();
      // The quotation's time is a moment after the newest block's end (see market-view.ts).
      const served = async (i: number) =>
        Math.floor(Date.parse((await json(`${replica(i).url}/v1/quotation/BTC`)).time as string) / 120_000) *
        120;
      await Promise.all(
        [0, 1, 2].map((i) =>
          vi.waitFor(async () => expect(await served(i)).toBe(stored), { timeout: 1_000, interval: 20 }),
        ),
      );
      expect(performance.now() - heard).toBeLessThan(1_000);
    } finally {
      listener.disconnect();
    }
  });

  it("believes X-Forwarded-For only from a trusted balancer", async () => {
    // One more replica without TRUST_PROXY, behind a balancer of its own: every client is the balancer.
    const untrusting = await joining("untrusting", "api", { TRUST_PROXY: "" });
    await untrusting.start();
    extra.push(untrusting);
    const balancer: HaproxyServer = await startHaproxy({ backends: [{ name: "u", port: untrusting.port }] });
    extra.push(balancer);
    await vi.waitFor(async () => expect(Object.values(await balancer.serverStates())).toEqual(["UP"]), {
      timeout: 10_000,
    });
    const statuses: number[] = [];
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${balancer.url}/v1/symbols`, {
          headers: { "X-Forwarded-For": address },
        });
        await response.body?.cancel();
        statuses.push(response.status);
      }
    }
    // Nine requests from "three clients" are one client's (the balancer's address, which may have spent
    // some of its five already): believed, each of the three would have had all three answered.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
  });

  it("loses no acknowledged write when a replica is killed under load, and the balancer routes around it", async () => {
    const source = `kill test ${Date.now()}`;
    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const supply = 1_000_000 + n * 100_000 + i;
        const response = await fetch(`${cluster.url}/v1/supply`, {
          method: "POST",
          headers: { ...read.headers, Authorization: `Bearer ${WRITER}`, "Content-Type": "application/json" },
          body: JSON.stringify({ Symbol: "ETH", CirculatingSupply: supply, Source: source }),
        }).catch(() => null);
        if (response?.status === 200) acknowledged.push(supply);
        await response?.body?.cancel();
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await replica(1).kill("SIGKILL");
    await vi.waitFor(async () => expect((await cluster.haproxy.serverStates())["api-2"]).toMatch(/DOWN/), {
      timeout: 10_000,
    });
    // Once the balancer has noticed, every request is answered by the two left.
    const afterwards = await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${cluster.url}/v1/symbols`, read).then((r) => r.status)),
    );
    stop = true;
    await Promise.all(writers);
    expect(afterwards.every((status) => status === 200)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = await sql<{ supply: number }[]>`
      SELECT circulating_supply AS supply FROM supply WHERE source = ${source}`;
    const kept = new Set(stored.map((row) => Number(row.supply)));
    expect(acknowledged.filter((supply) => !kept.has(supply))).toEqual([]);
    await replica(1).start();
  });

  it("leaves no duplicate and no missing block when the ingest is killed, a standby takes over and it restarts", async () => {
    const [series] = await sql<
      { id: number }[]
    >`SELECT id FROM series WHERE symbol = 'BTC' AND exchange = ''`;
    const lastEnd = async () =>
      Number((await sql`SELECT value FROM meta WHERE key = 'last_block_end'`)[0]?.value ?? 0);
    // A second ingest waits for the lock while the first writes.
    const standby = await joining("standby", "ingest");
    const waiting = standby.start();
    extra.push(standby);
    await vi.waitFor(() => expect(standby.recentOutput()).toMatch(/waiting to take over/), {
      timeout: 20_000,
    });
    const before = await lastEnd();
    await cluster.ingest.kill("SIGKILL");
    await waiting;
    await vi.waitFor(async () => expect(await lastEnd()).toBeGreaterThan(before + 240), { timeout: 20_000 });
    await standby.kill("SIGTERM");
    await cluster.ingest.start();
    const restartedAt = await lastEnd();
    await vi.waitFor(async () => expect(await lastEnd()).toBeGreaterThan(restartedAt + 240), {
      timeout: 20_000,
    });
    const rows = await sql<{ time: number }[]>`
      SELECT time FROM blocks WHERE series = ${series?.id ?? -1} ORDER BY time`;
    const times = rows.map((row) => Number(row.time));
    const first = times[0] as number;
    const last = times[times.length - 1] as number;
    expect(new Set(times).size).toBe(times.length);
    expect(times).toHaveLength((last - first) / 120 + 1);
  });

  it("falls back to each replica's share of the limit while Redis is down, and back to one limit after", async () => {
    const redis = cluster.redis.server;
    if (!redis) throw new Error("the cluster's Redis is not its own");
    const burst = async (address: string, n: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) {
        const response = await fetch(`${cluster.url}/v1/pairs`, { headers: { "X-Forwarded-For": address } });
        await response.body?.cancel();
        statuses.push(response.status);
      }
      return statuses;
    };
    await redis.stop();
    try {
      // Three replicas, a limit of 5: each admits floor(5 / 3) = 1 a minute, so never more than 5 in all.
      const down = await burst("192.0.2.10", 12);
      expect(down.filter((s) => s >= 500)).toEqual([]);
      expect(down.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect(down.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
      // A write still works, and its replica serves it at once; the news waits for Redis.
      const posted = await fetch(`${replica(0).url}/v1/supply`, {
        method: "POST",
        headers: { ...read.headers, Authorization: `Bearer ${WRITER}`, "Content-Type": "application/json" },
        body: JSON.stringify({ Symbol: "ETH", CirculatingSupply: 120_654_321, Source: "redis down" }),
      });
      expect(posted.status).toBe(200);
      expect((await json(`${replica(0).url}/v1/supply/ETH`)).circulatingSupply).toBe(120_654_321);
    } finally {
      await redis.restart();
    }
    await vi.waitFor(
      async () =>
        expect(
          (await burst(`192.0.2.${20 + Math.floor(Math.random() * 200)}`, 7)).filter((s) => s === 200),
        ).toHaveLength(5),
      { timeout: 15_000, interval: 500 },
    );
    expect(unexpected).toEqual([]);
  });
});
