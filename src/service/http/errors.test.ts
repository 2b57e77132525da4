// Every error of the table through real HTTP: status, the error record, a message that names the problem,
// CORS headers on errors too, and nothing stored changed by a bad request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorRecordSchema } from "../../interface/resources.ts";
import { startTestService, TEST_WRITE_KEY, type TestService } from "../testing/test-service.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.stop();
});

async function expectError(response: Response, status: number, ...mentions: (string | RegExp)[]) {
  expect(response.status).toBe(status);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  const body = ErrorRecordSchema.strict().parse(await response.json());
  expect(body.errorcode).toBe(status);
  for (const m of mentions) expect(body.errormessage).toMatch(m);
  return body;
}

const auth = { Authorization: `Bearer ${TEST_WRITE_KEY}` };

describe("400: a malformed or out-of-range parameter names the parameter and what is allowed", () => {
  it.each([
    ["/v1/chartPoints/FOO120/Binance/BTC", ["'filter'", "MEDIR120, MAIR120", '"FOO120"']],
    ["/v1/chartPoints/MEDIR120/Binance/BTC?scale=2m", ["'scale'", "5m, 30m, 1h, 4h, 1d, 1w", '"2m"']],
    ["/v1/chartPointsAllExchanges/MAIR120/BTC?starttime=yesterday", ["'starttime'", "Unix seconds"]],
    ["/v1/chartPointsAllExchanges/MAIR120/BTC?starttime=200&endtime=100", ["'starttime'", "after 'endtime'"]],
    ["/v1/chartPointsAllExchanges/MAIR120/BTC?starttime=0", ["more than 100000 points", "scale"]],
    ["/v1/quotation/BT%20C!", ["'symbol'", "coin symbol"]],
    ["/v1/interestrate/ESTER/20-11-2026", ["'date'", "yyyy-mm-dd"]],
    ["/v1/interestrate/ESTER/2026-02-30", ["'date'", "not a calendar date"]],
    ["/v1/interestrate/SOFR?dateInit=2026-11-10&dateFinal=2026-11-01", ["'dateInit'", "after 'dateFinal'"]],
    ["/v1/interestrate/SOFR?dateFinal=2026-11-01", ["'dateFinal' needs 'dateInit'"]],
  ])("GET %s", async (path, mentions) => {
    await expectError(await service.get(path), 400, ...mentions);
  });

  it.each([
    ["Symbol=BTC", ["'CirculatingSupply' is missing"]],
    ["CirculatingSupply=5", ["'Symbol' is missing"]],
    ["Symbol=BTC&CirculatingSupply=lots", ["'CirculatingSupply' must be a decimal number", '"lots"']],
    ["Symbol=BTC&CirculatingSupply=-3", ["> 0"]],
    ["Symbol=BTC&CirculatingSupply=0", ["> 0"]],
    ["Symbol=BTC&CirculatingSupply=2e15", ["≤ 1000000000000000"]],
    ["Symbol=BTC&CirculatingSupply=1e400", ["≤ 1000000000000000"]],
    ["Symbol=BTC&CirculatingSupply=Infinity", ["decimal number", '"Infinity"']],
    ["Symbol=BTC&Symbol=ETH&CirculatingSupply=5", ["'Symbol' is given 2 times"]],
  ])("POST /v1/supply?%s", async (query, mentions) => {
    await expectError(await service.post(`/v1/supply?${query}`, { headers: auth }), 400, ...mentions);
  });

  // Number() would read all of these (0x10 as 16, 0b101 as 5, "  12  " as 12); only the decimal grammar is a number.
  it.each(["0x10", "0b101", "0o7", "%20%2012%20%20", "%2B5", "1_000", "1,000", ".5", "5.", "NaN", "١٢"])(
    "reads CirculatingSupply=%s as no number, in the query, a form and a JSON string, and stores nothing",
    async (text) => {
      const before = await (await service.get("/v1/supply/DOT")).json();
      const sent = decodeURIComponent(text);
      const answers = [
        await service.post(`/v1/supply?Symbol=DOT&CirculatingSupply=${text}`, { headers: auth }),
        await service.post("/v1/supply", {
          headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ Symbol: "DOT", CirculatingSupply: sent }).toString(),
        }),
        await service.post("/v1/supply", {
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({ Symbol: "DOT", CirculatingSupply: sent }),
        }),
      ];
      for (const response of answers) {
        await expectError(
          response,
          400,
          "must be a decimal number",
          "no '+', spaces, separators, hex",
          JSON.stringify(sent),
        );
      }
      expect(await (await service.get("/v1/supply/DOT")).json()).toEqual(before);
    },
  );

  it.each(["%2B1763700000", "0x6920", "1763700000.5", "1e9", "%201763700000"])(
    "reads starttime=%s as no Unix time",
    async (text) => {
      const response = await service.get(`/v1/chartPointsAllExchanges/MA120/BTC?starttime=${text}`);
      await expectError(response, 400, "'starttime'", "1–11 digits");
    },
  );

  it("names a query parameter given twice", async () => {
    const response = await service.get("/v1/chartPointsAllExchanges/MA120/BTC?endtime=1&endtime=2");
    await expectError(response, 400, "'endtime' is given 2 times; give it once");
  });

  it("refuses a body that is not JSON and keeps the stored supply", async () => {
    const before = await (await service.get("/v1/supply/ETH")).json();
    const response = await service.post("/v1/supply", {
      headers: { ...auth, "Content-Type": "application/json" },
      body: "{ Symbol: ETH",
    });
    await expectError(response, 400, /JSON/);
    expect(await (await service.get("/v1/supply/ETH")).json()).toEqual(before);
  });
});

describe("401: writes need a write key; an API key must have been issued", () => {
  it("refuses a supply post without a key, naming the header", async () => {
    const response = await service.post("/v1/supply?Symbol=BTC&CirculatingSupply=1");
    await expectError(response, 401, "Authorization: Bearer");
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("refuses a wrong write key", async () => {
    const response = await service.post("/v1/supply?Symbol=BTC&CirculatingSupply=1", {
      headers: { Authorization: "Bearer not-the-key-at-all-000000" },
    });
    await expectError(response, 401, "not valid");
  });

  it("refuses an X-Api-Key that was not issued", async () => {
    await expectError(
      await service.get("/v1/coins", { headers: { "X-Api-Key": "made-up-key-123" } }),
      401,
      "X-Api-Key",
    );
  });
});

describe("404: unknown things are named", () => {
  it.each([
    ["/v1/quotation/NOPE", ["unknown symbol 'NOPE'"]],
    ["/v1/quotation/btc", ["case-sensitive", "did you mean BTC"]],
    ["/v1/symbol/NOPE", ["unknown symbol"]],
    ["/v1/supply/NOPE", ["unknown symbol"]],
    ["/v1/chartPoints/MEDIR120/Nowhere/BTC", ["exchange 'Nowhere'", "Binance"]],
    ["/v1/chartPoints/MEDIR120/binance/BTC", ["did you mean Binance"]],
    ["/v1/interestrate/LIBOR", ["unknown rate type 'LIBOR'", "ESTER"]],
    ["/v1/interestrate/ESTER/2015-01-01", ["within 30 days", "starts on 2019-10-01"]],
    ["/v1/interestrate/ESTER/2099-01-01", ["within 30 days", "the latest is"]],
    ["/v1/nothing-here", ["no such route", "/v1/openapi.json"]],
  ])("GET %s", async (path, mentions) => {
    await expectError(await service.get(path), 404, ...mentions);
  });
});

describe("405, 413, 415 and OPTIONS", () => {
  it("405 names the methods the path takes, in Allow too", async () => {
    const response = await service.get("/v1/supply", { method: "DELETE" });
    await expectError(response, 405, "DELETE is not allowed", "POST");
    expect(response.headers.get("allow")).toContain("POST");
    const docs = await service.post("/docs");
    await expectError(docs, 405, "POST is not allowed on /docs");
    expect(docs.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("a plain OPTIONS to a route answers 204 with the Allow a 405 would list", async () => {
    for (const [path, allow] of [
      ["/v1/coins", "GET, HEAD, OPTIONS"],
      ["/v1/supply", "POST, OPTIONS"],
      ["/v1/chartPoints/MA120/Binance/BTC", "GET, HEAD, OPTIONS"],
    ]) {
      const response = await service.get(path as string, { method: "OPTIONS" });
      expect(response.status, path).toBe(204);
      expect(response.headers.get("allow")).toBe(allow);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const refused = await service.get(path as string, { method: "PUT" });
      expect(refused.headers.get("allow")).toBe(allow);
    }
    await expectError(await service.get("/v1/nothing-here", { method: "OPTIONS" }), 404, "no such route");
  });

  it("the OpenAPI document lists 415 and the two body types POST /v1/supply reads", async () => {
    const doc = await (await service.get("/v1/openapi.json")).json();
    const post = doc.paths["/v1/supply"].post;
    expect(Object.keys(post.requestBody.content)).toEqual([
      "application/json",
      "application/x-www-form-urlencoded",
    ]);
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(["400", "401", "413", "415", "429", "default"]),
    );
    expect(doc.info.description).toMatch(/\| 415 \| .*application\/x-www-form-urlencoded/);
    expect(doc.info.description).toMatch(/\| 431 \| /);
  });

  it.each([
    ["text/plain", "Symbol=ETH"],
    ["multipart/form-data; boundary=x", "--x\r\n"],
    ["application/jsonx", "{}"],
    ["application/xml", "<a/>"],
  ])("415 for a body of type %s, naming the types it reads, and stores nothing", async (type, body) => {
    const before = await (await service.get("/v1/supply/ETH")).json();
    const response = await service.post("/v1/supply?Symbol=ETH&CirculatingSupply=120700001", {
      headers: { ...auth, "Content-Type": type },
      body,
    });
    await expectError(response, 415, `'${type}'`, "application/json", "application/x-www-form-urlencoded");
    expect(await (await service.get("/v1/supply/ETH")).json()).toEqual(before);
  });

  it("413 for a body over 16 KiB", async () => {
    const response = await service.post("/v1/supply", {
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ Symbol: "BTC", CirculatingSupply: 1, Source: "x".repeat(20_000) }),
    });
    await expectError(response, 413, "larger than");
  });
});

describe("POST /v1/supply with a valid key", () => {
  it("stores a query-parameter post durably and the reads and coin list reflect it", async () => {
    const response = await service.post("/v1/supply?Symbol=SOL&CirculatingSupply=555000111", {
      headers: auth,
    });
    expect(response.status).toBe(200);
    const stored = await response.json();
    expect(stored).toMatchObject({
      symbol: "SOL",
      name: "Solana",
      circulatingSupply: 555000111,
      source: "api",
    });
    expect(await (await service.get("/v1/supply/SOL")).json()).toEqual(stored);
    const coins = await (await service.get("/v1/coins")).json();
    expect(coins.coins.find((c: { symbol: string }) => c.symbol === "SOL").circulatingSupply).toBe(555000111);
  });

  it("takes a form body as curl -d sends it, and an empty one as no body", async () => {
    const form = await service.post("/v1/supply", {
      headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: "Symbol=LTC&CirculatingSupply=7.5e7&Source=form",
    });
    expect(form.status).toBe(200);
    expect(await form.json()).toMatchObject({ symbol: "LTC", circulatingSupply: 75_000_000, source: "form" });
    // curl -d '' 'http://…/v1/supply?Symbol=ETH&CirculatingSupply=120700001'
    const empty = await service.post("/v1/supply?Symbol=ETH&CirculatingSupply=120700001", {
      headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ symbol: "ETH", circulatingSupply: 120_700_001 });
  });

  it("refuses a field given both in the query and the body", async () => {
    const response = await service.post("/v1/supply?Symbol=ETH", {
      headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: "Symbol=ETH&CirculatingSupply=5",
    });
    await expectError(response, 400, "'Symbol' is given as a query parameter and as a form field");
  });

  it("takes a JSON body too, in either casing, under any +json type", async () => {
    const merged = await service.post("/v1/supply", {
      headers: { ...auth, "Content-Type": "application/merge-patch+json; charset=utf-8" },
      body: JSON.stringify({ Symbol: "XRP", CirculatingSupply: "5.5e10" }),
    });
    expect(merged.status).toBe(200);
    expect(await merged.json()).toMatchObject({ symbol: "XRP", circulatingSupply: 5.5e10 });
    const response = await service.post("/v1/supply", {
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ symbol: "ADA", circulatingSupply: 36e9, Source: "test-suite" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      symbol: "ADA",
      circulatingSupply: 36e9,
      source: "test-suite",
    });
  });
});
