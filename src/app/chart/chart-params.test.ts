import { describe, expect, it } from "vitest";
import { MAX_CHART_POINTS } from "../../interface/chart-window.ts";
import {
  allowedRanges,
  allRangeTitle,
  candleKeyOf,
  chartKeyOf,
  defaultRange,
  describeAllReach,
  describeRange,
  rangeWindow,
  readChartState,
  withChartState,
} from "./chart-params.ts";

const p = (search: string) => new URLSearchParams(search);

describe("chart URL state", () => {
  it("reads the defaults from an empty address", () => {
    expect(readChartState(p(""))).toEqual({
      view: "candles",
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
      view: "line",
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
      view: "line",
      exchange: "Binance",
      filter: "MAIR120",
      compare: [null, "Kraken"],
    });
    expect(next.toString()).toBe("x=1&exchange=Binance&filter=MAIR120&compare=all&compare=Kraken");
    expect(readChartState(next)).toMatchObject({ exchange: "Binance", compare: [null, "Kraken"] });
    expect(withChartState(next, { exchange: null }).get("exchange")).toBeNull();
  });

  it("shows candles by default, and the line where an older address names a filter and no view", () => {
    expect(readChartState(p("exchange=Binance")).view).toBe("candles");
    expect(readChartState(p("filter=MEDIR120")).view).toBe("line");
    expect(readChartState(p("filter=MAIR120&view=candles")).view).toBe("candles");
    expect(readChartState(p("view=line")).view).toBe("line");
    expect(readChartState(p("view=bars")).view).toBe("candles");
    expect(readChartState(p("view=bars&filter=MAIR120")).view).toBe("line");
  });

  it("writes the view only where the rest of the address does not imply it", () => {
    expect(withChartState(p(""), { view: "candles" }).toString()).toBe("");
    expect(withChartState(p(""), { view: "line" }).toString()).toBe("view=line");
    // A filter of its own already says line; candles with a filter kept for the line view say so.
    expect(withChartState(p(""), { view: "line", filter: "MAIR120" }).toString()).toBe("filter=MAIR120");
    const candles = withChartState(p("filter=MAIR120"), { view: "candles" });
    expect(candles.toString()).toBe("filter=MAIR120&view=candles");
    expect(readChartState(candles)).toMatchObject({ view: "candles", filter: "MAIR120" });
    expect(readChartState(withChartState(candles, { view: "line" }))).toMatchObject({
      view: "line",
      filter: "MAIR120",
    });
    for (const search of ["", "view=line", "filter=MAIR120", "filter=MAIR120&view=candles", "scale=5m"])
      expect(readChartState(withChartState(p(search), {}))).toEqual(readChartState(p(search)));
  });

  it("makes a candles key without a filter", () => {
    const state = readChartState(p("scale=5m"));
    expect(candleKeyOf("BTC", state, "Kraken", { starttime: 100, endtime: null })).toEqual({
      exchange: "Kraken",
      symbol: "BTC",
      scale: "5m",
      starttime: 100,
      endtime: null,
    });
  });

  it("moves to the scale's default range when the new scale cannot show the current one", () => {
    const yearly = withChartState(p(""), { range: "1y" });
    expect(yearly.get("range")).toBe("1y");
    const raw = withChartState(yearly, { scale: "raw" });
    expect(readChartState(raw)).toMatchObject({ scale: "raw", range: "1d" });
    expect(raw.get("range")).toBeNull();
    expect(withChartState(p("range=7d"), { scale: "5m" }).get("range")).toBeNull();
  });

  it("allows the ranges a scale answers within 100 000 points, and all at every scale", () => {
    expect(allowedRanges("raw")).toEqual(["1d", "7d", "30d", "90d", "all"]);
    expect(allowedRanges("5m")).toEqual(["1d", "7d", "30d", "90d", "all"]);
    expect(allowedRanges("1h")).toEqual(["1d", "7d", "30d", "90d", "1y", "all"]);
    expect(allowedRanges("1d")).toEqual(["1d", "7d", "30d", "90d", "1y", "all"]);
    expect(defaultRange("4h")).toBe("1y");
    expect(defaultRange("1w")).toBe("all");
    expect(readChartState(p("scale=raw&range=all")).range).toBe("all");
  });

  it("keeps all across scales, except from all history to a scale where it means 100 000 points", () => {
    // 1w opens on all history (a clean address); raw's "all" would be its largest download.
    const weekly = p("scale=1w");
    expect(readChartState(weekly).range).toBe("all");
    expect(readChartState(withChartState(weekly, { scale: "raw" }))).toMatchObject({ range: "1d" });
    expect(readChartState(withChartState(weekly, { scale: "1d" }))).toMatchObject({ range: "all" });
    expect(withChartState(weekly, { scale: "1d" }).get("range")).toBeNull();
    // Picked at raw, it stays as far back as one request reaches, at another scale too.
    const rawAll = withChartState(p("scale=raw"), { range: "all" });
    expect(rawAll.toString()).toBe("scale=raw&range=all");
    expect(withChartState(rawAll, { scale: "5m" }).toString()).toBe("scale=5m&range=all");
    expect(withChartState(rawAll, { scale: "1d" }).toString()).toBe("scale=1d");
    expect(withChartState(rawAll, { range: "1d" }).toString()).toBe("scale=raw");
  });

  it("anchors a preset's range at the start of its bucket, up to now", () => {
    const now = 1_700_000_000;
    expect(rangeWindow("1h", "1d", now)).toEqual({
      starttime: Math.floor((now - 86_400) / 3600) * 3600,
      endtime: null,
    });
    expect(rangeWindow("raw", "1d", now)).toEqual({
      starttime: Math.floor((now - 86_400) / 120) * 120,
      endtime: null,
    });
    expect(rangeWindow("1d", "all", now)).toEqual({ starttime: null, endtime: null });
    expect(rangeWindow("1w", "all", now)).toEqual({ starttime: null, endtime: null });
  });

  it("asks all from 100 000 buckets before the one holding now, live", () => {
    const now = 1_700_000_077; // 37 s into the block that starts at 1_700_000_040
    const block = 1_700_000_040;
    expect(rangeWindow("raw", "all", now)).toEqual({
      starttime: block - MAX_CHART_POINTS * 120,
      endtime: null,
    });
    for (const [scale, step] of [
      ["raw", 120],
      ["5m", 300],
      ["30m", 1_800],
      ["1h", 3_600],
      ["4h", 14_400],
    ] as const) {
      const { starttime, endtime } = rangeWindow(scale, "all", now);
      if (starttime === null) throw new Error(`no window at ${scale}`);
      expect(endtime).toBeNull();
      // Aligned to the scale's buckets, MAX_CHART_POINTS complete ones before the one holding now.
      expect(starttime % step).toBe(0);
      expect((Math.floor(now / step) * step - starttime) / step).toBe(MAX_CHART_POINTS);
    }
  });

  it("says how far back all reaches", () => {
    expect(describeAllReach("raw")).toBe("139 days");
    expect(describeAllReach("5m")).toBe("347 days");
    expect(describeAllReach("30m")).toBe("5.7 years");
    expect(describeAllReach("1d")).toBeNull();
    expect(describeRange("raw", "all")).toBe("last 139 days, as far back as one request reaches");
    expect(describeRange("1w", "all")).toBe("all history");
    expect(describeRange("raw", "7d")).toBe("last 7d");
    expect(allRangeTitle("raw")).toBe("As far back as one request reaches: 139 days at raw (100,000 points)");
    expect(allRangeTitle("1d")).toBe("All history");
  });

  it("makes the keys of a window", () => {
    const state = readChartState(p("scale=raw&filter=MAIR120"));
    expect(chartKeyOf("BTC", state, null, { starttime: 5, endtime: null })).toEqual({
      filter: "MAIR120",
      exchange: null,
      symbol: "BTC",
      scale: "raw",
      starttime: 5,
      endtime: null,
    });
    expect(chartKeyOf("BTC", state, "Kraken", { starttime: 5, endtime: 9 })).toMatchObject({
      exchange: "Kraken",
      starttime: 5,
      endtime: 9,
    });
  });
});
