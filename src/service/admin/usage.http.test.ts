// The usage review through the real service: a scripted set of clients (two issued keys with their own
// limits and a keyless address, several endpoints, some over their limit) sends requests, and the review
// holds exactly what they sent; the minutes add up to it; the hour forgets what the day keeps; and it all
// survives a restart, being kept in the store.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientUsage, IssuedKey, UsageReview, UsageSeries } from "../../interface/admin.ts";
import { adminJson, adminRequest, issueKey } from "../testing/admin-requests.ts";
import { startTestService, TEST_NOW, type TestService } from "../testing/test-service.ts";

const dataDir = mkdtempSync(join(tmpdir(), "usage-http-"));
const FLAGS = ["--market-coins", "BTC,ETH", "--rate-limit", "3"];
/** The minute of TEST_NOW and the next one. */
const M0 = new Date(Math.floor(TEST_NOW / 60_000) * 60_000).toISOString();
const M1 = new Date(Math.floor(TEST_NOW / 60_000) * 60_000 + 60_000).toISOString();

let service: TestService;
let alpha: IssuedKey;
let beta: IssuedKey;
beforeAll(async () => {
  service = await startTestService(FLAGS, { dataDir });
  alpha = await issueKey(service, { name: "Alpha app", limit: 4 });
  beta = await issueKey(service, { name: "Beta app", limit: 10 });
});
afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const review = (period: string) => adminJson<UsageReview>(service, "GET", `/admin/usage?period=${period}`);
const minutes = (query: string) => adminJson<UsageSeries>(service, "GET", `/admin/usage/minutes?${query}`);

/**
 * Bytes of the answers each client received on the wire (by key name, "" without a key): their
 * Content-Length, which counts the compressed body where fetch decodes one.
 */
const received = new Map<string, number>();

/** Sends `count` GETs of `path` as a client (its key, or none over IPv4) and returns their statuses. */
async function send(key: IssuedKey | null, path: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`http://127.0.0.1:${service.port}${path}`, {
      headers: key === null ? {} : { "X-Api-Key": key.secret },
    });
    await response.arrayBuffer();
    const bytes = Number(response.headers.get("content-length"));
    expect(bytes).toBeGreaterThan(0);
    const name = key?.key.name ?? "";
    received.set(name, (received.get(name) ?? 0) + bytes);
    statuses.push(response.status);
  }
  return statuses;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("the usage review", () => {
  let hour: UsageReview;

  it("holds exactly what each client sent, by endpoint, the most refused first", async () => {
    // Minute 0. Alpha (limit 4): a 404, then five lists of coins, two of them over its limit.
    expect(await send(alpha, "/v1/quotation/NOPE", 1)).toEqual([404]);
    expect(await send(alpha, "/v1/coins", 5)).toEqual([200, 200, 200, 429, 429]);
    // Beta (limit 10): within it.
    expect(await send(beta, "/v1/symbols", 2)).toEqual([200, 200]);
    expect(await send(beta, "/v1/pairs", 1)).toEqual([200]);
    // No key (the default, 3): five lists of coins and a list of pairs, three refused.
    const keyless = [...(await send(null, "/v1/coins", 5)), ...(await send(null, "/v1/pairs", 1))];
    expect([count(keyless, 200), count(keyless, 429)]).toEqual([3, 3]);
    // Minute 1.
    service.wallClock.advance(60_000);
    expect(await send(beta, "/v1/symbols", 4)).toEqual([200, 200, 200, 200]);
    expect(await send(alpha, "/v1/coins", 1)).toEqual([200]);

    hour = await review("hour");
    expect(hour.period).toBe("hour");
    expect(hour.to).toBe(new Date(Date.parse(M1) + 60_000).toISOString());
    expect(Date.parse(hour.to) - Date.parse(hour.from)).toBe(3_600_000);
    const address = hour.clients[0];
    expect(address?.client).toMatch(/127\.0\.0\.1$/);
    const expected: ClientUsage[] = [
      {
        client: address?.client as string,
        name: address?.client as string,
        keyId: null,
        admitted: 3,
        refused: 3,
        errors: 0,
        bytes: expect.any(Number),
        firstSeen: M0,
        lastSeen: M0,
        peakPerMinute: 6,
        endpoints: [
          { endpoint: "GET /v1/coins", admitted: 3, refused: 2 },
          { endpoint: "GET /v1/pairs", admitted: 0, refused: 1 },
        ],
        streams: null,
      },
      {
        client: `key:${alpha.key.fingerprint}`,
        name: "Alpha app",
        keyId: alpha.key.id,
        admitted: 5,
        refused: 2,
        errors: 1,
        bytes: expect.any(Number),
        firstSeen: M0,
        lastSeen: M1,
        peakPerMinute: 6,
        endpoints: [
          { endpoint: "GET /v1/coins", admitted: 4, refused: 2 },
          { endpoint: "GET /v1/quotation", admitted: 1, refused: 0 },
        ],
        streams: null,
      },
      {
        client: `key:${beta.key.fingerprint}`,
        name: "Beta app",
        keyId: beta.key.id,
        admitted: 7,
        refused: 0,
        errors: 0,
        bytes: expect.any(Number),
        firstSeen: M0,
        lastSeen: M1,
        peakPerMinute: 4,
        endpoints: [
          { endpoint: "GET /v1/symbols", admitted: 6, refused: 0 },
          { endpoint: "GET /v1/pairs", admitted: 1, refused: 0 },
        ],
        streams: null,
      },
    ];
    expect(hour.clients).toEqual(expected);
    expect(hour.clients.map((c) => c.bytes)).toEqual(
      ["", "Alpha app", "Beta app"].map((n) => received.get(n)),
    );
    for (const client of hour.clients) expect(client.bytes).toBeGreaterThan(0);
  });

  it("has minutes for the whole service and for one client that add up to it", async () => {
    const all = await minutes("period=hour");
    expect(all).toEqual({
      client: null,
      minutes: [
        { time: M0, admitted: 3 + 4 + 3, refused: 3 + 2 },
        { time: M1, admitted: 4 + 1, refused: 0 },
      ],
    });
    const sum = (series: UsageSeries, field: "admitted" | "refused") =>
      series.minutes.reduce((total, minute) => total + minute[field], 0);
    for (const field of ["admitted", "refused"] as const)
      expect(sum(all, field)).toBe(hour.clients.reduce((total, client) => total + client[field], 0));
    const client = `key:${alpha.key.fingerprint}`;
    const one = await minutes(`period=hour&client=${encodeURIComponent(client)}`);
    expect(one).toEqual({
      client,
      minutes: [
        { time: M0, admitted: 4, refused: 2 },
        { time: M1, admitted: 1, refused: 0 },
      ],
    });
    expect((await minutes("period=hour&client=key:00000000")).minutes).toEqual([]);
  });

  it("leaves out of the hour the minutes before it, which the day keeps", async () => {
    // An hour after minute 0: minute 1 is the oldest the hour covers.
    service.wallClock.set(TEST_NOW + 3_600_000);
    const later = await review("hour");
    expect(later.clients.map((c) => [c.name, c.admitted, c.refused, c.firstSeen])).toEqual([
      ["Beta app", 4, 0, M1],
      ["Alpha app", 1, 0, M1],
    ]);
    expect((await minutes("period=hour")).minutes.map((m) => m.time)).toEqual([M1]);
    const day = await review("day");
    expect(day.clients).toEqual(hour.clients);
    expect((await minutes("period=day")).minutes.map((m) => m.time)).toEqual([M0, M1]);
  });

  it("survives a restart on the same data directory", async () => {
    const before = await review("day");
    await service.stop();
    service = await startTestService(FLAGS, { dataDir, now: TEST_NOW + 3_600_000 });
    expect(await review("day")).toEqual(before);
  });

  it("refuses an unknown period, naming it", async () => {
    const response = await adminRequest(service, "GET", "/admin/usage?period=month");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errormessage: string }).errormessage).toMatch(/'period'.*"month"/);
  });
});
