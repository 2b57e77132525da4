// The operator's changes on the cluster: one ingest and three api replicas on PostgreSQL and Redis behind
// HAProxy, each change made through one replica's /admin and probed on every replica directly, timed from
// the moment the change got its response. A replica learns a change from an invalidation (Redis) or, one
// lost, from the store's access version (polled every POLL_MS): either way within a second.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AddressRule, AdminHealth, ClientKey, IssuedKey, UsageReview } from "../src/interface/admin.ts";
import { FLUSH_MS } from "../src/service/access/usage-tally.ts";
import { INVALIDATION_CHANNEL } from "../src/service/invalidation/redis-invalidations.ts";
import { lacksServers } from "../src/service/testing/servers/binaries.ts";
import {
  type Answer,
  ask,
  describeReached,
  freshAddress,
  operatorOn,
  type Reached,
  untilEveryReplica,
} from "./admin-probes.ts";
import { type Cluster, startCluster } from "./cluster-processes.ts";
import type { ServiceProcess } from "./service-process.ts";

const SETTINGS = {
  MARKET_SOURCE: "simulator",
  HISTORY_DAYS: "1",
  MARKET_COINS: "BTC,ETH",
  MARKET_SPEED: "60",
  RATE_LIMIT: "5",
};
const WITHIN_MS = 1_000;

describe.skipIf(lacksServers("the operator's distributed tests"))(
  "the operator's changes on the cluster",
  () => {
    let cluster: Cluster;
    let admin: ReturnType<typeof operatorOn>;
    const unexpected: string[] = [];
    /** Every wait for the replicas, for the run's log: how soon "at once" was. */
    const timings: string[] = [];

    beforeAll(async () => {
      cluster = await startCluster({
        replicas: 3,
        fsync: false,
        env: { all: SETTINGS },
        onUnexpectedExit: (name, how) => unexpected.push(`${name}: ${how}`),
      });
      if (cluster.adminKey === undefined) throw new Error("the cluster made no admin key");
      admin = operatorOn(cluster.adminKey);
    }, 300_000);
    afterAll(async () => {
      if (process.env.OPERATOR_TIMINGS) console.info(timings.join("\n"));
      await cluster?.stop();
      expect(unexpected).toEqual([]);
    }, 120_000);

    const replica = (i: number) => cluster.replicas[i] as ServiceProcess;
    const issue = (through: ServiceProcess, name: string, limit: number) =>
      admin<IssuedKey>(through, "POST", "/admin/keys", { name, contact: "ops@test.example", limit });
    /** Waits until every replica's answer is accepted; asserts each got there within a second. */
    const everyReplica = async (
      what: string,
      probe: (replica: ServiceProcess) => Promise<Answer>,
      accept: (answer: Answer) => boolean,
      since: number,
    ): Promise<Reached[]> => {
      const reached = await untilEveryReplica(cluster.replicas, probe, accept, since);
      timings.push(`${what}: ${describeReached(reached)}`);
      for (const one of reached)
        expect(one.ms, `${what}: ${describeReached(reached)}`).toBeLessThan(WITHIN_MS);
      return reached;
    };
    const withKey = (secret: string) => (r: ServiceProcess) =>
      ask(r, "/v1/coins", freshAddress("100.64"), secret);

    it("serves a key issued on one replica from every replica under its limit, and its limit is shared", async () => {
      // Limit 3, not 2: one 200 on each of three replicas takes three requests of the one shared window.
      const { secret } = await issue(replica(0), "issued at once", 3);
      const issued = performance.now();
      const reached = await everyReplica(
        "issued (limit 3)",
        withKey(secret),
        (a) => a.status === 200 && a.limit === 3,
        issued,
      );
      // At once everywhere: the replica that issued it read it again before answering, and the others
      // check the store's version before refusing a key they do not know, whether or not the news came.
      expect(reached.map((r) => r.tries)).toEqual([1, 1, 1]);
      // Three admitted in all: the fourth, on any replica, is over the key's limit.
      expect(await ask(cluster, "/v1/coins", freshAddress("100.64"), secret)).toEqual({
        status: 429,
        limit: 3,
      });
    });

    it("decides a key under its lowered limit on every replica within a second, one window across them", async () => {
      // Unlimited first: the probes before a replica has the new limit spend nothing.
      const { key, secret } = await issue(replica(0), "lowered", 0);
      await everyReplica("issued (unlimited)", withKey(secret), (a) => a.status === 200, performance.now());
      await admin(replica(1), "PATCH", `/admin/keys/${key.id}`, { limit: 2 });
      const lowered = await everyReplica(
        "lowered to 2",
        withKey(secret),
        (a) => a.limit === 2,
        performance.now(),
      );
      // The first answer under the new limit on each replica: two admitted in all, the third refused.
      expect(lowered.map((r) => r.answer.status).sort()).toEqual([200, 200, 429]);

      const until = new Date(Date.now() + 10 * 60_000).toISOString();
      const limited = await admin<ClientKey>(replica(2), "PUT", `/admin/keys/${key.id}/temporary-limit`, {
        limit: 1,
        until,
      });
      expect([limited.state, limited.effectiveLimit]).toEqual(["limited", 1]);
      const temporary = await everyReplica(
        "limited to 1 until a time",
        withKey(secret),
        (a) => a.limit === 1,
        performance.now(),
      );
      expect(temporary.map((r) => r.answer.status)).toEqual([429, 429, 429]);
    });

    it("answers a key revoked on one replica 401 on every replica within a second", async () => {
      const { key, secret } = await issue(replica(0), "to be revoked", 0);
      await everyReplica("issued (to revoke)", withKey(secret), (a) => a.status === 200, performance.now());
      await admin(replica(2), "POST", `/admin/keys/${key.id}/revoke`);
      await everyReplica("revoked", withKey(secret), (a) => a.status === 401, performance.now());
    });

    it("refuses a blocked range 403 on every replica within a second, and serves it again once removed", async () => {
      // Each probe is a new address of the range, so none spends another's budget before the rule lands.
      const fromRange = (r: ServiceProcess) => ask(r, "/v1/coins", freshAddress("198.18"));
      const rule = await admin<AddressRule>(replica(1), "POST", "/admin/addresses", {
        cidr: "198.18.0.0/16",
        action: "block",
        note: "operator suite",
      });
      await everyReplica("address blocked", fromRange, (a) => a.status === 403, performance.now());
      // Through the balancer too: its X-Forwarded-For names the client.
      expect((await ask(cluster, "/v1/coins", freshAddress("198.18"))).status).toBe(403);
      await admin(replica(2), "DELETE", `/admin/addresses/${rule.id}`);
      await everyReplica("address unblocked", fromRange, (a) => a.status === 200, performance.now());
    });

    it("reviews exactly what a scripted set of clients sent, from any replica, within a flush", async () => {
      const { key, secret } = await issue(replica(0), "reviewed app", 6);
      // The news of a key takes some milliseconds: the app's first request on each replica waits for it
      // (the answers before are 401s counted under other addresses, not in the script).
      await everyReplica(
        "issued (for the review)",
        (r) => ask(r, "/v1/symbols", freshAddress("100.64"), secret),
        (a) => a.status === 200,
        performance.now(),
      );
      // Requests in turn through the balancer and to each replica directly.
      const doors = [cluster, replica(0), replica(1), replica(2)];
      let turn = 0;
      const send = (path: string, address: string, apiKey?: string) =>
        ask(doors[turn++ % doors.length] as { url: string }, path, address, apiKey);
      const statuses: number[] = [];
      const script: [path: string, times: number, address: string, apiKey?: string][] = [
        ["/v1/coins", 5, "192.0.2.50", secret],
        ["/v1/pairs", 2, "192.0.2.50", secret],
        ["/v1/symbols", 4, "192.0.2.51"],
        ["/v1/quotation/BTC", 3, "192.0.2.51"],
        ["/v1/coins", 2, "192.0.2.52"],
        ["/v1/quotation/NOSUCHCOIN", 1, "192.0.2.52"],
      ];
      for (const [path, times, address, apiKey] of script) {
        for (let i = 0; i < times; i++) statuses.push((await send(path, address, apiKey)).status);
      }
      const sent = performance.now();
      expect(statuses).toEqual([
        200, 200, 200, 429, 429, 429, 429, 200, 200, 200, 200, 200, 429, 429, 200, 200, 404,
      ]);
      const expected = [
        {
          client: `key:${key.fingerprint}`,
          name: "reviewed app",
          keyId: key.id,
          admitted: 6,
          refused: 4,
          errors: 0,
          endpoints: [
            { endpoint: "GET /v1/coins", admitted: 3, refused: 2 },
            { endpoint: "GET /v1/symbols", admitted: 3, refused: 0 },
            { endpoint: "GET /v1/pairs", admitted: 0, refused: 2 },
          ],
        },
        {
          client: "192.0.2.51",
          name: "192.0.2.51",
          keyId: null,
          admitted: 5,
          refused: 2,
          errors: 0,
          endpoints: [
            { endpoint: "GET /v1/symbols", admitted: 4, refused: 0 },
            { endpoint: "GET /v1/quotation", admitted: 1, refused: 2 },
          ],
        },
        {
          client: "192.0.2.52",
          name: "192.0.2.52",
          keyId: null,
          admitted: 3,
          refused: 0,
          errors: 1,
          endpoints: [
            { endpoint: "GET /v1/coins", admitted: 2, refused: 0 },
            { endpoint: "GET /v1/quotation", admitted: 1, refused: 0 },
          ],
        },
      ];
      const scripted = new Set(expected.map((c) => c.client));
      const reviewOn = async (r: ServiceProcess) =>
        (await admin<UsageReview>(r, "GET", "/admin/usage?period=hour")).clients
          .filter((c) => scripted.has(c.client))
          .map(({ client, name, keyId, admitted, refused, errors, endpoints }) => ({
            client,
            name,
            keyId,
            admitted,
            refused,
            errors,
            endpoints,
          }));
      // Each replica adds its counts every FLUSH_MS; the one asked adds its own first.
      await vi.waitFor(async () => expect(await reviewOn(replica(2))).toEqual(expected), {
        timeout: FLUSH_MS + 1_000,
        interval: 100,
      });
      timings.push(`review complete after ${Math.round(performance.now() - sent)} ms`);
      expect(await reviewOn(replica(0))).toEqual(expected);
      expect(await reviewOn(replica(1))).toEqual(expected);

      const health = await admin<AdminHealth>(replica(1), "GET", "/admin/health");
      expect(health.replicas.map((r) => r.role).sort()).toEqual(["api", "api", "api", "ingest"]);
    });

    it("reaches every replica within a second by the store's version while Redis carries no news", async () => {
      const redis = new Redis(cluster.redis.url);
      const listening = async () =>
        Number(((await redis.pubsub("NUMSUB", INVALIDATION_CHANNEL)) as unknown[])[1]);
      const before = await listening();
      // The ingest and the three replicas listen.
      expect(before).toBe(4);
      // Pub/sub refused to everyone (the subscribers are dropped, PUBLISH answers NOPERM); keys still work,
      // so the shared window stays shared.
      await redis.acl("SETUSER", "default", "resetchannels");
      try {
        await vi.waitFor(async () => expect(await listening()).toBe(0), { timeout: 5_000 });
        await expect(redis.publish(INVALIDATION_CHANNEL, "{}")).rejects.toThrow(/NOPERM/);
        const { key, secret } = await issue(replica(1), "issued without news", 2);
        const issued = await everyReplica(
          "issued without news (limit 2)",
          withKey(secret),
          (a) => a.limit === 2,
          performance.now(),
        );
        expect(issued.map((r) => r.answer.status).sort()).toEqual([200, 200, 429]);
        await admin(replica(2), "POST", `/admin/keys/${key.id}/revoke`);
        await everyReplica(
          "revoked without news",
          withKey(secret),
          (a) => a.status === 401,
          performance.now(),
        );
      } finally {
        await redis.acl("SETUSER", "default", "allchannels");
        // The subscribers came back, were refused their SUBSCRIBE and wait, connected: dropped, they subscribe.
        const clients = String(await redis.client("LIST")).split("\n");
        for (const id of clients.flatMap((line) => line.match(/^id=(\d+) .*\bcmd=subscribe\b/)?.[1] ?? [])) {
          await redis.client("KILL", "ID", id);
        }
        await vi.waitFor(async () => expect(await listening()).toBe(before), { timeout: 10_000 });
        redis.disconnect();
      }
    });
  },
);
