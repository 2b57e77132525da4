// Parser refusals (parser-refusals.ts: bytes Node's parser cannot read, CONNECT) pipelined behind other
// requests on one connection, over real sockets: the responses before them go out first and whole, the
// refusal follows in order (or, after a response that closes the connection, nothing does), and the request
// log names each request once, as itself. Each case is one the connection fuzz (hostile-input.ts) found.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConnectionPlan, exchangeOnConnection } from "../testing/connection-exchange.ts";
import { FUZZ_SERVICE_FLAGS, OPEN_API_KEY } from "../testing/hostile-requests.ts";
import { startTestService, TEST_WRITE_KEY, type TestService } from "../testing/test-service.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService(FUZZ_SERVICE_FLAGS);
});
afterAll(() => service.stop());

const head = (line: string, id: string, more = "") =>
  `${line} HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: ${OPEN_API_KEY}\r\nX-Request-Id: ${id}\r\n${more}`;

function pipelined(requests: string[], halfClose = false): ConnectionPlan {
  return {
    pattern: "pipelined",
    requests: requests.map((r) => Buffer.from(r, "latin1")),
    heldBodyAt: requests.map(() => null),
    bodiless: () => false,
    halfClose,
  };
}

async function logLines(): Promise<{ method: string; path: string; status: number; requestId: string }[]> {
  // The log is written in batches every 25 ms.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return readFileSync(join(service.dataDir, "requests.log"), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

describe("refusals pipelined behind other requests", () => {
  it("answers a CONNECT after the answers before it, which are not lost", async () => {
    const body = JSON.stringify({ Symbol: "BTC", CirculatingSupply: 19_600_000 });
    const exchange = await exchangeOnConnection(
      service.port,
      pipelined([
        head("GET /v1/coins", "pipelined-0001", "\r\n"),
        // A writer's post: its body is read and the store written before its answer.
        head(
          "POST /v1/supply",
          "pipelined-0002",
          `Authorization: Bearer ${TEST_WRITE_KEY}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\n\r\n`,
        ) + body,
        head("CONNECT localhost:443", "pipelined-0003", "\r\n"),
      ]),
    );
    expect(exchange.read.problem).toBeUndefined();
    expect(exchange.read.answers.map((a) => [a.headers.get("x-request-id"), a.status])).toEqual([
      ["pipelined-0001", 200],
      ["pipelined-0002", 200],
      ["pipelined-0003", 405],
    ]);
  });

  it("answers a request whose chunked body breaks after the answer before it", async () => {
    const exchange = await exchangeOnConnection(
      service.port,
      pipelined([
        head("GET /v1/pairs", "pipelined-0004", "\r\n"),
        `${head("POST /v1/supply", "pipelined-0005", "Transfer-Encoding: chunked\r\n\r\n")}zz\r\nabc\r\n0\r\n\r\n`,
      ]),
    );
    expect(exchange.read.problem).toBeUndefined();
    expect(exchange.read.answers.map((a) => [a.headers.get("x-request-id"), a.status])).toEqual([
      ["pipelined-0004", 200],
      ["pipelined-0005", 400],
    ]);
  });

  it("answers nothing after an answer that closes the connection", async () => {
    const exchange = await exchangeOnConnection(
      service.port,
      pipelined([
        // HTTP/1.0 without keep-alive, answered at once by the front door (a target it refuses).
        "GET * HTTP/1.0\r\nX-Request-Id: pipelined-0006\r\n\r\n",
        "FOO * HTTP/1.1\r\n\r\n",
      ]),
    );
    expect(exchange.read.problem).toBeUndefined();
    expect(exchange.read.rest.length).toBe(0);
    expect(exchange.read.answers.map((a) => [a.status, a.closes])).toEqual([[400, true]]);
    expect(exchange.closedByServer).toBe(true);
  });

  it("answers an unreadable request after the others though the client half-closed", async () => {
    // A body larger than the request's buffer: Node reads on (and fails) only once the answer is out.
    const body = "x".repeat(17_000);
    const css = head(
      "GET /docs/assets/swagger-ui.css",
      "pipelined-0007",
      `Content-Length: ${body.length}\r\n\r\n`,
    );
    const exchange = await exchangeOnConnection(
      service.port,
      pipelined([css + body, "FOO * HTTP/1.1\r\n\r\n"], true),
    );
    expect(exchange.read.problem).toBeUndefined();
    expect(exchange.read.answers.map((a) => a.status)).toEqual([200, 400]);
  });

  it("logs a refused request as itself, not as the first request of the bytes Node was reading", async () => {
    await exchangeOnConnection(
      service.port,
      pipelined([
        `${head("HEAD /v1/interestrates", "pipelined-0008", "Content-Length: 2\r\n\r\n")}{}`,
        `PUT /v1/x\u00ff HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      ]),
    );
    const lines = await logLines();
    const refused = lines.at(-1);
    expect(refused).toMatchObject({ method: "PUT", status: 400 });
    expect(refused?.path).toMatch(/^\/v1\/x/);
  });

  it("logs once a cached answer's request that the front door refused while its key was being checked", async () => {
    await service.get("/v1/interestrate/SOFR90", { headers: { "X-Api-Key": OPEN_API_KEY } });
    const id = "pipelined-0009";
    // An unissued key is checked against the store after a pause; the broken body is refused meanwhile.
    await exchangeOnConnection(
      service.port,
      pipelined([
        `GET /v1/interestrate/SOFR90 HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: made-up-key-123\r\nX-Request-Id: ${id}\r\n` +
          "Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await logLines()).filter((line) => line.requestId === id).map((line) => line.status)).toEqual([
      400,
    ]);
  });
});
