// The candle view's CSV: every column the service sends (its own candles header), times written as the
// line view's export writes them (chart-export.ts).
import { CANDLES_HEADER } from "../../interface/candles.ts";
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import { isoInZone, type TimeZone, UTC } from "../format/time-zone.ts";
import { csvCell } from "./chart-export.ts";

/** The candles of `series` as CSV; `symbol` where a series has none to say (no candles). */
export function candlesCsv(series: readonly ChartCandles[], symbol: string, zone: TimeZone = UTC): string {
  const lines = [CANDLES_HEADER];
  for (const c of series) {
    const middle = `,${csvCell(c.exchange ?? "")},${csvCell(c.symbol || symbol)},`;
    for (let i = 0; i < c.times.length; i++) {
      lines.push(
        `${isoInZone(c.times[i] as number, zone)}${middle}${c.open[i]},${c.high[i]},${c.low[i]},` +
          `${c.close[i]},${c.volume[i]},${c.buyVolume[i]},${c.sellVolume[i]},${c.trades[i]}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}
