// The one-pass candle reader gives what the interface's decoder gives, and leaves anything unusual to it.
import { describe, expect, it } from "vitest";
import { CANDLES_HEADER, decodeCandles, encodeCandles } from "../../../interface/candles.ts";
import { scanCandles } from "./candle-scan.ts";
import { chartCandlesOf } from "./candle-series.ts";

const columns = {
  times: [1_700_000_040, 1_700_000_160, 1_700_086_440],
  open: [95_120.5, 95_133, 94_000.125],
  high: [95_140, 95_200.75, 94_100],
  low: [95_101.25, 95_100, 93_999],
  close: [95_133, 95_150, 94_050.5],
  volume: [3.5124, 0.00000001, 12],
  buyVolume: [2.1, 0, 7],
  sellVolume: [1.4124, 0.00000001, 5],
  trades: [41, 1, 300],
};

describe("scanCandles", () => {
  it("reads what decodeCandles reads, for one exchange and for all", () => {
    for (const exchange of ["Binance", null]) {
      const text = encodeCandles({ exchange, symbol: "BTC" }, columns);
      expect(scanCandles(text)).toEqual(chartCandlesOf(decodeCandles(text)));
      expect(scanCandles(text.replaceAll("\n", "\r\n"))).toEqual(chartCandlesOf(decodeCandles(text)));
    }
    expect(scanCandles(`${CANDLES_HEADER}\n`)).toEqual(chartCandlesOf(decodeCandles(`${CANDLES_HEADER}\n`)));
  });

  it("leaves anything unusual to the interface's decoder", () => {
    const text = encodeCandles({ exchange: "Binance", symbol: "BTC" }, columns);
    const lines = text.split("\n");
    const swapped = [lines[0], lines[2], lines[1], lines[3], ""].join("\n");
    expect(scanCandles(swapped)).toBeNull();
    expect(scanCandles(text.replace("95133,", "x,"))).toBeNull();
    expect(scanCandles(text.replace(",41\n", ",41,9\n"))).toBeNull();
    expect(scanCandles(text.replace(",41\n", "\n"))).toBeNull();
    expect(scanCandles(text.replace(",41\n", ",\n"))).toBeNull();
    expect(scanCandles(text.replace("time,", "when,"))).toBeNull();
  });
});
