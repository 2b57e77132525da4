// The fair-usage limit through real HTTP, with the service's wall clock under the test's control.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRequestLog } from "../ops/request-log.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

const ISSUED = "issued-key-with-20";
let service: TestService;
beforeAll(async () => {
  service = await startTestService(["--rate-limit", "5", "--api-keys", `${ISSUED}:20,other-issued-key`]);
});
afterAll(async () => {
  await service?.stop();
});

describe("at most N requests per client in any 60-second window", () => {
  it("lets exactly 5 through, refuses the 6th with Retry-After, and slides", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await service.get("/v1/quotation/BTC");
      statuses.push(response.status);
      expect(response.headers.get("ratelimit-policy")).toBe('"fair-use";q=5;w=60');
      expect(response.headers.get("ratelimit")).toBe(`"fair-use";r=${4 - i};t=${i === 0 ? 60 : 60 - 10 * i}`);
      service.wallClock.advance(10_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // Now t = 50 s after the first request: it leaves the window at t = 60 s.
    const refused = await service.get("/v1/coins");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("10");
    expect(refused.headers.get("ratelimit")).toBe('"fair-use";r=0;t=10');
    expect(await refused.json()).toEqual({
      errorcode: 429,
      errormessage: "over the fair-usage limit of 5 requests per 60 seconds; try again in 10 s",
    });
    service.wallClock.advance(9_999);
    expect((await service.get("/v1/coins")).status).toBe(429);
    service.wallClock.advance(1);
    expect((await service.get("/v1/coins")).status).toBe(200);
    expect((await service.get("/v1/coins")).status).toBe(429);
  });

  it("counts errors too, but not preflights or the OpenAPI document", async () => {
    service.wallClock.advance(120_000);
    const preflight = await service.get("/v1/coins", {
      method: "OPTIONS",
      headers: { Origin: "https://example.com", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect((await service.get("/v1/openapi.json")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await service.get("/v1/quotation/NOPE")).status).toBe(404);
    expect((await service.get("/v1/quotation/BTC")).status).toBe(429);
  });

  it("gives an issued key its own limit and its own window", async () => {
    const headers = { "X-Api-Key": ISSUED };
    for (let i = 0; i < 20; i++) expect((await service.get("/v1/symbols", { headers })).status).toBe(200);
    const refused = await service.get("/v1/symbols", { headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toBe('"fair-use";q=20;w=60');
    // A key without its own limit gets the default, counted apart from the address.
    const other = { "X-Api-Key": "other-issued-key" };
    for (let i = 0; i < 5; i++)
      expect((await service.get("/v1/symbols", { headers: other })).status).toBe(200);
    expect((await service.get("/v1/symbols", { headers: other })).status).toBe(429);
  });

  it("counts a guessed key against the address before its 401, so keys cannot be guessed past the limit", async () => {
    service.wallClock.advance(120_000);
    const guess = (key: string) => service.get("/v1/symbols", { headers: { "X-Api-Key": key } });
    for (let i = 0; i < 5; i++) expect((await guess(`guessed-key-${i}`)).status).toBe(401);
    expect((await guess("guessed-key-5")).status).toBe(429);
    expect((await service.get("/v1/symbols")).status).toBe(429);
    // An issued key is a client of its own, untouched by the address's spent budget.
    expect((await service.get("/v1/symbols", { headers: { "X-Api-Key": ISSUED } })).status).toBe(200);
  });

  it("logs every request with its client, status and size, never the raw key", async () => {
    await service.close();
    const log = await readRequestLog(`${service.dataDir}/requests.log`);
    expect(log.length).toBeGreaterThan(30);
    const refused = log.find((e) => e.status === 429);
    expect(refused).toMatchObject({ method: "GET" });
    expect(log.some((e) => e.client.startsWith("key:"))).toBe(true);
    expect(JSON.stringify(log)).not.toContain(ISSUED);
    const ok = log.find((e) => e.path === "/v1/quotation/BTC" && e.status === 200);
    expect(ok?.bytes).toBeGreaterThan(100);
  });
});
