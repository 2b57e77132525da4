// Every endpoint through real HTTP against a real server on a fresh data directory: the success shape,
// field by field against the interface's tables, and the figures' consistency with each other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeDataPoints } from "../../interface/data-points.ts";
import { ENDPOINTS, INTERFACE_ENDPOINTS, type Operation } from "../../interface/endpoints.ts";
import { EXTENSION_ENDPOINTS, LIVE_ENDPOINTS } from "../../interface/extension-endpoints.ts";
import {
  CoinSchema,
  CoinsSchema,
  CurrencyChangeSchema,
  InterestRateMetaSchema,
  InterestRateSchema,
  PairSchema,
  PairsSchema,
  PointsSchema,
  QuotationSchema,
  SupplySchema,
  SymbolDetailsSchema,
  SymbolExchangeDetailsSchema,
  SymbolsSchema,
  TradeSchema,
} from "../../interface/resources.ts";
import { RATE_TYPE_SYMBOLS } from "../../interface/vocabulary.ts";
import { fieldsOf, startTestService, TEST_NOW, type TestService } from "../testing/test-service.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.stop();
});

const fields = (schema: { shape: object }) => Object.keys(schema.shape).sort();

/** A table's rows as the OpenAPI document's routes: "get /v1/coins". */
const routesOf = (table: Record<string, Operation>) =>
  Object.values(table).map((row) => `${row.method} ${row.path}`);

async function json(path: string): Promise<unknown> {
  const response = await service.get(path);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return response.json();
}

describe("GET /v1/quotation/{symbol}", () => {
  it("answers a Quotation with exactly the interface's fields", async () => {
    const body = QuotationSchema.parse(await json("/v1/quotation/BTC"));
    expect(fieldsOf(body)).toEqual(fields(QuotationSchema));
    expect(body.symbol).toBe("BTC");
    expect(body.name).toBe("Bitcoin");
    expect(body.price).toBeGreaterThan(10_000);
    expect(body.priceYesterday).not.toBeNull();
    expect(body.volumeYesterdayUSD).toBeGreaterThan(1e6);
    // Stamped just after the newest block that ended before the market clock's now.
    const lastBlockEnd = Math.floor(TEST_NOW / 120_000) * 120_000;
    expect(Date.parse(body.time) - lastBlockEnd).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.time) - lastBlockEnd).toBeLessThan(2000);
  });

  it("prices at the newest MA120 value across all exchanges", async () => {
    const q = QuotationSchema.parse(await json("/v1/quotation/ETH"));
    const points = PointsSchema.parse(await json("/v1/chartPointsAllExchanges/MA120/ETH"));
    const last = decodeDataPoints(points.dataPoints).at(-1);
    expect(last?.value).toBe(q.price);
  });
});

describe("GET /v1/coins", () => {
  it("answers Coins: the top coins by market cap, the complete list and the FX change", async () => {
    const body = CoinsSchema.parse(await json("/v1/coins"));
    expect(fieldsOf(body)).toEqual(fields(CoinsSchema));
    expect(body.coins.length).toBe(50);
    for (const coin of body.coins) expect(fieldsOf(coin)).toEqual(fields(CoinSchema));
    const caps = body.coins.map((c) => (c.circulatingSupply ?? 0) * c.price);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    expect(body.coins[0]?.symbol).toBe("BTC");
    // The complete list holds the top 50 in their order, then the coins known beyond them.
    const complete = body.completeCoinList.map((c) => c.symbol);
    expect(complete.slice(0, 50)).toEqual(body.coins.map((c) => c.symbol));
    expect(complete.length).toBeGreaterThan(50);
    expect(body.change?.usd.map((c) => c.symbol)).toContain("EUR");
    for (const c of body.change?.usd ?? []) expect(fieldsOf(c)).toEqual(fields(CurrencyChangeSchema));
  });
});

describe("GET /v1/pairs and /v1/symbols", () => {
  it("lists every pair with its foreign name, and every symbol", async () => {
    const pairs = PairsSchema.parse(await json("/v1/pairs"));
    expect(fieldsOf(pairs)).toEqual(["pairs"]);
    for (const p of pairs.pairs) expect(fieldsOf(p)).toEqual(fields(PairSchema));
    expect(new Set(pairs.pairs.map((p) => p.exchange)).size).toBeGreaterThanOrEqual(8);
    expect(pairs.pairs.some((p) => p.ignore)).toBe(true);
    const symbols = SymbolsSchema.parse(await json("/v1/symbols"));
    expect(symbols.symbols.length).toBeGreaterThanOrEqual(20);
    expect(new Set(symbols.symbols)).toEqual(
      new Set(pairs.pairs.filter((p) => !p.ignore).map((p) => p.symbol)),
    );
  });
});

describe("GET /v1/symbol/{symbol}", () => {
  it("answers SymbolDetails with per-exchange figures, last trades and gfx1", async () => {
    const body = SymbolDetailsSchema.parse(await json("/v1/symbol/BTC"));
    expect(fieldsOf(body)).toEqual(fields(SymbolDetailsSchema));
    expect(fieldsOf(body.coin)).toEqual(fields(CoinSchema));
    expect(body.rank).toBe(1);
    expect(body.exchanges.length).toBeGreaterThanOrEqual(8);
    for (const x of body.exchanges) {
      expect(fieldsOf(x)).toEqual(fields(SymbolExchangeDetailsSchema));
      expect(x.lastTrades.length).toBeGreaterThan(0);
      expect(x.lastTrades.length).toBeLessThanOrEqual(10);
      for (const t of x.lastTrades) {
        expect(fieldsOf(t)).toEqual(fields(TradeSchema));
        expect(t.source).toBe(x.name);
      }
      const times = x.lastTrades.map((t) => Date.parse(t.time));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(x.time).toBe(x.lastTrades[0]?.time);
    }
    const points = decodeDataPoints(body.gfx1.dataPoints);
    expect(points.length).toBeGreaterThan(600);
    expect(points.every((p) => p.filter === "MA120" && p.exchange === null)).toBe(true);
    expect(points.at(-1)?.value).toBe(body.coin.price);
  });
});

describe("GET /v1/supply/{symbol}", () => {
  it("answers the seeded Supply", async () => {
    const body = SupplySchema.parse(await json("/v1/supply/BTC"));
    expect(fieldsOf(body)).toEqual(fields(SupplySchema));
    expect(body.circulatingSupply).toBeGreaterThan(19e6);
    expect(body.name).toBe("Bitcoin");
  });
});

describe("interest rates", () => {
  it("lists every rate type", async () => {
    const body = (await json("/v1/interestrates")) as unknown[];
    expect(body.map((r) => InterestRateMetaSchema.parse(r).symbol)).toEqual(RATE_TYPE_SYMBOLS);
    for (const r of body) expect(fieldsOf(r)).toEqual(fields(InterestRateMetaSchema));
  });

  it("answers the latest fixing, and on a Sunday the Friday's", async () => {
    const latest = InterestRateSchema.parse(await json("/v1/interestrate/ESTER"));
    expect(fieldsOf(latest)).toEqual(fields(InterestRateSchema));
    // The market clock says Friday 2026-11-20 noon: €STR for Thursday is published Friday 07:00 UTC.
    expect(latest.effectiveDate).toBe("2026-11-19T00:00:00Z");
    expect(latest.source).toBe("ECB");
    const sunday = InterestRateSchema.parse(await json("/v1/interestrate/SOFR/2026-11-15"));
    expect(sunday.effectiveDate).toBe("2026-11-13T00:00:00Z");
    const colons = InterestRateSchema.parse(await json("/v1/interestrate/SOFR/2026:11:15"));
    expect(colons).toEqual(sunday);
  });

  it("answers a range of fixings, ascending", async () => {
    const body = (await json("/v1/interestrate/SONIA?dateInit=2026-10-01&dateFinal=2026-10-31")) as unknown[];
    const dates = body.map((r) => InterestRateSchema.parse(r).effectiveDate);
    expect(dates.length).toBe(22);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe("2026-10-01T00:00:00Z");
  });
});

describe("the OpenAPI document", () => {
  it("describes all eleven endpoints, our extensions marked as such, and the error table", async () => {
    const doc = (await json("/v1/openapi.json")) as {
      paths: Record<string, Record<string, { tags?: string[]; "x-extension"?: boolean }>>;
      info: { description: string };
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]) => ({
        route: `${m} ${path}`,
        extension: op["x-extension"] === true,
      })),
    );
    const extensions = operations
      .filter((o) => o.extension)
      .map((o) => o.route)
      .sort();
    const routes = operations
      .filter((o) => !o.extension)
      .map((o) => o.route)
      .sort();
    // Marked as extensions: the extension table's rows and the live stream's operations, and only they.
    expect(extensions).toEqual([...routesOf(EXTENSION_ENDPOINTS), ...routesOf(LIVE_ENDPOINTS)].sort());
    expect(routes).toEqual(routesOf(INTERFACE_ENDPOINTS).sort());
    expect(extensions).toEqual([
      "get /v1/candles/{trading_place}/{symbol}",
      "get /v1/candlesAllExchanges/{symbol}",
      "get /v1/provenance/{symbol}",
      "get /v1/stream",
      "put /v1/stream/{stream}/subjects",
    ]);
    expect(routes).toEqual(
      [
        "get /v1/chartPoints/{filter}/{trading_place}/{symbol}",
        "get /v1/chartPointsAllExchanges/{filter}/{symbol}",
        "get /v1/quotation/{symbol}",
        "get /v1/interestrate/{rateType}",
        "get /v1/interestrate/{rateType}/{date}",
        "get /v1/supply/{symbol}",
        "post /v1/supply",
        "get /v1/symbol/{symbol}",
        "get /v1/coins",
        "get /v1/pairs",
        "get /v1/symbols",
        "get /v1/interestrates",
      ].sort(),
    );
    for (const status of [400, 401, 404, 405, 413, 429])
      expect(doc.info.description).toContain(`| ${status} |`);
    expect(doc.info.description).toContain("time,exchange,filter,symbol,value");
  });

  it("serves the endpoint table's rows and nothing beside them, each with its operationId", async () => {
    const doc = (await json("/v1/openapi.json")) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${method} ${path} ${op.operationId}`),
    );
    const table = [...Object.values(ENDPOINTS), ...Object.values(LIVE_ENDPOINTS)].map(
      (e) => `${e.method} ${e.path} ${e.operationId}`,
    );
    expect(served.sort()).toEqual(table.sort());
  });
});
