// Cached answers: served in front of the router, yet under the same limit, headers and request log, and
// never stale: a supply post or a new block empties the cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRequestLog } from "../ops/request-log.ts";
import { startTestService, TEST_WRITE_KEY, type TestService } from "../testing/test-service.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService(["--rate-limit", "3", "--cors-origins", "https://dash.example"]);
});
afterAll(async () => {
  await service?.stop();
});

describe("the response cache", () => {
  it("answers a repeated GET with the same body, still counted, with CORS and RateLimit headers", async () => {
    const headers = { Origin: "https://dash.example" };
    const first = await service.get("/v1/pairs", { headers });
    const second = await service.get("/v1/pairs", { headers });
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("access-control-allow-origin")).toBe("https://dash.example");
    expect(second.headers.get("ratelimit")).toBe('"fair-use";r=1;t=60');
    expect((await service.get("/v1/pairs", { headers })).status).toBe(200);
    const refused = await service.get("/v1/pairs", { headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("access-control-allow-origin")).toBe("https://dash.example");
    expect((await refused.json()).errorcode).toBe(429);
    // Another origin gets no CORS grant, cached or not.
    service.wallClock.advance(60_000);
    const foreign = await service.get("/v1/pairs", { headers: { Origin: "https://elsewhere.example" } });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("is emptied by a supply post, so the next read shows the new value", async () => {
    service.wallClock.advance(60_000);
    const before = await (await service.get("/v1/supply/XRP")).json();
    await service.get("/v1/supply/XRP");
    const posted = await service.post("/v1/supply?Symbol=XRP&CirculatingSupply=60000000001", {
      headers: { Authorization: `Bearer ${TEST_WRITE_KEY}` },
    });
    expect(posted.status).toBe(200);
    service.wallClock.advance(60_000);
    const after = await (await service.get("/v1/supply/XRP")).json();
    expect(after.circulatingSupply).toBe(60000000001);
    expect(after.circulatingSupply).not.toBe(before.circulatingSupply);
  });

  it("logs cached answers like any other", async () => {
    await service.close();
    const log = await readRequestLog(`${service.dataDir}/requests.log`);
    const pairs = log.filter((e) => e.path === "/v1/pairs");
    expect(pairs.map((e) => e.status)).toEqual([200, 200, 200, 429, 200]);
    expect(log.filter((e) => e.path === "/v1/supply/XRP").map((e) => e.status)).toEqual([200, 200, 200]);
    expect(pairs.every((e) => e.bytes > 0 && e.client.length > 0)).toBe(true);
  });
});
