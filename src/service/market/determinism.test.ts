// The market is a pure function of the seed: the same seed gives the same numbers, whether the history
// was seeded at once or filled in after a restart; another seed gives other numbers.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTestService, TEST_NOW, type TestService } from "../testing/test-service.ts";

const started: TestService[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

/**
 * A day of a part of the market, big coins and small (as parallel-seed.test.ts): equality needs no more,
 * and this file seeds five times.
 */
const MARKET = ["--history-days", "1", "--market-coins", "BTC,ETH,USDT,SOL,DOGE,LINK,EOS,HBAR"];

// Each service seeds its own history (freshSeed): a copy of the run's seeded store would make the
// comparisons below a store with itself.
async function start(flags: string[], at = TEST_NOW, dataDir?: string): Promise<TestService> {
  const service = await startTestService([...MARKET, ...flags], { dataDir, freshSeed: true });
  started.push(service);
  if (at !== TEST_NOW) {
    service.marketClock.set(at);
    await service.advanceMarket();
  }
  return service;
}

const text = async (service: TestService, path: string) => (await service.get(path)).text();
const LAST_HOUR = `starttime=${Math.floor(TEST_NOW / 1000) + 3600}&endtime=${Math.floor(TEST_NOW / 1000) + 7200}`;

describe("a seeded market", () => {
  it("is the same for the same seed and different for another", async () => {
    const [a, b, c] = await Promise.all([
      start(["--seed", "7"]),
      start(["--seed", "7"]),
      start(["--seed", "8"]),
    ]);
    for (const path of [
      "/v1/quotation/BTC",
      "/v1/chartPoints/MEDIR120/Binance/ETH?scale=1h",
      "/v1/symbol/SOL",
    ]) {
      expect(await text(a, path)).toBe(await text(b, path));
    }
    expect(await text(a, "/v1/quotation/BTC")).not.toBe(await text(c, "/v1/quotation/BTC"));
  });

  it("fills a gap after a restart with exactly the blocks a running market would have made", async () => {
    const dir = mkdtempSync(join(tmpdir(), "market-restart-"));
    try {
      const first = await start(["--seed", "9"], TEST_NOW, dir);
      await first.close();
      // Two hours later: the restarted service fills the gap; another one kept running the whole time.
      const later = TEST_NOW + 2 * 3_600_000;
      const restarted = await startTestService([...MARKET, "--seed", "9"], { dataDir: dir, freshSeed: true });
      started.push(restarted);
      restarted.marketClock.set(later);
      await restarted.advanceMarket();
      const running = await start(["--seed", "9"]);
      running.marketClock.set(later);
      await running.advanceMarket();
      for (const filter of ["MA120", "MAIR120", "MEDIR120"]) {
        const path = `/v1/chartPoints/${filter}/Bitstamp/BTC?${LAST_HOUR}`;
        const body = await text(running, path);
        expect(body.split("\\n").length).toBeGreaterThan(20);
        expect(await text(restarted, path)).toBe(body);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses to start on a data directory seeded with another seed, naming SEED", async () => {
    const dir = mkdtempSync(join(tmpdir(), "market-seed-"));
    try {
      // One coin: what is refused is the seed, whatever the market.
      const flags = ["--history-days", "1", "--market-coins", "BTC"];
      const service = await startTestService([...flags, "--seed", "1"], { dataDir: dir });
      await service.close();
      await expect(startTestService([...flags, "--seed", "2"], { dataDir: dir })).rejects.toThrow(
        /SEED \(--seed\) is 2, but .* holds a market seeded with 1/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
