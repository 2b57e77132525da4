import { describe, expect, it } from "vitest";
import {
  bucketOf,
  type ChartRequest,
  cappedRequest,
  chartPointsPath,
  chartScaleOf,
  chartWindow,
} from "./chart-window.ts";

const REQUEST: ChartRequest = {
  filter: "MEDIR120",
  exchange: "Kraken",
  symbol: "ETH",
  scale: "5m",
  starttime: 1_795_000_000,
  endtime: null,
};

describe("chartPointsPath", () => {
  it("asks one exchange's endpoint or all exchanges', leaving the scale out for raw only", () => {
    expect(chartPointsPath(REQUEST)).toBe(
      "/v1/chartPoints/MEDIR120/Kraken/ETH?scale=5m&starttime=1795000000",
    );
    expect(chartPointsPath({ ...REQUEST, exchange: null, scale: "raw", starttime: null })).toBe(
      "/v1/chartPointsAllExchanges/MEDIR120/ETH",
    );
    expect(chartPointsPath({ ...REQUEST, exchange: "Coinbase Pro", endtime: 1_795_000_299 })).toBe(
      "/v1/chartPoints/MEDIR120/Coinbase%20Pro/ETH?scale=5m&starttime=1795000000&endtime=1795000299",
    );
  });
});

describe("the window of a request", () => {
  const now = 1_800_000_077;

  it("runs to now from the scale's own window when no times are named", () => {
    expect(chartWindow("raw", undefined, undefined, now)).toEqual({ from: now - 86_400, to: now });
    expect(chartWindow("1h", undefined, undefined, now)).toEqual({ from: now - 90 * 86_400, to: now });
    expect(chartWindow("1d", undefined, undefined, now)).toEqual({ from: 0, to: now });
  });

  it("reaches back from a named endtime, and takes a named starttime as it is", () => {
    expect(chartWindow("raw", undefined, 1_000_000, now)).toEqual({
      from: 1_000_000 - 86_400,
      to: 1_000_000,
    });
    expect(chartWindow("5m", 5, undefined, now)).toEqual({ from: 5, to: now });
  });

  it("reads the wire's scale, none being raw", () => {
    expect(chartScaleOf(undefined)).toBe("raw");
    expect(chartScaleOf("4h")).toBe("4h");
    expect(bucketOf(1_800_000_250, "raw")).toBe(1_800_000_240);
    expect(bucketOf(1_800_000_250, "5m")).toBe(1_800_000_000);
  });
});

describe("cappedRequest", () => {
  const now = 1_800_000_077;
  const block = 1_800_000_040;
  const raw: ChartRequest = { ...REQUEST, scale: "raw", starttime: block - 100_000 * 120 };

  it("ends a download from as far back as one request reaches before the bucket in progress", () => {
    expect(cappedRequest(raw, now)).toEqual({ ...raw, endtime: block - 1 });
    const fiveMinutes = { ...REQUEST, starttime: 1_800_000_000 - 100_000 * 300 };
    expect(cappedRequest(fiveMinutes, now)).toEqual({ ...fiveMinutes, endtime: 1_800_000_000 - 1 });
  });

  it("leaves shorter windows, all history and fixed ranges as they are", () => {
    const day = { ...raw, starttime: block - 86_400 };
    expect(cappedRequest(day, now)).toBe(day);
    expect(cappedRequest({ ...raw, starttime: null }, now)).toEqual({ ...raw, starttime: null });
    const fixed = { ...raw, endtime: block - 1_000 };
    expect(cappedRequest(fixed, now)).toBe(fixed);
  });
});
