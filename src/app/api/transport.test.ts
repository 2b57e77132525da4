// The transport against a real HTTP peer on this machine that answers as scripted: decoding, the server's
// policy adopted, 429 pausing and going again, other refusals reported once, network failures retried.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuotationSchema } from "../../interface/resources.ts";
import { decodeResource } from "./decode.ts";
import { RequestBudget } from "./request-budget.ts";
import { memorySendLogStore } from "./send-log.ts";
import { ServiceHealth } from "./service-health.ts";
import { ApiRequestError, Transport } from "./transport.ts";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const script: Handler[] = [];
const seen: IncomingMessage[] = [];
let server: Server;
let baseUrl = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const next = script.shift();
    if (next) next(req, res);
    else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const QUOTATION = {
  Symbol: "BTC",
  Name: "Bitcoin",
  Price: 95_000.5,
  PriceYesterday: 94_000,
  VolumeYesterdayUSD: 1e9,
  Source: "crowd",
  Time: "2026-11-22T10:00:00.250Z",
};
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
  };

function setUp(options: { limit?: number; backoffMs?: number[] } = {}) {
  script.length = 0;
  seen.length = 0;
  const budget = new RequestBudget({ limit: options.limit ?? 5, store: memorySendLogStore() });
  const health = new ServiceHealth();
  const transport = new Transport({
    baseUrl,
    apiKey: "issued-key-123",
    budget,
    health,
    retry: { attempts: 2, backoffMs: options.backoffMs ?? [20] },
  });
  const quotation = (signal?: AbortSignal) =>
    transport.request("/v1/quotation/BTC", {
      priority: "visible",
      ...(signal ? { signal } : {}),
      decode: (value) => decodeResource(QuotationSchema, value, "the quotation"),
    });
  return { budget, transport, quotation, health };
}

describe("the transport", () => {
  it("decodes the public service's wire, sends the API key and adopts the server's policy", async () => {
    const { budget, quotation } = setUp();
    script.push(json(200, QUOTATION, { "RateLimit-Policy": '"fair-use";q=20;w=60' }));
    const q = await quotation();
    expect(q).toMatchObject({ symbol: "BTC", price: 95_000.5, volumeYesterdayUSD: 1e9 });
    expect(seen[0]?.headers["x-api-key"]).toBe("issued-key-123");
    expect(budget.snapshot().limit).toBe(20);
    expect(budget.snapshot().used).toBe(1);
  });

  it("reads a Python-literal body", async () => {
    const { quotation } = setUp();
    script.push((_req, res) =>
      res.end(
        "{'symbol': 'BTC', 'name': 'Bitcoin', 'price': 1.5, 'priceYesterday': None, " +
          "'volumeYesterdayUSD': None, 'source': 'crowd', 'time': '2026-11-22T10:00:00Z'}",
      ),
    );
    expect(await quotation()).toMatchObject({ price: 1.5, priceYesterday: null });
  });

  it("pauses the budget on a 429 until Retry-After, then sends the request again", async () => {
    const { budget, quotation } = setUp();
    script.push(json(429, { errorcode: 429, errormessage: "over the limit" }, { "Retry-After": "1" }));
    script.push(json(200, QUOTATION));
    const started = Date.now();
    const pending = quotation();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(budget.snapshot().pausedUntil).toBeGreaterThan(Date.now());
    expect((await pending).symbol).toBe("BTC");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(seen.length).toBe(2);
  });

  it("reports another refusal in the service's words, once", async () => {
    const { quotation } = setUp();
    script.push(json(404, { errorcode: 404, errormessage: "unknown symbol 'NOPE'" }));
    const error = await quotation().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, message: "unknown symbol 'NOPE'" });
    expect(seen.length).toBe(1);
  });

  it("retries a network failure with backoff, inside the budget, and says the service was away meanwhile", async () => {
    const { budget, quotation, health } = setUp({ backoffMs: [200] });
    const states: (number | null)[] = [];
    health.subscribe(() => states.push(health.get().failingSince));
    script.push((req) => req.socket.destroy());
    script.push(json(200, QUOTATION));
    expect((await quotation()).symbol).toBe("BTC");
    expect(states).toHaveLength(2);
    expect(states[0]).toEqual(expect.any(Number));
    expect(states[1]).toBeNull();
    expect(seen.length).toBe(2);
    expect(budget.snapshot().used).toBe(2);
  });

  it("turns an answer it cannot read into a clear error", async () => {
    const { quotation } = setUp();
    script.push((_req, res) => res.end("<html>proxy error</html>"));
    const error = await quotation().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toMatch(
      /could not be read: the body is neither JSON nor a Python literal/,
    );
  });

  it("drops a waiting request whose caller no longer wants it, without sending it", async () => {
    const { quotation } = setUp({ limit: 1 });
    script.push(json(200, QUOTATION));
    await quotation();
    const controller = new AbortController();
    const waiting = quotation(controller.signal);
    controller.abort(new Error("page left"));
    await expect(waiting).rejects.toThrow("page left");
    expect(seen.length).toBe(1);
  });
});
