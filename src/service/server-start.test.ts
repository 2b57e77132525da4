// The service's start against a market clock that moves while the history is seeded: the blocks that
// ended meanwhile are stored before the first request, not at the end of the next block.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { BLOCK_SECONDS } from "../interface/vocabulary.ts";
import { ManualClock } from "./clock.ts";
import { loadConfig } from "./config/load.ts";
import { type RunningService, startService } from "./server.ts";
import { TEST_NOW } from "./testing/test-service.ts";

const dataDir = mkdtempSync(join(tmpdir(), "market-start-"));
let service: RunningService | null = null;
afterAll(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("stores the blocks that ended while the history was being seeded before it answers", async () => {
  const config = loadConfig({}, [
    "--market",
    "simulator",
    "--port",
    "0",
    "--data-dir",
    dataDir,
    "--history-days",
    "1",
    // One coin's history: the same start, a shorter seeding than the whole market's.
    "--market-coins",
    "BTC",
  ]);
  const marketClock = new ManualClock(TEST_NOW);
  let hookFired = 0;
  service = await startService(config, {
    marketClock,
    wallClock: new ManualClock(TEST_NOW),
    live: false,
    // Seeding is done when it says how many blocks it stored: by then two more blocks have ended.
    log: (line) => {
      if (!line.startsWith("market: stored")) return;
      hookFired++;
      marketClock.advance(2 * BLOCK_SECONDS * 1000);
    },
  });
  // Without the clock moving during the start there is nothing to catch up, and the test would prove nothing.
  expect(hookFired).toBe(1);
  expect(marketClock.now()).toBe(TEST_NOW + 2 * BLOCK_SECONDS * 1000);
  const lastEnd = Math.floor(marketClock.now() / 1000 / BLOCK_SECONDS) * BLOCK_SECONDS;
  expect(await service.ctx.view.latestBlockEnd()).toBe(lastEnd);
  const body = (await (await fetch(`${service.url}/v1/chartPoints/MEDIR120/Binance/BTC`)).json()) as {
    dataPoints: string;
  };
  const newest = body.dataPoints.trim().split("\n").at(-1)?.split(",")[0] ?? "";
  expect(Date.parse(newest) / 1000).toBeGreaterThanOrEqual(lastEnd - BLOCK_SECONDS);
});
