// The simulated market as the service opens it: its live trades keep to the service's market clock (which a
// test moves by hand, as MARKET_SPEED moves it faster than real time), not to the machine's.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BLOCK_SECONDS } from "../../interface/vocabulary.ts";
import type { SourceTrade } from "../market/trade-source.ts";
import { startTestService, TEST_NOW, type TestService } from "../testing/test-service.ts";
import { SimulatorSource } from "./simulator/simulator-source.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService(["--market-coins", "BTC,ETH"]);
});
afterAll(async () => {
  await service?.stop();
});

describe("the simulated market the service opens", () => {
  it("tells its followers the trades the market clock reaches, as the block it stores has them", async () => {
    const source = service.ctx.source;
    if (!(source instanceof SimulatorSource)) throw new Error("the service opened no simulator");
    const told: SourceTrade[] = [];
    const stop = source.follow((trades) => told.push(...trades));
    try {
      const from = service.marketClock.now();
      expect(from).toBe(TEST_NOW);
      // Still the block of TEST_NOW (12:00:30): a minute of its trades.
      service.marketClock.set(from + 60_000);
      await vi.waitFor(() => expect(told.at(-1)?.timeMs).toBeGreaterThan(from + 50_000), {
        timeout: 5000,
        interval: 20,
      });
      // Every trade after the test began following, in the block's order; those before it too when the
      // service's own live market (following since its start) had not been told them yet.
      const block = source
        .tradesOfBlock(Math.floor(from / 1000 / BLOCK_SECONDS))
        .filter((t) => t.timeMs <= from + 60_000);
      expect(told).toEqual(block.slice(block.length - told.length));
      expect(told.length).toBeGreaterThanOrEqual(block.filter((t) => t.timeMs > from).length);
    } finally {
      stop();
    }
  });
});
