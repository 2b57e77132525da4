import { describe, expect, it } from "vitest";
import { SOFR_AVERAGES_FEED, SOFR_FEED } from "./nyfed-feeds.ts";

// Rows as the Markets API answers them (fields as in its documentation; newest first).
const SOFR_ROWS = [
  {
    effectiveDate: "2024-12-05",
    type: "SOFR",
    percentRate: 4.59,
    percentPercentile1: 4.55,
    percentPercentile25: 4.57,
    percentPercentile75: 4.65,
    percentPercentile99: 4.68,
    volumeInBillions: 2325,
    revisionIndicator: "",
  },
  {
    effectiveDate: "2024-12-04",
    type: "SOFR",
    percentRate: 4.6,
    percentPercentile1: "NA",
    volumeInBillions: 2301,
    revisionIndicator: "",
  },
];
const SOFRAI_ROW = {
  effectiveDate: "2026-08-05",
  type: "SOFRAI",
  average30day: 3.62213,
  average90day: 3.62708,
  average180day: 3.66293,
  index: 1.25363504,
  revisionIndicator: "",
};

describe("the New York Fed's feeds", () => {
  it("ask in windows of at most two years, each following the last", () => {
    expect(SOFR_FEED.requests("2026-11-18", "2026-11-21")).toEqual([
      "/api/rates/secured/sofr/search.json?startDate=2026-11-18&endDate=2026-11-21",
    ]);
    expect(SOFR_AVERAGES_FEED.requests("2020-03-02", "2024-03-04")).toEqual([
      "/api/rates/secured/sofrai/search.json?startDate=2020-03-02&endDate=2022-03-02",
      "/api/rates/secured/sofrai/search.json?startDate=2022-03-03&endDate=2024-03-02",
      "/api/rates/secured/sofrai/search.json?startDate=2024-03-03&endDate=2024-03-04",
    ]);
  });

  it("read SOFR's percentRate, and the averages and the index from one SOFRAI row", () => {
    expect(SOFR_FEED.read(200, JSON.stringify({ refRates: SOFR_ROWS }))).toEqual([
      { type: "SOFR", effectiveDate: "2024-12-05", value: 4.59 },
      { type: "SOFR", effectiveDate: "2024-12-04", value: 4.6 },
    ]);
    expect(SOFR_AVERAGES_FEED.read(200, JSON.stringify({ refRates: [SOFRAI_ROW] }))).toEqual([
      { type: "SOFR30", effectiveDate: "2026-08-05", value: 3.62213 },
      { type: "SOFR90", effectiveDate: "2026-08-05", value: 3.62708 },
      { type: "SOFR180", effectiveDate: "2026-08-05", value: 3.66293 },
      { type: "SAFR", effectiveDate: "2026-08-05", value: 1.25363504 },
    ]);
    expect(SOFR_FEED.read(200, '{"refRates":[]}')).toEqual([]);
  });

  it("refuse what is not their answer", () => {
    expect(() => SOFR_FEED.read(200, "<html>Service Unavailable</html>")).toThrow(/not JSON/);
    expect(() => SOFR_FEED.read(200, '{"rates":[]}')).toThrow(/no refRates list/);
    expect(() => SOFR_FEED.read(200, JSON.stringify({ refRates: [SOFRAI_ROW] }))).toThrow(
      /type "SOFRAI", not SOFR/,
    );
    expect(() =>
      SOFR_FEED.read(200, JSON.stringify({ refRates: [{ ...SOFR_ROWS[0], percentRate: "4,59" }] })),
    ).toThrow(/percentRate: "4,59" is not a SOFR value/);
    expect(() =>
      SOFR_AVERAGES_FEED.read(200, JSON.stringify({ refRates: [{ ...SOFRAI_ROW, index: 1e6 }] })),
    ).toThrow(/is not a SAFR value/);
    expect(() => SOFR_FEED.read(429, "Too Many Requests")).toThrow(/HTTP 429/);
  });
});
