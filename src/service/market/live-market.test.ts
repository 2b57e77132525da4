// The market goes on while the service runs: with the market clock sped up (MARKET_SPEED), new blocks
// arrive every fraction of a second and the quotation moves, with no test hook driving it.
import { afterAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService | undefined;
afterAll(async () => {
  await service?.stop();
});

describe("a running market", () => {
  it("adds blocks on its own as the market clock passes their ends", async () => {
    // 600× real time: a 120-second block every 0.2 s. On the system clock, so it seeds its own history:
    // one coin's is enough.
    const flags = ["--history-days", "1", "--market-speed", "600", "--market-coins", "BTC"];
    service = await startTestService(flags, { realTime: true });
    const first = await (await service.get("/v1/quotation/BTC")).json();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const later = await (await service.get("/v1/quotation/BTC")).json();
    const blocks = (Date.parse(later.time) - Date.parse(first.time)) / 120_000;
    expect(blocks).toBeGreaterThanOrEqual(3);
    expect(later.price).not.toBe(first.price);
  });
});
