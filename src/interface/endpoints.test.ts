import { describe, expect, it } from "vitest";
import { ENDPOINTS, type Endpoint, pathOf, pathParamNames } from "./endpoints.ts";

const rows: Endpoint[] = Object.values(ENDPOINTS);

describe("the endpoint table", () => {
  it("names each path parameter in its parameters' schema, and nothing else there", () => {
    for (const row of rows) {
      const declared = row.params ? Object.keys(row.params.shape).sort() : [];
      expect(declared, row.operationId).toEqual(pathParamNames(row.path).sort());
    }
  });

  it("has one row per method and path, each with an operationId of its own", () => {
    expect(new Set(rows.map((row) => `${row.method} ${row.path}`)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.operationId)).size).toBe(rows.length);
    for (const row of rows) expect(row.path).toMatch(/^\/v1\/[A-Za-z]/);
  });
});

describe("pathOf", () => {
  it("fills each parameter in as one encoded path segment", () => {
    expect(
      pathOf(ENDPOINTS.chartPoints, { filter: "MEDIR120", trading_place: "Coinbase Pro", symbol: "a/b?c" }),
    ).toBe("/v1/chartPoints/MEDIR120/Coinbase%20Pro/a%2Fb%3Fc");
    expect(pathOf(ENDPOINTS.coins, {})).toBe("/v1/coins");
  });

  it("adds the query, leaving out what is undefined or null", () => {
    expect(
      pathOf(
        ENDPOINTS.chartPointsAllExchanges,
        { filter: "MA120", symbol: "BTC" },
        { scale: "1h", starttime: 1_700_000_000, endtime: null, other: undefined },
      ),
    ).toBe("/v1/chartPointsAllExchanges/MA120/BTC?scale=1h&starttime=1700000000");
    expect(pathOf(ENDPOINTS.interestRate, { rateType: "ESTER" }, { dateInit: "2026-01-02" })).toBe(
      "/v1/interestrate/ESTER?dateInit=2026-01-02",
    );
  });

  it("refuses a path with a parameter left out", () => {
    expect(() => pathOf(ENDPOINTS.quotation, {} as { symbol: string })).toThrow(
      /getQuotation: no value for \{symbol\}/,
    );
  });
});
