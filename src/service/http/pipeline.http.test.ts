// What fetch cannot send, over raw sockets: a backslash in the path, a malformed Host header, bytes Node's
// parser refuses, broken framing, CONNECT. Each gets the error record with CORS headers and a log line,
// the same response whether or not the URL is cached.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRequestLog } from "../ops/request-log.ts";
import { type RawAnswer, sendRaw } from "../testing/raw-http.ts";
import { startTestService, TEST_WRITE_KEY, type TestService } from "../testing/test-service.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.stop();
});

function request(head: string, body = ""): Buffer {
  return Buffer.from(`${head.replaceAll("\n", "\r\n")}\r\n\r\n${body}`, "latin1");
}

async function one(bytes: Buffer, options: { halfClose?: boolean } = {}): Promise<RawAnswer> {
  const exchange = await sendRaw(service.port, bytes, options);
  expect(exchange.answers.map((a) => a.status)).toHaveLength(1);
  return exchange.answers[0] as RawAnswer;
}

function expectRecord(answer: RawAnswer, status: number, ...mentions: string[]): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get("access-control-allow-origin")).toBe("*");
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  const record = JSON.parse(answer.body.toString("utf8"));
  expect(Object.keys(record).sort()).toEqual(["errorcode", "errormessage"]);
  expect(record.errorcode).toBe(status);
  for (const m of mentions) expect(record.errormessage).toContain(m);
}

/** The log lines written since `from`, once the log has flushed (it gathers lines for ~25 ms). */
async function logSince(from: number) {
  await new Promise((resolve) => setTimeout(resolve, 80));
  return (await readRequestLog(join(service.dataDir, "requests.log"))).slice(from);
}
const logLength = async () => (await logSince(0)).length;

describe("the request target and Host header, checked before the cache and the app", () => {
  it.each([
    ["GET /v1\\coins HTTP/1.1\nHost: localhost", "backslash"],
    ["GET /v1/coins HTTP/1.1\nHost: 127.0.0.1:99999", 'Host header "127.0.0.1:99999"'],
    ["GET /v1/coins HTTP/1.1\nHost: a@b", 'Host header "a@b"'],
    ["GET /v1/coins HTTP/1.1\nHost: a b", 'Host header "a b"'],
    ["GET /v1/coins HTTP/1.1\nHost: a:b:c", 'Host header "a:b:c"'],
    ["GET /v1/coins HTTP/1.1\nHost: a\nHost: b", "Host header is given more than once"],
    ["GET /v1/coins HTTP/1.1\nConnection: close", "Host header is missing"],
    ["OPTIONS * HTTP/1.1\nHost: localhost", "must be a path starting with '/'"],
  ])("%j: 400 error record, logged, though the cache holds /v1/coins", async (head, mention) => {
    expect((await service.get("/v1/coins")).status).toBe(200);
    const cached = await one(request("GET /v1/coins HTTP/1.1\nHost: localhost\nConnection: close"));
    expect(cached.status).toBe(200);
    const before = await logLength();
    expectRecord(await one(request(`${head}\nConnection: close`)), 400, mention);
    const lines = await logSince(before);
    expect(lines.map((l) => [l.method, l.status])).toEqual([[head.split(" ")[0], 400]]);
  });

  it("takes an HTTP/1.0 request without Host, and upper-case or IPv6 hosts", async () => {
    expect((await one(request("GET /v1/symbols HTTP/1.0"))).status).toBe(200);
    for (const host of ["LOCALHOST", "[::1]:8080", "127.0.0.1"]) {
      expect((await one(request(`GET /v1/symbols HTTP/1.1\nHost: ${host}\nConnection: close`))).status).toBe(
        200,
      );
    }
  });
});

describe("requests Node's parser refuses ('clientError')", () => {
  it.each([
    [
      "non-ASCII in the request line",
      request("GET /v1/co\u00e9ins HTTP/1.1\nHost: localhost"),
      400,
      "Invalid char",
    ],
    [
      "a method Node does not know",
      request("FETCH /v1/coins HTTP/1.1\nHost: localhost"),
      400,
      "not valid HTTP/1.1",
    ],
    [
      "a header line without a colon",
      request("GET /v1/coins HTTP/1.1\nHost: localhost\nNoColon"),
      400,
      "not valid",
    ],
    [
      "a bad Content-Length",
      request("POST /v1/supply HTTP/1.1\nHost: x\nContent-Length: 1x"),
      400,
      "Content-Length",
    ],
    [
      "headers over 16 KiB",
      request(`GET /v1/coins HTTP/1.1\nHost: x\nX-Pad: ${"p".repeat(17_000)}`),
      431,
      "16 KiB",
    ],
  ])("%s: the error record, logged", async (_what, bytes, status, mention) => {
    const before = await logLength();
    expectRecord(await one(bytes), status, mention);
    expect((await logSince(before)).map((l) => l.status)).toEqual([status]);
  });

  it("a complete request whose client then closes its sending side still gets its answer", async () => {
    // The static file is read asynchronously: the client's FIN arrives before the answer is written.
    const bytes = request("GET /docs/assets/swagger-ui.css HTTP/1.1\nHost: x");
    const answer = await one(bytes, { halfClose: true });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(1000);
  });

  it("a request cut short: 400 at its end", async () => {
    const before = await logLength();
    expectRecord(await one(Buffer.from("GET /v1/coins HTTP/1.1\r\nHo"), { halfClose: true }), 400, "EOF");
    expect((await logSince(before)).map((l) => l.status)).toEqual([400]);
  });

  it("a chunked body with a broken chunk: one 400 for the request, logged once", async () => {
    const before = await logLength();
    const head = `POST /v1/supply HTTP/1.1\nHost: x\nAuthorization: Bearer ${TEST_WRITE_KEY}\nContent-Type: application/json\nTransfer-Encoding: chunked`;
    expectRecord(await one(request(head, "zz\r\n{}\r\n0\r\n\r\n")), 400, "chunk size");
    expect((await logSince(before)).map((l) => [l.method, l.path, l.status])).toEqual([
      ["POST", "/v1/supply", 400],
    ]);
  });

  it("a refused request pipelined behind a good one: the good one's answer, then the refusal", async () => {
    const bytes = Buffer.from(
      "GET /v1/symbols HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/co\u0001ins HTTP/1.1\r\nHost: x\r\n\r\n",
      "latin1",
    );
    const exchange = await sendRaw(service.port, bytes);
    expect(exchange.answers.map((a) => a.status)).toEqual([200, 400]);
    expectRecord(exchange.answers[1] as RawAnswer, 400, "not valid HTTP/1.1");
  });

  it("CONNECT: 405, this is not a proxy", async () => {
    expectRecord(
      await one(request("CONNECT example.com:443 HTTP/1.1\nHost: example.com:443")),
      405,
      "not a proxy",
    );
  });

  it("an Expect other than 100-continue is ignored rather than refused with a bare 417", async () => {
    const answer = await one(
      request("GET /v1/symbols HTTP/1.1\nHost: x\nExpect: something\nConnection: close"),
    );
    expect(answer.status).toBe(200);
  });
});
