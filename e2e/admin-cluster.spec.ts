import { resolve } from "node:path";
import { expect } from "@playwright/test";
import {
  type Answer,
  ask,
  describeReached,
  freshAddress,
  untilEveryReplica,
} from "../cluster/admin-probes.ts";
import { type Cluster, startCluster } from "../cluster/cluster-processes.ts";
import type { ServiceProcess } from "../cluster/service-process.ts";
import { lacksServers, missingServersMessage } from "../src/service/testing/servers/binaries.ts";
import { changeLimit, issueKey, openConsole, refetchUsageUntil, revokeByKeyboard } from "./admin-console.ts";
import { test } from "./fixtures.ts";
import { DASHBOARD_DIR } from "./services.ts";

// The operator's console on the cluster, in Chromium: PostgreSQL, Redis, an ingest and two API replicas
// behind HAProxy, started for this file. Through HAProxy's address an operator opens the console, sees the
// cluster's health, issues a key, raises and lowers its limit, reviews its usage and revokes it; the key's
// application asks through HAProxy and each replica directly, and every replica decides under each change
// within a second of the service's answer to it.

const WITHIN_MS = 1_000;
const SETTINGS = {
  MARKET_SOURCE: "simulator",
  HISTORY_DAYS: "1",
  MARKET_COINS: "BTC,ETH",
  MARKET_SPEED: "60",
  DASHBOARD_DIR: resolve(DASHBOARD_DIR),
};
/** Unique per run: a DATABASE_URL given from outside may hold the keys of runs before. */
const APP = `Cluster wallet ${Date.now().toString(36)}`;

test.skip(
  lacksServers("the console journey on the cluster"),
  `the cluster needs PostgreSQL, Redis and HAProxy here: ${missingServersMessage() ?? ""}`,
);

let cluster: Cluster;
const unexpected: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster({
    replicas: 2,
    fsync: false,
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    env: { all: SETTINGS },
    onUnexpectedExit: (name, how) => unexpected.push(`${name}: ${how}`),
  });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await cluster?.stop();
  expect(unexpected, "processes of the cluster that ended on their own").toEqual([]);
});

test("on the cluster an operator sees its health, issues a key, changes its limit, reviews it and cuts it off", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const adminKey = cluster.adminKey;
  if (adminKey === undefined) throw new Error("the cluster made no admin key");
  const replicas = cluster.replicas;
  const [first, second] = replicas as [ServiceProcess, ServiceProcess];

  // The application's requests, each from a new address so only its key identifies it, counted as the
  // usage review must count them.
  const sent = { admitted: 0, refused: 0 };
  const asApplication = async (door: { url: string }, secret: string): Promise<Answer> => {
    const answer = await ask(door, "/v1/coins", freshAddress("100.64"), secret);
    if (answer.status === 200) sent.admitted++;
    if (answer.status === 429) sent.refused++;
    return answer;
  };
  /** Probes every replica until each accepts; each must within a second of `since`. */
  const onEveryReplica = async (
    what: string,
    secret: string,
    accept: (a: Answer) => boolean,
    since: number,
  ) => {
    const reached = await untilEveryReplica(replicas, (r) => asApplication(r, secret), accept, since);
    if (process.env.OPERATOR_TIMINGS) console.info(`${what}: ${describeReached(reached)}`);
    for (const one of reached) expect(one.ms, `${what}: ${describeReached(reached)}`).toBeLessThan(WITHIN_MS);
    return reached.map((one) => one.answer);
  };

  await openConsole(page, cluster.url, adminKey);

  // Health: the shared store and Redis, and every process of the cluster by its process id and role.
  const health = page.getByRole("region", { name: "Health" });
  await expect(health).toContainText(/Store\s*postgres: ok/);
  await expect(health).toContainText(/Redis\s*ok/);
  await expect(health.getByRole("heading", { name: "Processes seen in the last minute (3)" })).toBeVisible();
  for (const [member, role] of [
    [cluster.ingest, "ingest"],
    [first, "api"],
    [second, "api"],
  ] as const) {
    const item = health.getByRole("listitem").filter({ hasText: `:${member.pid()}:` });
    await expect(item, `${member.name} among the processes`).toContainText(role);
  }

  // Issue a key with a limit of 2 a minute: it works at once on both replicas (HAProxy sent the console's
  // request to one of them), in one window for the key across them.
  const secret = await issueKey(page, { name: APP, contact: "ops@cluster.example", limit: 2 });
  expect(await asApplication(cluster, secret)).toEqual({ status: 200, limit: 2 });
  expect(await asApplication(first, secret)).toEqual({ status: 200, limit: 2 });
  expect(await asApplication(second, secret)).toEqual({ status: 429, limit: 2 });
  expect(await asApplication(first, secret)).toEqual({ status: 429, limit: 2 });

  // Raise it to 4: each replica admits its next request under 4; the two fill the window again.
  const raised = await changeLimit(page, APP, 4);
  const underFour = await onEveryReplica("raised to 4", secret, (a) => a.limit === 4, raised);
  expect(underFour.map((a) => a.status)).toEqual([200, 200]);
  expect(await asApplication(cluster, secret)).toEqual({ status: 429, limit: 4 });

  // Lower it to 3: every replica decides under 3 (four are in the window: refused).
  const lowered = await changeLimit(page, APP, 3);
  const underThree = await onEveryReplica("lowered to 3", secret, (a) => a.limit === 3, lowered);
  expect(underThree.map((a) => a.status)).toEqual([429, 429]);
  await expect(
    page.getByRole("region", { name: "Keys" }).getByRole("row", { name: new RegExp(APP) }),
  ).toContainText("3/min");

  // The usage review shows the application with what it was admitted and refused, whichever replica answered.
  const usage = page.getByRole("region", { name: "Usage" });
  const row = usage.getByRole("row", { name: new RegExp(APP) });
  await refetchUsageUntil(page, async () => {
    await expect(row.getByRole("cell").nth(0)).toHaveText(String(sent.admitted), { timeout: 1_000 });
    await expect(row.getByRole("cell").nth(1)).toHaveText(String(sent.refused), { timeout: 1_000 });
  });
  expect(sent.admitted).toBe(4);

  // Revoke it by keyboard: 401 on every replica within a second, and through HAProxy.
  const revoked = await revokeByKeyboard(page, APP);
  const afterRevoke = await onEveryReplica("revoked", secret, (a) => a.status === 401, revoked);
  expect(afterRevoke.map((a) => a.status)).toEqual([401, 401]);
  expect((await ask(cluster, "/v1/coins", freshAddress("100.64"), secret)).status).toBe(401);
});
