// A second writer on a shared PostgreSQL waits for the ingest lock; meanwhile it listens on its port, so a
// supervisor sees it alive and not ready (instead of a refused connection it would restart in a loop), and
// it becomes ready on the same port when the first one stops and it takes over. Against a real PostgreSQL
// (and Redis for ROLE=ingest), skipped with a line saying so where they are not installed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ManualClock } from "../clock.ts";
import { loadConfig } from "../config/load.ts";
import { type RunningService, startService } from "../server.ts";
import { lacksServers } from "../testing/servers/binaries.ts";
import { freePort } from "../testing/servers/free-port.ts";
import { testDatabase } from "../testing/servers/postgres-server.ts";
import { testRedis } from "../testing/servers/redis-server.ts";
import { TEST_NOW, TEST_WRITE_KEY } from "../testing/test-service.ts";
import { WAITING_FOR_THE_LOCK } from "./ingest-lock.ts";

const running: RunningService[] = [];
const cleanUps: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await Promise.allSettled(running.map((service) => service.close()));
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
});

function start(role: "ingest" | "all", port: number, urls: string[]): Promise<RunningService> {
  const dataDir = mkdtempSync(join(tmpdir(), "market-waiting-"));
  cleanUps.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({}, [
    ...["--market", "simulator", "--role", role, "--port", String(port), "--data-dir", dataDir, ...urls],
    ...["--history-days", "1", "--market-coins", "BTC,ETH", "--write-keys", TEST_WRITE_KEY],
  ]);
  const started = startService(config, {
    marketClock: new ManualClock(TEST_NOW),
    wallClock: new ManualClock(TEST_NOW),
    live: false,
    log: () => {},
    processFigures: false,
  });
  started.then((service) => running.push(service)).catch(() => {});
  return started;
}

async function readiness(port: number): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** Starts the first writer, then a second on a known port, and checks the second's answers while it waits. */
async function secondWaits(role: "ingest" | "all", urls: string[]) {
  const first = await start(role, 0, urls);
  const port = await freePort();
  const second = start(role, port, urls);
  // Alive at once: the connection is not refused, though startService has not returned.
  await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200), {
    timeout: 10_000,
    interval: 50,
  });
  const waiting = await readiness(port);
  expect(waiting.status).toBe(503);
  expect(waiting.body.failed).toEqual({ "ingest-lock": WAITING_FOR_THE_LOCK });
  expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
  return { first, port, second };
}

describe.skipIf(lacksServers("the waiting ingest's health", ["postgresql", "redis"]))(
  "ROLE=ingest waiting for the ingest lock",
  () => {
    it("answers /healthz 200 and /readyz 503 naming the wait, then ready on the same port once it takes over", async () => {
      const database = await testDatabase();
      const redis = await testRedis();
      cleanUps.push(
        () => database.drop(),
        () => redis.drop(),
      );
      const urls = ["--database-url", database.url, "--redis-url", redis.url];
      const { first, port, second } = await secondWaits("ingest", urls);

      await first.close();
      const tookOver = await second;
      expect(tookOver.port).toBe(port);
      const ready = await readiness(port);
      expect(ready).toMatchObject({ status: 200, body: { status: "ready", failed: {} } });
    });
  },
);

describe.skipIf(lacksServers("the waiting ROLE=all's health", ["postgresql"]))(
  "ROLE=all on a shared database waiting for the ingest lock",
  () => {
    it("answers its health on the API port and 503 with Retry-After elsewhere, then the API once it takes over", async () => {
      const database = await testDatabase();
      cleanUps.push(() => database.drop());
      const { first, port, second } = await secondWaits("all", ["--database-url", database.url]);
      const refused = await fetch(`http://127.0.0.1:${port}/v1/coins`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(((await refused.json()) as { errormessage: string }).errormessage).toContain(
        WAITING_FOR_THE_LOCK,
      );

      await first.close();
      const tookOver = await second;
      expect(tookOver.port).toBe(port);
      expect((await fetch(`http://127.0.0.1:${port}/v1/coins`)).status).toBe(200);
      expect((await readiness(port)).status).toBe(200);
    });
  },
);
