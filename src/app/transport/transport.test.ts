// The transport against a real HTTP peer on this machine that answers as scripted: decoding, the server's
// policy adopted, 429 pausing and going again, other refusals reported once, network failures retried.
import { describe, expect, it } from "vitest";
import { QuotationSchema } from "../../interface/resources.ts";
import { RequestBudget } from "../budget/request-budget.ts";
import { memorySendLogStore } from "../budget/send-log.ts";
import { decodeResource } from "../decoding/decode.ts";
import { DecodeError } from "../decoding/wire-value.ts";
import { type Handler, scriptedPeer } from "../testing/scripted-peer.ts";
import type { ProgressListener } from "./read-body.ts";
import { ServiceHealth } from "./service-health.ts";
import { ApiRequestError, Transport } from "./transport.ts";

const peer = scriptedPeer();
const { script, seen } = peer;

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
    baseUrl: peer.baseUrl,
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

describe("the transport revalidating what is held", () => {
  const held = { symbol: "BTC", name: "Bitcoin", price: 1 } as unknown as ReturnType<typeof decodeQuotation>;
  const decodeQuotation = (value: unknown) => decodeResource(QuotationSchema, value, "the quotation");

  it("tells the validator of a 200 answer once it is decoded, and none when the answer has none", async () => {
    const { transport } = setUp();
    script.push(json(200, QUOTATION, { ETag: '"abc123-br"' }), json(200, QUOTATION));
    const told: (string | null)[] = [];
    for (let i = 0; i < 2; i++)
      await transport.request("/v1/quotation/BTC", {
        priority: "visible",
        decode: decodeQuotation,
        onValidator: (etag) => told.push(etag),
      });
    expect(told).toEqual(['"abc123-br"', null]);
  });

  it("asks with If-None-Match and answers the held value on a 304, spending one request", async () => {
    const { transport, budget } = setUp();
    script.push((_req, res) => res.writeHead(304, { ETag: '"abc123"' }).end());
    const told: (string | null)[] = [];
    const value = await transport.request("/v1/quotation/BTC", {
      priority: "visible",
      decode: decodeQuotation,
      revalidate: { etag: '"abc123"', cached: () => held },
      onValidator: (etag) => told.push(etag),
    });
    expect(value).toBe(held);
    expect(seen[0]?.headers["if-none-match"]).toBe('"abc123"');
    expect(budget.snapshot().used).toBe(1);
    expect(told).toEqual([]);
  });

  it("takes a changed answer's body when the validator no longer matches", async () => {
    const { transport } = setUp();
    script.push(json(200, QUOTATION, { ETag: '"new"' }));
    const value = await transport.request("/v1/quotation/BTC", {
      priority: "visible",
      decode: decodeQuotation,
      revalidate: { etag: '"old"', cached: () => held },
    });
    expect(value).toMatchObject({ symbol: "BTC", price: 95_000.5 });
  });

  it("asks again, unconditionally and through the budget, when what was held is gone by the 304", async () => {
    const { transport, budget } = setUp();
    script.push((_req, res) => res.writeHead(304).end(), json(200, QUOTATION));
    const value = await transport.request("/v1/quotation/BTC", {
      priority: "visible",
      decode: decodeQuotation,
      revalidate: { etag: '"abc123"', cached: () => undefined },
    });
    expect(value).toMatchObject({ symbol: "BTC" });
    expect(seen.map((request) => request.headers["if-none-match"])).toEqual(['"abc123"', undefined]);
    expect(budget.snapshot().used).toBe(2);
  });
});

describe("the transport reading a large answer", () => {
  const BODY = JSON.stringify({ dataPoints: "x".repeat(200_000) });
  /** Sends `text` in `parts` pieces a few ms apart, with Content-Length or chunked. */
  const inParts =
    (text: string, parts: number, withLength: boolean): Handler =>
    (_req, res) => {
      const bytes = Buffer.from(text);
      res.writeHead(200, {
        "Content-Type": "application/json",
        ...(withLength ? { "Content-Length": String(bytes.length) } : {}),
      });
      const size = Math.ceil(bytes.length / parts);
      let at = 0;
      const next = () => {
        if (at >= bytes.length) return void res.end();
        res.write(bytes.subarray(at, at + size));
        at += size;
        setTimeout(next, 5);
      };
      next();
    };
  const rawRequest = (
    transport: Transport,
    options: { signal?: AbortSignal; onProgress?: ProgressListener },
  ) =>
    transport.request("/v1/chartPoints/MA120/Kraken/BTC", {
      priority: "visible",
      ...options,
      decodeBody: async (body: ArrayBuffer) => new TextDecoder().decode(body),
    });

  for (const withLength of [true, false]) {
    it(`tells the bytes received ${withLength ? "of the Content-Length" : "so far, with no length"}`, async () => {
      const { transport } = setUp();
      script.push(inParts(BODY, 4, withLength));
      const calls: [number, number | null][] = [];
      const text = await rawRequest(transport, {
        onProgress: (received, total) => calls.push([received, total]),
      });
      expect(text).toBe(BODY);
      const total = withLength ? BODY.length : null;
      expect(calls[0]).toEqual([0, total]);
      expect(calls.at(-1)).toEqual([BODY.length, total]);
      expect(calls.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < calls.length; i++) {
        expect(calls[i]?.[0]).toBeGreaterThan(calls[i - 1]?.[0] ?? 0);
        expect(calls[i]?.[1]).toBe(total);
      }
    });
  }

  it("tells progress for a parsed answer too, and decodes it as before", async () => {
    const { transport } = setUp();
    script.push(inParts(JSON.stringify(QUOTATION), 2, true));
    const calls: number[] = [];
    const q = await transport.request("/v1/quotation/BTC", {
      priority: "visible",
      onProgress: (received) => calls.push(received),
      decode: (value) => decodeResource(QuotationSchema, value, "the quotation"),
    });
    expect(q.symbol).toBe("BTC");
    expect(calls.at(-1)).toBe(JSON.stringify(QUOTATION).length);
  });

  it("stops a download at once when cancelled, and does not send it again", async () => {
    const { transport, budget } = setUp({ backoffMs: [10] });
    // Half the body, then nothing: the download would wait forever.
    script.push((_req, res) => {
      res.writeHead(200, { "Content-Length": String(BODY.length) });
      res.write(BODY.slice(0, 50_000));
    });
    const controller = new AbortController();
    const calls: number[] = [];
    const pending = rawRequest(transport, {
      signal: controller.signal,
      onProgress: (received) => {
        calls.push(received);
        if (received > 0) controller.abort(new Error("person cancelled"));
      },
    });
    const started = Date.now();
    await expect(pending).rejects.toThrow("person cancelled");
    expect(Date.now() - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.length).toBe(1);
    expect(budget.snapshot().used).toBe(1);
    expect(calls.at(-1)).toBeLessThan(BODY.length);
  });

  it("stops a decode under way when cancelled, as the caller's reason, not an unreadable answer", async () => {
    const { transport } = setUp();
    script.push(json(200, { dataPoints: "" }));
    const controller = new AbortController();
    const pending = transport.request("/v1/chartPoints/MA120/Kraken/BTC", {
      priority: "visible",
      signal: controller.signal,
      decodeBody: (_body, signal) =>
        new Promise<never>((_resolve, reject) => {
          signal.addEventListener("abort", () => reject(new Error("decoder stopped")));
          controller.abort(new Error("person cancelled"));
        }),
    });
    await expect(pending).rejects.toThrow("person cancelled");
  });

  it("retries a download cut off on the way, starting the progress again", async () => {
    const { transport } = setUp({ backoffMs: [20] });
    script.push((req, res) => {
      res.writeHead(200, { "Content-Length": String(BODY.length) });
      res.write(BODY.slice(0, 10_000), () => setTimeout(() => req.socket.destroy(), 20));
    });
    script.push(inParts(BODY, 2, true));
    const calls: number[] = [];
    const text = await rawRequest(transport, { onProgress: (received) => calls.push(received) });
    expect(text).toBe(BODY);
    expect(seen.length).toBe(2);
    expect(calls.filter((received) => received === 0)).toHaveLength(2);
  });

  it("turns an async decoder's refusal into a clear error", async () => {
    const { transport } = setUp();
    script.push(json(200, { dataPoints: "" }));
    const error = await transport
      .request("/v1/chartPoints/MA120/Kraken/BTC", {
        priority: "visible",
        decodeBody: async () => {
          throw new DecodeError("chart points: dataPoints line 2: expected 5 cells, got 4", "");
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 0,
      message:
        "the service's answer to /v1/chartPoints/MA120/Kraken/BTC could not be read: chart points: dataPoints line 2: expected 5 cells, got 4",
    });
  });
});
