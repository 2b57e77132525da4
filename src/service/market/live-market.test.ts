// The market goes on while the service runs: with the market clock sped up (MARKET_SPEED), new blocks
// arrive every fraction of a second and the quotation moves, with no test hook driving it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type RunningService, startService } from "../server.ts";

const dataDir = mkdtempSync(join(tmpdir(), "market-live-"));
let service: RunningService | undefined;
afterAll(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a running market", () => {
  it("adds blocks on its own as the market clock passes their ends", async () => {
    // 600× real time: a 120-second block every 0.2 s.
    const config = loadConfig({}, [
      "--port",
      "0",
      "--data-dir",
      dataDir,
      "--history-days",
      "1",
      "--rate-limit",
      "0",
      "--market-speed",
      "600",
    ]);
    service = await startService(config, { log: () => {} });
    const first = await (await fetch(`${service.url}/v1/quotation/BTC`)).json();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const later = await (await fetch(`${service.url}/v1/quotation/BTC`)).json();
    const blocks = (Date.parse(later.time) - Date.parse(first.time)) / 120_000;
    expect(blocks).toBeGreaterThanOrEqual(3);
    expect(later.price).not.toBe(first.price);
  });
});
