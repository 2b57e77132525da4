import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../testing/test-service.ts";

describe("the market source, told to clients (simulator)", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(["--rate-limit", "1", "--history-days", "1", "--market-coins", "BTC"]);
  });
  afterAll(() => service.stop());

  it("marks every /v1 answer, cached, uncached and refused, and exposes the header to browsers", async () => {
    const first = await service.get("/v1/quotation/BTC", { headers: { Origin: "https://dash.example" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Market-Source")).toBe("simulator");
    expect(first.headers.get("Access-Control-Expose-Headers")).toContain("X-Market-Source");
    // The second is served from the response cache, and refused by the limit of 1 a minute.
    const cached = await service.get("/v1/quotation/BTC");
    expect(cached.status).toBe(429);
    expect(cached.headers.get("X-Market-Source")).toBe("simulator");
    const unknown = await service.get("/v1/quotation/NOPE");
    expect(unknown.headers.get("X-Market-Source")).toBe("simulator");
  });

  it("serves GET /status outside /v1 without spending the fair-usage budget", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await service.get("/status");
      expect(response.status).toBe(200);
      expect(response.headers.get("RateLimit")).toBeNull();
      const body = await response.json();
      expect(body).toEqual({
        market: { source: "simulator", fallback: null, latestBlockEnd: expect.any(String), exchanges: [] },
        rates: { source: "history" },
      });
      expect(Date.parse(body.market.latestBlockEnd) % 120_000).toBe(0);
    }
  });
});
