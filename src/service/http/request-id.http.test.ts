// X-Request-Id through the real service: every response carries one, whichever step sent it (the route, the
// response cache, a 404, the pipeline's refusal, the admin API), a well-formed id sent by a
// balancer is kept and a malformed one replaced, and the request-log line of the request has the same id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRequestLog } from "../ops/request-log.ts";
import { adminRequest } from "../testing/admin-requests.ts";
import { sendRaw } from "../testing/raw-http.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

/** An id the service made: 12 base64url characters naming the process, "-", a base-36 counter. */
const MADE = /^[\w-]{12}-[0-9a-z]+$/;

let service: TestService;
beforeAll(async () => {
  service = await startTestService(["--market-coins", "BTC,ETH"]);
});
afterAll(async () => {
  await service?.stop();
});

/** Each request made, with the id its answer carried: checked against the request log at the end. */
const answered: { path: string; status: number; id: string }[] = [];

async function idOf(path: string, sent?: string): Promise<string> {
  const response = await service.get(path, sent === undefined ? {} : { headers: { "X-Request-Id": sent } });
  await response.arrayBuffer();
  const id = response.headers.get("x-request-id");
  expect(id, path).not.toBeNull();
  answered.push({ path, status: response.status, id: id as string });
  return id as string;
}

async function rawIdOf(target: string, sent?: string): Promise<{ status: number; id: string | undefined }> {
  const head = `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${sent === undefined ? "" : `X-Request-Id: ${sent}\r\n`}Connection: close\r\n\r\n`;
  const { answers } = await sendRaw(service.port, Buffer.from(head, "latin1"));
  const [answer] = answers;
  expect(answer).toBeDefined();
  const id = answer?.headers.get("x-request-id");
  if (id !== undefined) answered.push({ path: target, status: answer?.status ?? 0, id });
  return { status: answer?.status ?? 0, id };
}

describe("every answer carries a request id", () => {
  it("from the app, the cached-answer fast path and a 404, each its own", async () => {
    const first = await idOf("/v1/symbols");
    const cached = await idOf("/v1/symbols");
    const missing = await idOf("/v1/no-such-route");
    for (const id of [first, cached, missing]) expect(id).toMatch(MADE);
    expect(new Set([first, cached, missing]).size).toBe(3);
  });

  it("from the front door's refusal of a malformed request target", async () => {
    const refused = await rawIdOf("/v1\\symbols");
    expect(refused.status).toBe(400);
    expect(refused.id).toMatch(MADE);
  });

  it("from the admin API", async () => {
    const response = await adminRequest(service, "GET", "/admin/keys");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(MADE);
  });
});

describe("an id sent with the request", () => {
  it.each([
    "haproxy-7f3a9c21",
    "Root=1-67891233-abcdef012345678912345678",
    "req:2026/11/20+42@edge.example=1",
  ])("is kept when well-formed (%s), on every path", async (sent) => {
    expect(await idOf("/v1/coins", sent)).toBe(sent);
    // The same URL again: the cached-answer fast path.
    expect(await idOf("/v1/coins", sent)).toBe(sent);
    expect(await idOf("/v1/nothing-here", sent)).toBe(sent);
    expect((await rawIdOf("/v1\\coins", sent)).id).toBe(sent);
  });

  it.each([
    ["too short", "abc1234"],
    ["too long", "a".repeat(129)],
    ["with a space", "request id 12345"],
    ["with a quote", 'id-"12345678"'],
    ["with non-ASCII", "id-12345678-é"],
  ])("is replaced when malformed (%s)", async (_, sent) => {
    for (const path of ["/v1/pairs", "/v1/pairs"]) expect(await idOf(path, sent)).toMatch(MADE);
    expect((await rawIdOf("/v1\\pairs", sent)).id).toMatch(MADE);
  });
});

describe("the request log", () => {
  it("has each request's line under the id its answer carried", async () => {
    await service.close();
    const lines = await readRequestLog(`${service.dataDir}/requests.log`);
    expect(answered.length).toBeGreaterThan(20);
    for (const { path, status, id } of answered) {
      const line = lines.filter((entry) => entry.requestId === id && entry.path === path);
      expect(
        line.map((entry) => entry.status),
        `${path} ${id}`,
      ).toContain(status);
    }
    // Ids made by the service are each one request's.
    const made = answered.filter((a) => MADE.test(a.id)).map((a) => a.id);
    expect(new Set(made).size).toBe(made.length);
    for (const id of made) expect(lines.filter((entry) => entry.requestId === id)).toHaveLength(1);
  });
});
