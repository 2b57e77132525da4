// /metrics of the running service, through real HTTP: the responses clients got (from the route and the
// response cache alike), what was refused and why, the market's newest block and lag, and the store calls
// timed, all counted by the service itself as it responds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, TEST_ADMIN_KEY, type TestService } from "../testing/test-service.ts";
import { exposedSamples } from "./testing/exposition.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService(["--market-coins", "BTC,ETH", "--rate-limit", "2"]);
});
afterAll(async () => {
  await service?.stop();
});

async function samples(): Promise<Map<string, number>> {
  const response = await service.get("/metrics");
  expect(response.status).toBe(200);
  return exposedSamples(await response.text());
}

const answered = (endpoint: string, status: number) =>
  `mdqs_http_requests_total{endpoint="${endpoint}",method="GET",status="${status}"}`;

describe("GET /metrics of the running service", () => {
  it("counts answers by endpoint and status, refusals by reason, and spends no one's budget", async () => {
    const before = await samples();
    // The second is served by the cached-answer fast path; the third is over the limit of 2.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await service.get("/v1/quotation/BTC")).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Attempts without a valid admin key are limited under the address too: a fresh minute first.
    service.wallClock.advance(60_000);
    const wrongKey = await service.get("/admin/keys", {
      headers: { Authorization: "Bearer not-an-admin-key" },
    });
    expect(wrongKey.status).toBe(401);
    // Scrapes are not clients: however many, they are never refused.
    for (let i = 0; i < 3; i++) expect((await service.get("/metrics")).status).toBe(200);

    const after = await samples();
    const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(delta(answered("GET /v1/quotation", 200))).toBe(2);
    expect(delta(answered("GET /v1/quotation", 429))).toBe(1);
    expect(delta(answered("admin", 401))).toBe(1);
    expect(delta('mdqs_refusals_total{reason="limit"}')).toBe(1);
    expect(delta('mdqs_refusals_total{reason="admin-auth"}')).toBe(1);
    expect(delta('mdqs_http_request_duration_seconds_count{endpoint="GET /v1/quotation",method="GET"}')).toBe(
      3,
    );
  });

  it("tells the market's newest block and its lag, and times the store's calls", async () => {
    const exposed = await samples();
    const newest = [...exposed].find(([name]) => name.startsWith("mdqs_market_last_block"))?.[1];
    const stored = (await (await service.get("/status")).json()) as { market: { latestBlockEnd: string } };
    expect(newest).toBe(Date.parse(stored.market.latestBlockEnd) / 1000);
    const lag = [...exposed].find(([name]) => name.startsWith("mdqs_market_lag"))?.[1];
    expect(lag).toBe(service.marketClock.now() / 1000 - Date.parse(stored.market.latestBlockEnd) / 1000);
    const storeCalls = [...exposed].filter(
      ([name, value]) => name.startsWith("mdqs_store_operation_seconds_count") && value > 0,
    );
    expect(storeCalls.some(([name]) => name.includes('store="access"'))).toBe(true);
    expect(storeCalls.some(([name]) => name.includes('store="market"'))).toBe(true);
  });

  it("holds no client's name or secret", async () => {
    await service.get("/v1/coins", { headers: { "X-Api-Key": "some-unknown-client-key" } });
    const text = await (await service.get("/metrics")).text();
    expect(text).not.toContain("some-unknown-client-key");
    expect(text).not.toContain(TEST_ADMIN_KEY);
    expect(text).not.toMatch(/127\.0\.0\.1|::1/);
  });
});
