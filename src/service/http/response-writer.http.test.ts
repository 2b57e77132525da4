// The response writer, through real HTTP: how a response is coded for what the client accepts, its validator
// and lifetime, conditional requests, and the security headers, the same whether the app computed it or it
// was cached. Requests are made with node:http so that nothing decodes or adds Accept-Encoding.
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRequestLog } from "../ops/request-log.ts";
import { startTestService, TEST_NOW, TEST_WRITE_KEY, type TestService } from "../testing/test-service.ts";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  chunked: boolean;
}

function get(service: TestService, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${service.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          chunked: res.headers["transfer-encoding"] === "chunked",
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(raw: Raw): string {
  const coding = raw.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(raw.body).toString();
  if (coding === "gzip") return gunzipSync(raw.body).toString();
  expect(coding).toBeUndefined();
  return raw.body.toString();
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService(["--market-coins", "BTC,ETH,XRP", "--history-days", "10"]);
});
afterAll(async () => {
  await service?.stop();
});

describe("content coding", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0, gzip;q=0.8, *;q=0.1", "gzip"],
    ["*", "br"],
    ["identity", undefined],
    ["deflate, compress", undefined],
    ["", undefined],
  ])("Accept-Encoding %j is answered in %s, the same answer once decoded", async (accept, coding) => {
    const plain = await get(service, "/v1/coins");
    const raw = await get(service, "/v1/coins", accept === "" ? {} : { "Accept-Encoding": accept });
    expect(raw.status).toBe(200);
    expect(raw.headers["content-encoding"]).toBe(coding);
    expect(raw.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
    expect(decoded(raw)).toBe(plain.body.toString());
    if (coding !== undefined) expect(raw.body.length).toBeLessThan(plain.body.length / 2);
    // A download's progress counts decoded bytes: the service says how many there will be.
    expect(raw.headers["x-decoded-length"]).toBe(
      coding === undefined ? undefined : String(plain.body.length),
    );
  });

  it("sends a body under a kilobyte as it is, whatever is accepted", async () => {
    const raw = await get(service, "/v1/quotation/BTC", { "Accept-Encoding": "br, gzip" });
    expect(raw.body.length).toBeLessThan(1024);
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.headers.vary).toMatch(/Accept-Encoding/);
  });

  it("keeps a cached answer's compressed copy: the same bytes for the next client, from the fast path", async () => {
    const first = await get(service, "/v1/coins?copy=1", { "Accept-Encoding": "gzip" });
    const second = await get(service, "/v1/coins?copy=1", { "Accept-Encoding": "gzip" });
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(second.body.equals(first.body)).toBe(true);
  });

  it("streams a large chart answer as it is compressed, and keeps the result for the next client", async () => {
    const path = `/v1/chartPointsAllExchanges/MA120/BTC?starttime=${Math.floor(TEST_NOW / 1000) - 9 * 86_400}`;
    const plain = await get(service, path);
    expect(plain.body.length).toBeGreaterThan(256 * 1024);
    // A new query string: a fresh computation, not the copy kept above.
    const fresh = `${path}&endtime=${Math.floor(TEST_NOW / 1000)}`;
    const streamed = await get(service, fresh, { "Accept-Encoding": "br" });
    expect(streamed.headers["content-encoding"]).toBe("br");
    expect(streamed.chunked).toBe(true);
    expect(decoded(streamed)).toBe(plain.body.toString());
    expect(streamed.body.length).toBeLessThan(plain.body.length / 4);
    const kept = await get(service, fresh, { "Accept-Encoding": "br" });
    expect(kept.chunked).toBe(false);
    expect(Number(kept.headers["content-length"])).toBe(kept.body.length);
    expect(decoded(kept)).toBe(plain.body.toString());
  });

  it("still keeps the compressed copy when the client streaming it goes away early", async () => {
    const path = `/v1/chartPointsAllExchanges/MA120/BTC?starttime=${Math.floor(TEST_NOW / 1000) - 9 * 86_400}&left=1`;
    const plain = await get(service, path.replace("&left=1", "&left=0"));
    await new Promise<void>((resolve, reject) => {
      const req = request(`${service.url}${path}`, { headers: { "Accept-Encoding": "br" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("br");
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", (error) =>
        (error as NodeJS.ErrnoException).code === "ECONNRESET" ? resolve() : reject(error),
      );
      req.end();
    });
    const next = await get(service, path, { "Accept-Encoding": "br" });
    expect(next.headers["content-encoding"]).toBe("br");
    expect(decoded(next)).toBe(plain.body.toString());
  });

  it("answers a HEAD with the headers alone, compressing nothing for it, and the GET after it in full", async () => {
    const path = `/v1/chartPointsAllExchanges/MA120/BTC?starttime=${Math.floor(TEST_NOW / 1000) - 9 * 86_400}&head=1`;
    const head = await new Promise<Raw>((resolve, reject) => {
      const req = request(
        `${service.url}${path}`,
        { method: "HEAD", headers: { "Accept-Encoding": "br" } },
        (res) => {
          res.resume();
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.alloc(0),
              chunked: false,
            }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers.etag).toMatch(/-br"$/);
    const full = await get(service, path, { "Accept-Encoding": "br" });
    expect(full.status).toBe(200);
    expect(decoded(full).length).toBeGreaterThan(256 * 1024);
  });

  it("compresses the app's other answers too (the docs' script), and not what is small", async () => {
    const script = await get(service, "/docs/assets/swagger-ui-bundle.js", { "Accept-Encoding": "gzip" });
    expect(script.status).toBe(200);
    expect(script.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(script.body).length).toBeGreaterThan(script.body.length * 2);
    // Compressed once and kept: a length known up front, a validator, the same bytes the next time.
    expect(script.headers["content-length"]).toBe(String(script.body.length));
    expect(script.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await get(service, "/docs/assets/swagger-ui-bundle.js", { "Accept-Encoding": "gzip" });
    expect(again.body.equals(script.body)).toBe(true);
    const error = await get(service, "/v1/quotation/NOPE", { "Accept-Encoding": "gzip" });
    expect(error.headers["content-encoding"]).toBeUndefined();
  });
});

describe("validators and lifetimes", () => {
  it("tags each coding of an answer with a strong ETag of its own", async () => {
    const br = await get(service, "/v1/pairs", { "Accept-Encoding": "br" });
    const gzip = await get(service, "/v1/pairs", { "Accept-Encoding": "gzip" });
    const plain = await get(service, "/v1/pairs");
    const tags = [br, gzip, plain].map((raw) => raw.headers.etag as string);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(tags).size).toBe(3);
    expect(tags[0]).toBe(`${(tags[2] as string).slice(0, -1)}-br"`);
  });

  it("lives until the next block ends for market answers, on the market clock", async () => {
    // TEST_NOW is 30 s into a 120-second block.
    const quotation = await get(service, "/v1/quotation/ETH");
    expect(quotation.headers["cache-control"]).toBe("public, max-age=90");
    service.marketClock.advance(50_000);
    const later = await get(service, "/v1/quotation/ETH");
    expect(later.headers["cache-control"]).toBe("public, max-age=40");
    service.marketClock.advance(-50_000);
  });

  it("is kept but revalidated where a post or a fixing can change it at any moment", async () => {
    for (const path of ["/v1/supply/BTC", "/v1/symbol/BTC", "/v1/coins", "/v1/interestrates"]) {
      const raw = await get(service, path);
      expect(raw.status, path).toBe(200);
      expect(raw.headers["cache-control"], path).toBe("public, no-cache");
      expect(raw.headers.etag, path).toBeDefined();
    }
  });

  it("never keeps an error, a refusal or the operator's answers", async () => {
    expect((await get(service, "/v1/quotation/NOPE")).headers["cache-control"]).toBe("no-store");
    expect((await get(service, "/v1/nothing")).headers["cache-control"]).toBe("no-store");
    expect((await get(service, "/admin/keys")).headers["cache-control"]).toBe("no-store");
    expect((await get(service, "/status")).headers["cache-control"]).toBe("no-store");
  });

  it("answers If-None-Match with 304, no body, the same validator and lifetime", async () => {
    const first = await get(service, "/v1/quotation/XRP", { "Accept-Encoding": "br" });
    const etag = first.headers.etag as string;
    for (const sent of [etag, `W/${etag}`, `"other", ${etag}`, "*", etag.replace(/"$/, '-gzip"')]) {
      const again = await get(service, "/v1/quotation/XRP", { "If-None-Match": sent });
      expect(again.status, sent).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag.replace(/-br"$/, '"'));
      expect(again.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    }
    const changed = await get(service, "/v1/quotation/XRP", { "If-None-Match": '"not-it"' });
    expect(changed.status).toBe(200);
  });

  it("sends a new body once the data changed: a supply post changes the tag", async () => {
    const before = await get(service, "/v1/supply/ETH");
    const posted = await service.post("/v1/supply?Symbol=ETH&CirculatingSupply=120000001", {
      headers: { Authorization: `Bearer ${TEST_WRITE_KEY}` },
    });
    expect(posted.status).toBe(200);
    const after = await get(service, "/v1/supply/ETH", { "If-None-Match": before.headers.etag as string });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe("the security headers", () => {
  it("puts a policy on every page a browser renders: no inline script, no framing", async () => {
    for (const path of ["/docs", "/"]) {
      const raw = await get(service, path, { Accept: "text/html" });
      expect(raw.headers["content-type"], path).toMatch(/^text\/html/);
      const csp = raw.headers["content-security-policy"] as string;
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(raw.headers["x-frame-options"]).toBe("DENY");
      expect(raw.headers["x-content-type-options"]).toBe("nosniff");
      expect(raw.headers["referrer-policy"]).toBe("no-referrer");
      expect(raw.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(raw.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("says nosniff on every JSON answer, cached, computed or refused", async () => {
    await get(service, "/v1/quotation/BTC");
    for (const path of ["/v1/quotation/BTC", "/v1/openapi.json", "/v1/quotation/NOPE", "/v1/%5C"]) {
      const raw = await get(service, path);
      expect(raw.headers["x-content-type-options"], path).toBe("nosniff");
      expect(raw.headers["content-security-policy"], path).toBeUndefined();
    }
  });
});

describe("served over HTTPS", () => {
  let https: TestService;
  beforeAll(async () => {
    https = await startTestService(["--market-coins", "BTC", "--history-days", "1", "--https", "true"]);
  });
  afterAll(async () => {
    await https?.stop();
  });

  it("asks browsers to keep to HTTPS, on pages and answers alike", async () => {
    for (const path of ["/docs", "/v1/quotation/BTC", "/v1/quotation/BTC", "/v1/quotation/NOPE"]) {
      const raw = await get(https, path);
      expect(raw.headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
    }
  });
});

describe("conditional requests under fair usage", () => {
  let limited: TestService;
  beforeAll(async () => {
    limited = await startTestService(["--market-coins", "BTC", "--history-days", "1", "--rate-limit", "3"]);
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it("counts a 304 like any request, and tells how many are left on it", async () => {
    const first = await get(limited, "/v1/quotation/BTC");
    const etag = first.headers.etag as string;
    const second = await get(limited, "/v1/quotation/BTC", { "If-None-Match": etag });
    expect(second.status).toBe(304);
    expect(second.headers.ratelimit).toBe('"fair-use";r=1;t=60');
    expect(second.headers["ratelimit-policy"]).toBe('"fair-use";q=3;w=60');
    await get(limited, "/v1/quotation/BTC", { "If-None-Match": etag });
    const over = await get(limited, "/v1/quotation/BTC", { "If-None-Match": etag });
    expect(over.status).toBe(429);
    await limited.close();
    const log = await readRequestLog(`${limited.dataDir}/requests.log`);
    expect(log.map((line) => line.status)).toEqual([200, 304, 304, 429]);
  });
});
