import { describe, expect, it } from "vitest";
import {
  allowedRanges,
  chartKeyOf,
  defaultRange,
  rangeStart,
  readChartState,
  withChartState,
} from "./chart-params.ts";

const p = (search: string) => new URLSearchParams(search);

describe("chart URL state", () => {
  it("reads the defaults from an empty address", () => {
    expect(readChartState(p(""))).toEqual({
      exchange: null,
      filter: "MEDIR120",
      scale: "1h",
      range: "90d",
      compare: [],
    });
  });

  it("reads every param and falls back on unreadable ones", () => {
    expect(
      readChartState(p("exchange=Binance&filter=MAIR120&scale=5m&range=7d&compare=all&compare=Kraken")),
    ).toEqual({
      exchange: "Binance",
      filter: "MAIR120",
      scale: "5m",
      range: "7d",
      compare: [null, "Kraken"],
    });
    const odd = readChartState(p("filter=XX&scale=2h&range=1y&compare=&compare=Kraken&compare=Kraken"));
    expect(odd).toMatchObject({ filter: "MEDIR120", scale: "1h", range: "1y", compare: ["Kraken"] });
    // raw cannot answer a year in one request: its default instead.
    expect(readChartState(p("scale=raw&range=1y")).range).toBe("1d");
    // The main series is never compared with itself.
    expect(readChartState(p("exchange=Kraken&compare=Kraken&compare=all")).compare).toEqual([null]);
    expect(readChartState(p("compare=all")).compare).toEqual([]);
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    expect(withChartState(p(""), {}).toString()).toBe("");
    const next = withChartState(p("x=1"), {
      exchange: "Binance",
      filter: "MAIR120",
      compare: [null, "Kraken"],
    });
    expect(next.toString()).toBe("x=1&exchange=Binance&filter=MAIR120&compare=all&compare=Kraken");
    expect(readChartState(next)).toMatchObject({ exchange: "Binance", compare: [null, "Kraken"] });
    expect(withChartState(next, { exchange: null }).get("exchange")).toBeNull();
  });

  it("moves to the scale's default range when the new scale cannot show the current one", () => {
    const yearly = withChartState(p(""), { range: "1y" });
    expect(yearly.get("range")).toBe("1y");
    const raw = withChartState(yearly, { scale: "raw" });
    expect(readChartState(raw)).toMatchObject({ scale: "raw", range: "1d" });
    expect(raw.get("range")).toBeNull();
    expect(withChartState(p("range=7d"), { scale: "5m" }).get("range")).toBeNull();
  });

  it("allows the ranges a scale answers within 100 000 points", () => {
    expect(allowedRanges("raw")).toEqual(["1d", "7d", "30d", "90d"]);
    expect(allowedRanges("5m")).toEqual(["1d", "7d", "30d", "90d"]);
    expect(allowedRanges("1h")).toEqual(["1d", "7d", "30d", "90d", "1y"]);
    expect(allowedRanges("1d")).toContain("all");
    expect(defaultRange("4h")).toBe("1y");
    expect(defaultRange("1w")).toBe("all");
  });

  it("anchors the range at the start of its bucket and makes the keys", () => {
    const now = 1_700_000_000;
    expect(rangeStart("1h", "1d", now)).toBe(Math.floor((now - 86_400) / 3600) * 3600);
    expect(rangeStart("raw", "1d", now)).toBe(Math.floor((now - 86_400) / 120) * 120);
    expect(rangeStart("1d", "all", now)).toBeNull();
    const state = readChartState(p("scale=raw&filter=MAIR120"));
    expect(chartKeyOf("BTC", state, null, 5)).toEqual({
      filter: "MAIR120",
      exchange: null,
      symbol: "BTC",
      scale: null,
      starttime: 5,
      endtime: null,
    });
  });
});
