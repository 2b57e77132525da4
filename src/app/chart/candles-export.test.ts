// The candle view's CSV: the service's candles header, every column, series after series, times in the
// chart's zone.
import { describe, expect, it } from "vitest";
import { CANDLES_HEADER, decodeCandles } from "../../interface/candles.ts";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import { candlesCsv } from "./candles-export.ts";

const T0 = Date.UTC(2026, 10, 22, 9, 20) / 1000;

function candles(exchange: string | null, symbol = "BTC"): ChartCandles {
  const one = (value: number) => Float64Array.of(value);
  return {
    times: one(T0),
    open: one(95120.5),
    high: one(95140),
    low: one(95101.25),
    close: one(95133),
    volume: one(3.5),
    buyVolume: one(2.1),
    sellVolume: one(1.4),
    trades: one(41),
    exchange,
    symbol,
  };
}

describe("candlesCsv", () => {
  it("writes every candle column under the service's header, which the interface reads back", () => {
    const csv = candlesCsv([candles("Binance"), candles(null)], "BTC");
    const lines = csv.trim().split("\n");
    expect(lines).toEqual([
      CANDLES_HEADER,
      "2026-11-22T09:20:00Z,Binance,BTC,95120.5,95140,95101.25,95133,3.5,2.1,1.4,41",
      "2026-11-22T09:20:00Z,,BTC,95120.5,95140,95101.25,95133,3.5,2.1,1.4,41",
    ]);
    expect(decodeCandles([lines[0], lines[1]].join("\n")).candles.trades).toEqual([41]);
  });

  it("writes times in the chart's zone with its offset, and the page's symbol where a series has none", () => {
    const csv = candlesCsv([candles("Kraken", "")], "ETH", "Asia/Tokyo");
    expect(csv.split("\n")[1]).toBe(
      "2026-11-22T18:20:00+09:00,Kraken,ETH,95120.5,95140,95101.25,95133,3.5,2.1,1.4,41",
    );
  });
});
