// Who the client is, through the real service: the socket's peer, or behind a trusted load balancer the
// address it forwarded for. Requests come from 127.0.0.1, playing the balancer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRequestLog } from "../ops/request-log.ts";
import { sendRaw } from "../testing/raw-http.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

const LIMIT = 3;

/** Through 127.0.0.1 (not "localhost", which may be ::1): the address TRUST_PROXY names. */
function forwarded(service: TestService, path: string, xff: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${service.port}${path}`, { headers: { "X-Forwarded-For": xff } });
}

async function statuses(service: TestService, path: string, xff: string, n: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < n; i++) answers.push((await forwarded(service, path, xff)).status);
  return answers;
}

describe("behind a trusted proxy (TRUST_PROXY=127.0.0.1)", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(["--rate-limit", String(LIMIT), "--trust-proxy", "127.0.0.1"]);
  });
  afterAll(async () => {
    await service?.stop();
  });

  it("gives two forwarded clients two limits, cached answers included", async () => {
    // /v1/pairs is answered by the app once, then from the cache (the fast path identifies clients too).
    expect(await statuses(service, "/v1/pairs", "203.0.113.1", LIMIT + 1)).toEqual([200, 200, 200, 429]);
    expect(await statuses(service, "/v1/pairs", "203.0.113.2", LIMIT + 1)).toEqual([200, 200, 200, 429]);
  });

  it("believes only the entry its proxy wrote: a forged left-most entry does not escape the limit", async () => {
    service.wallClock.advance(60_000);
    expect(await statuses(service, "/v1/coins", "203.0.113.3", LIMIT)).toEqual([200, 200, 200]);
    const forged = await forwarded(service, "/v1/coins", "198.51.100.77, 203.0.113.3");
    expect(forged.status).toBe(429);
    const uncached = await forwarded(service, "/v1/quotation/BTC", "10.9.9.9,203.0.113.3");
    expect(uncached.status).toBe(429);
  });

  it("names the forwarded client in the request log, also for what the front door refuses", async () => {
    const bad = Buffer.from(
      "GET /v1/coins HTTP/1.1\r\nHost: a\r\nHost: b\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n",
      "latin1",
    );
    expect((await sendRaw(service.port, bad)).answers[0]?.status).toBe(400);
    await service.close();
    const log = await readRequestLog(`${service.dataDir}/requests.log`);
    const clientsOf = (path: string) => log.filter((e) => e.path === path).map((e) => e.client);
    expect(clientsOf("/v1/pairs")).toEqual([
      ...Array(4).fill("203.0.113.1"),
      ...Array(4).fill("203.0.113.2"),
    ]);
    expect(new Set(clientsOf("/v1/coins"))).toEqual(new Set(["203.0.113.3", "203.0.113.9"]));
    expect(log.some((e) => e.client.includes("127.0.0.1") || e.client.includes("198.51.100.77"))).toBe(false);
  });
});

describe("without TRUST_PROXY", () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(["--rate-limit", String(LIMIT)]);
  });
  afterAll(async () => {
    await service?.stop();
  });

  it("ignores X-Forwarded-For: whatever it says, the peer has one limit", async () => {
    expect(await statuses(service, "/v1/pairs", "203.0.113.1", 2)).toEqual([200, 200]);
    expect(await statuses(service, "/v1/pairs", "203.0.113.2", 2)).toEqual([200, 429]);
    await service.close();
    const log = await readRequestLog(`${service.dataDir}/requests.log`);
    expect(log.filter((e) => e.path === "/v1/pairs").map((e) => e.client)).toEqual(
      Array(4).fill("::ffff:127.0.0.1"),
    );
  });
});
