// Rules for requests that send no key, through the real service: a blocked range answers 403 (counted as
// refused in the review) while issued keys still pass, a limit rule holds the range to its limit, a rule
// with an end stops applying after it, and a malformed range is refused with the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressRule, IssuedKey, UsageReview } from "../../interface/admin.ts";
import { adminJson, adminRequest, issueKey } from "../testing/admin-requests.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let issued: IssuedKey;
/** Requests over IPv4 loopback: a dual-stack socket sees them as ::ffff:127.0.0.1. */
let v4: string;
beforeAll(async () => {
  service = await startTestService(["--market-coins", "BTC,ETH", "--rate-limit", "5"]);
  v4 = `http://127.0.0.1:${service.port}`;
  issued = await issueKey(service, { name: "Keyed app", limit: 50 });
});
afterAll(async () => {
  await service?.stop();
});

const nextMinute = () => service.wallClock.advance(61_000);
const keyless = () => fetch(`${v4}/v1/coins`);
const keyed = () => fetch(`${v4}/v1/coins`, { headers: { "X-Api-Key": issued.secret } });
const rules = () => adminJson<AddressRule[]>(service, "GET", "/admin/addresses");

async function addRule(rule: object): Promise<AddressRule> {
  const response = await adminRequest(service, "POST", "/admin/addresses", rule);
  expect(response.status).toBe(201);
  return (await response.json()) as AddressRule;
}

async function removeRule(id: number): Promise<void> {
  expect((await adminRequest(service, "DELETE", `/admin/addresses/${id}`)).status).toBe(204);
}

describe("blocking a range", () => {
  it("refuses keyless requests from it with 403, lets issued keys through, and counts the refusals", async () => {
    nextMinute();
    expect((await keyless()).status).toBe(200);
    const rule = await addRule({ cidr: "127.0.0.0/8", action: "block", note: "abuse report 17" });
    expect(rule).toMatchObject({ cidr: "127.0.0.0/8", action: "block", limit: null, until: null });
    expect(await rules()).toEqual([rule]);

    for (let i = 0; i < 3; i++) {
      const refused = await keyless();
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { errormessage: string }).errormessage).toMatch(
        /blocked by the operator.*X-Api-Key/,
      );
    }
    expect((await keyed()).status).toBe(200);

    const review = await adminJson<UsageReview>(service, "GET", "/admin/usage?period=hour");
    const address = review.clients.find((client) => client.keyId === null);
    expect(address).toMatchObject({
      admitted: 1,
      refused: 3,
      endpoints: [{ endpoint: "GET /v1/coins", admitted: 1, refused: 3 }],
    });
    expect(address?.client).toMatch(/127\.0\.0\.1$/);
    // The most refused first.
    expect(review.clients[0]).toBe(address);

    await removeRule(rule.id);
    expect(await rules()).toEqual([]);
    expect((await keyless()).status).toBe(200);
    expect((await adminRequest(service, "DELETE", `/admin/addresses/${rule.id}`)).status).toBe(404);
  });
});

describe("limiting a range", () => {
  it("holds keyless requests to the rule's limit, and the default again when it is removed", async () => {
    nextMinute();
    const rule = await addRule({ cidr: "127.0.0.1", action: "limit", limit: 2 });
    expect(rule.cidr).toBe("127.0.0.1/32");
    for (let i = 0; i < 2; i++) {
      const response = await keyless();
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-policy")).toBe('"fair-use";q=2;w=60');
    }
    expect((await keyless()).status).toBe(429);
    expect((await keyed()).headers.get("ratelimit-policy")).toBe('"fair-use";q=50;w=60');
    await removeRule(rule.id);
    nextMinute();
    expect((await keyless()).headers.get("ratelimit-policy")).toBe('"fair-use";q=5;w=60');
  });

  it("stops applying a rule after its end", async () => {
    nextMinute();
    const until = new Date(service.wallClock.now() + 5 * 60_000).toISOString();
    const rule = await addRule({ cidr: "::ffff:127.0.0.1", action: "block", until });
    // Typed as the dual-stack socket shows the client; stored as the IPv4 address it is.
    expect(rule).toMatchObject({ cidr: "127.0.0.1/32", until });
    expect((await keyless()).status).toBe(403);
    service.wallClock.set(Date.parse(until));
    expect((await keyless()).status).toBe(200);
    await removeRule(rule.id);
  });
});

describe("malformed rules", () => {
  it.each([
    [{ cidr: "10.1.2.3/8", action: "block" }, /not a network's first address.*10\.0\.0\.0\/8/],
    [{ cidr: "300.1.1.1", action: "block" }, /"300\.1\.1\.1" is not an IPv4 or IPv6 address/],
    [{ cidr: "::1/129", action: "block" }, /prefix length "\/129" must be a whole number from 0 to 128/],
    [{ cidr: "10.0.0.0/33", action: "block" }, /from 0 to 32/],
    [{ cidr: "10.0.0.0/8", action: "limit" }, /limit: a limit rule needs the limit/],
    [{ cidr: "10.0.0.0/8", action: "ban" }, /'action'/],
    [{ cidr: "", action: "block" }, /'cidr'/],
    [{ cidr: "10.0.0.0/8", action: "block", until: "2020-01-01T00:00:00Z" }, /until must be in the future/],
  ])("%j is refused with the reason, and nothing is stored", async (rule, reason) => {
    const before = await rules();
    const response = await adminRequest(service, "POST", "/admin/addresses", rule);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errormessage: string }).errormessage).toMatch(reason);
    expect(await rules()).toEqual(before);
  });
});
