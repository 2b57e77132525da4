import { describe, expect, it } from "vitest";
import { ADMIN_ENDPOINTS } from "./admin-endpoints.ts";
import {
  ENDPOINTS,
  type Endpoint,
  INTERFACE_ENDPOINTS,
  type Operation,
  pathOf,
  STATUS_ENDPOINT,
} from "./endpoints.ts";
import { EXTENSION_ENDPOINTS } from "./extension-endpoints.ts";

/** The names in `{…}` of a path template, in order. */
const pathParamNames = (template: string): string[] =>
  [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);

const rows: Endpoint[] = Object.values(ENDPOINTS);
const adminRows: Operation[] = Object.values(ADMIN_ENDPOINTS);
const everyRow: Operation[] = [...rows, ...adminRows, STATUS_ENDPOINT];

describe("the endpoint tables", () => {
  it("name each path parameter in its parameters' schema, and nothing else there", () => {
    for (const row of everyRow) {
      const declared = row.params ? Object.keys(row.params.shape).sort() : [];
      expect(declared, row.operationId).toEqual(pathParamNames(row.path).sort());
    }
  });

  it("have one row per method and path, each with an operationId of its own", () => {
    expect(new Set(everyRow.map((row) => `${row.method} ${row.path}`)).size).toBe(everyRow.length);
    expect(new Set(everyRow.map((row) => row.operationId)).size).toBe(everyRow.length);
    for (const row of rows) expect(row.path).toMatch(/^\/v1\/[A-Za-z]/);
    for (const row of adminRows) expect(row.path).toMatch(/^\/admin\/[A-Za-z]/);
  });
});

describe("the interface's table and the extensions'", () => {
  it("are joined in ENDPOINTS, with no name in both", () => {
    expect(Object.keys(ENDPOINTS)).toEqual([
      ...Object.keys(INTERFACE_ENDPOINTS),
      ...Object.keys(EXTENSION_ENDPOINTS),
    ]);
  });

  it("mark as extensions the extensions' rows only", () => {
    for (const row of Object.values(INTERFACE_ENDPOINTS))
      expect("extension" in row, row.operationId).toBe(false);
    for (const row of Object.values(EXTENSION_ENDPOINTS)) expect(row.extension, row.operationId).toBe(true);
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

  it("fills in a number as its digits, and the operator's API's and /status's paths alike", () => {
    expect(pathOf(ADMIN_ENDPOINTS.revokeKey, { id: 7 })).toBe("/admin/keys/7/revoke");
    expect(pathOf(ADMIN_ENDPOINTS.changeKey, { id: "7/../x" })).toBe("/admin/keys/7%2F..%2Fx");
    expect(pathOf(ADMIN_ENDPOINTS.audit, {}, { limit: 25, before: null })).toBe("/admin/audit?limit=25");
    expect(pathOf(ADMIN_ENDPOINTS.usageMinutes, {}, { period: "day", client: "key:9f2c01ab" })).toBe(
      "/admin/usage/minutes?period=day&client=key%3A9f2c01ab",
    );
    expect(pathOf(STATUS_ENDPOINT, {})).toBe("/status");
  });

  it("refuses a path with a parameter left out", () => {
    expect(() => pathOf(ENDPOINTS.quotation, {} as { symbol: string })).toThrow(
      /getQuotation: no value for \{symbol\}/,
    );
  });
});
