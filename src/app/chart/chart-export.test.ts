import { describe, expect, it } from "vitest";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { exportFileName, pointsCsv, withTimeZoneTag } from "./chart-export.ts";

const series = (exchange: string | null, times: number[], values: number[]): ChartPoints => ({
  times: Float64Array.from(times),
  values: Float64Array.from(values),
  exchange,
  filter: "MEDIR120",
  symbol: "BTC",
});

describe("pointsCsv", () => {
  it("writes a header and one row per point of every series, times in ISO UTC", () => {
    const csv = pointsCsv([
      {
        exchange: "Binance",
        filter: "MEDIR120",
        symbol: "BTC",
        points: series("Binance", [0, 120], [1.5, 2]),
      },
      { exchange: null, filter: "MEDIR120", symbol: "BTC", points: series(null, [60], [3]) },
    ]);
    expect(csv).toBe(
      [
        "time,exchange,filter,symbol,value",
        "1970-01-01T00:00:00Z,Binance,MEDIR120,BTC,1.5",
        "1970-01-01T00:02:00Z,Binance,MEDIR120,BTC,2",
        "1970-01-01T00:01:00Z,,MEDIR120,BTC,3",
        "",
      ].join("\n"),
    );
  });

  it("quotes cells that need it, and names files safely", () => {
    const csv = pointsCsv([{ exchange: 'A,"B"', filter: "F", symbol: "S", points: series("x", [0], [1]) }]);
    expect(csv.split("\n")[1]).toBe('1970-01-01T00:00:00Z,"A,""B""",F,S,1');
    expect(exportFileName(["BTC", "All exchanges", "1h"], "csv")).toBe("BTC-All_exchanges-1h.csv");
  });

  it("writes the times in the chosen zone with its offset, the zone in the file's name", () => {
    const csv = pointsCsv(
      [
        {
          exchange: "Binance",
          filter: "MEDIR120",
          symbol: "BTC",
          points: series("Binance", [0, 120], [1, 2]),
        },
      ],
      "Asia/Tokyo",
    );
    expect(csv.split("\n").slice(1, 3)).toEqual([
      "1970-01-01T09:00:00+09:00,Binance,MEDIR120,BTC,1",
      "1970-01-01T09:02:00+09:00,Binance,MEDIR120,BTC,2",
    ]);
    expect(exportFileName(withTimeZoneTag(["BTC", "Binance", "1h"], "America/New_York"), "csv")).toBe(
      "BTC-Binance-1h-America_New_York.csv",
    );
    expect(exportFileName(withTimeZoneTag(["BTC", "Binance", "1d"], "UTC"), "csv")).toBe(
      "BTC-Binance-1d-UTC.csv",
    );
  });
});
