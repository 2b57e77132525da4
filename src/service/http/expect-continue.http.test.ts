// `Expect: 100-continue` on reused connections, over real sockets against the real service: the interim
// "100 Continue" is written only while its answer owns the connection and only for a body that will be
// read; a request refused on its head gets its final answer alone, and the connection is then closed
// (the client may or may not send the body it held back, so nothing after it could be framed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConnectionPlan, exchangeOnConnection } from "../testing/connection-exchange.ts";
import { startTestService, TEST_WRITE_KEY, type TestService } from "../testing/test-service.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const body = JSON.stringify({ Symbol: "BTC", CirculatingSupply: 19_500_000 });

function get(path: string, id: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: ${id}\r\n\r\n`;
}

/** A supply post with Expect; its body starts at the returned offset. */
function post(id: string, options: { key?: boolean; length?: number } = {}): [string, number] {
  const head =
    "POST /v1/supply HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\n" +
    "Content-Type: application/json\r\n" +
    (options.key ? `Authorization: Bearer ${TEST_WRITE_KEY}\r\n` : "") +
    `X-Request-Id: ${id}\r\nContent-Length: ${options.length ?? body.length}\r\n\r\n`;
  return [head + body, head.length];
}

function plan(
  pattern: ConnectionPlan["pattern"],
  requests: string[],
  held: (number | null)[] = [],
): ConnectionPlan {
  return {
    pattern,
    requests: requests.map((r) => Buffer.from(r, "latin1")),
    heldBodyAt: requests.map((_, i) => held[i] ?? null),
    bodiless: () => false,
    halfClose: false,
  };
}

const ids = (exchange: Awaited<ReturnType<typeof exchangeOnConnection>>) =>
  exchange.read.answers.map((a) => a.headers.get("x-request-id"));

describe("Expect: 100-continue behind another answer on the same connection", () => {
  it("answers a refused post in one write after a GET with its final answer alone, then closes", async () => {
    const [refused] = post("expect-refused-1");
    const exchange = await exchangeOnConnection(
      service.port,
      plan("pipelined", [
        get("/v1/interestrates", "expect-get-0001"),
        refused,
        get("/v1/coins", "expect-get-0002"),
      ]),
    );
    expect(exchange.read.problem).toBeUndefined();
    expect(exchange.read.rest.length).toBe(0);
    expect(ids(exchange)).toEqual(["expect-get-0001", "expect-refused-1"]);
    const [first, second] = exchange.read.answers;
    expect(first?.status).toBe(200);
    expect(second?.status).toBe(401);
    expect(second?.interims).toEqual([]);
    expect(JSON.parse(second?.body.toString("utf8") ?? "").errorcode).toBe(401);
    // The GET after it is not answered: the connection closed where the 401 said it would.
    expect(second?.closes).toBe(true);
    expect(exchange.closedByServer).toBe(true);
  });

  it("answers a writer's post in one write after a GET, in order, and the next request too", async () => {
    const [accepted] = post("expect-writer-1", { key: true });
    const exchange = await exchangeOnConnection(
      service.port,
      plan("pipelined", [
        get("/v1/interestrates", "expect-get-0003"),
        accepted,
        get("/v1/coins", "expect-get-0004"),
      ]),
    );
    expect(exchange.read.problem).toBeUndefined();
    expect(exchange.read.rest.length).toBe(0);
    expect(ids(exchange)).toEqual(["expect-get-0003", "expect-writer-1", "expect-get-0004"]);
    expect(exchange.read.answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(JSON.parse(exchange.read.answers[1]?.body.toString("utf8") ?? "").circulatingSupply).toBe(
      19_500_000,
    );
  });
});

describe("Expect: 100-continue from a client that holds its body back", () => {
  it("tells a writer to continue, reads the body and keeps the connection", async () => {
    const [accepted, bodyAt] = post("expect-writer-2", { key: true });
    const exchange = await exchangeOnConnection(
      service.port,
      plan("one-after-another", [accepted, get("/v1/coins", "expect-get-0005")], [bodyAt]),
    );
    expect(exchange.bodiesWithheld).toEqual([]);
    expect(ids(exchange)).toEqual(["expect-writer-2", "expect-get-0005"]);
    const [posted, coins] = exchange.read.answers;
    expect(posted?.interims).toEqual([100]);
    expect(posted?.status).toBe(200);
    expect(posted?.closes).toBe(false);
    expect(coins?.status).toBe(200);
    expect(exchange.closedByServer).toBe(false);
  });

  it.each([
    ["without a write key", {}, 401],
    ["with a declared body over the limit", { key: true, length: 20_000 }, 413],
  ])("refuses a post %s without a 100, then closes", async (_, options, status) => {
    const [refused, bodyAt] = post("expect-refused-2", options);
    const exchange = await exchangeOnConnection(
      service.port,
      plan("one-after-another", [refused, get("/v1/coins", "expect-get-0006")], [bodyAt]),
    );
    // The final answer came before the body was sent, so the client never sent it.
    expect(exchange.bodiesWithheld).toEqual([0]);
    expect(exchange.read.problem).toBeUndefined();
    expect(ids(exchange)).toEqual(["expect-refused-2"]);
    const [answer] = exchange.read.answers;
    expect(answer?.status).toBe(status);
    expect(answer?.interims).toEqual([]);
    expect(exchange.read.pendingInterims).toEqual([]);
    expect(answer?.closes).toBe(true);
    expect(exchange.closedByServer).toBe(true);
  });
});
