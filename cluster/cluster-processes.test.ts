import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lacksServers } from "../src/service/testing/servers/binaries.ts";
import { type TestDatabase, testDatabase } from "../src/service/testing/servers/postgres-server.ts";
import { type TestRedis, testRedis } from "../src/service/testing/servers/redis-server.ts";
import { type Cluster, startCluster } from "./cluster-processes.ts";

// The real service in its roles: one ingest and two replicas on a throw-away PostgreSQL and Redis.
describe.skipIf(lacksServers("the cluster tests"))("a cluster started by startCluster", () => {
  let cluster: Cluster;
  const unexpected: string[] = [];

  let database: TestDatabase | undefined;
  let redis: TestRedis | undefined;

  beforeAll(async () => {
    database = process.env.DATABASE_URL ? await testDatabase() : undefined;
    redis = process.env.REDIS_URL ? await testRedis() : undefined;
    cluster = await startCluster({
      replicas: 2,
      // Servers given in the environment (CI may provide them); else the cluster's own throw-away ones.
      ...(database ? { databaseUrl: database.url } : {}),
      ...(redis ? { redisUrl: redis.url } : {}),
      fsync: false,
      env: {
        all: { MARKET_SOURCE: "simulator", HISTORY_DAYS: "1", MARKET_COINS: "BTC,ETH", RATE_LIMIT: "0" },
      },
      onUnexpectedExit: (name, how) => unexpected.push(`${name}: ${how}`),
    });
  }, 300_000);
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    await redis?.drop();
  });

  it("serves /v1 through HAProxy from every replica", async () => {
    expect(Object.values(await cluster.haproxy.serverStates())).toEqual(["UP", "UP"]);
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${cluster.url}/v1/coins`);
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    for (const replica of cluster.replicas) expect((await fetch(`${replica.url}/readyz`)).status).toBe(200);
  });

  it("routes around a replica killed with SIGKILL, and takes it back once it is started again", async () => {
    const [killed] = cluster.replicas;
    if (!killed) throw new Error("no replica");
    await killed.kill("SIGKILL");
    expect(killed.pid()).toBeUndefined();
    for (let i = 0; i < 4; i++) expect((await fetch(`${cluster.url}/v1/coins`)).status).toBe(200);
    await vi.waitFor(async () => expect((await cluster.haproxy.serverStates())[killed.name]).toBe("DOWN"), {
      timeout: 10_000,
      interval: 200,
    });
    await killed.start();
    await vi.waitFor(async () => expect((await cluster.haproxy.serverStates())[killed.name]).toBe("UP"), {
      timeout: 10_000,
      interval: 200,
    });
    expect(unexpected).toEqual([]);
  });

  it("reports a process that dies without being asked to", async () => {
    const [, victim] = cluster.replicas;
    const pid = victim?.pid();
    if (!victim || pid === undefined) throw new Error("no running replica");
    process.kill(pid, "SIGKILL");
    await vi.waitFor(() => expect(unexpected).toEqual([`${victim.name}: killed by SIGKILL`]));
    await victim.start();
  });

  it("stops every process and removes its folder", async () => {
    const processes = [cluster.ingest, ...cluster.replicas];
    const { folder } = cluster;
    expect(existsSync(folder)).toBe(true);
    await cluster.stop();
    for (const service of processes) expect(service.pid()).toBeUndefined();
    expect(existsSync(folder)).toBe(false);
    await expect(fetch(`${cluster.url}/v1/coins`)).rejects.toThrow();
    await expect(fetch(`${cluster.replicas[0]?.url}/healthz`)).rejects.toThrow();
  });
});
