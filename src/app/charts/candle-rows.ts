// What the tooltip says of the candle under the crosshair: its open, high, low and close; its volume with
// the buying and selling parts; its trades. Volumes are in the coin's own units (not money), so they are
// written as plain numbers, to four significant digits below one.
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import type { ChartTheme } from "./chart-theme.ts";
import type { TooltipRow } from "./chart-tooltip.ts";

const volumeFormats = {
  big: new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }),
  small: new Intl.NumberFormat(undefined, { maximumSignificantDigits: 4 }),
  count: new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }),
};

/** A volume in coin units: "1,234.5", "0.004213". */
export function formatVolume(value: number): string {
  return (Math.abs(value) >= 1 ? volumeFormats.big : volumeFormats.small).format(value);
}

/** The tooltip's rows for the candle at `i` of `candles`, a series called `label`. */
export function candleRows(
  label: string,
  candles: ChartCandles,
  i: number,
  theme: ChartTheme,
  writeValue: (usd: number) => string,
): TooltipRow[] {
  const at = (column: Float64Array) => column[i] as number;
  const rising = at(candles.close) >= at(candles.open);
  return [
    {
      colour: rising ? theme.up : theme.down,
      text:
        `${label}: O ${writeValue(at(candles.open))} H ${writeValue(at(candles.high))} ` +
        `L ${writeValue(at(candles.low))} C ${writeValue(at(candles.close))}`,
    },
    {
      colour: theme.up,
      text:
        `Volume ${formatVolume(at(candles.volume))} (buy ${formatVolume(at(candles.buyVolume))} / ` +
        `sell ${formatVolume(at(candles.sellVolume))})`,
    },
    { colour: theme.textMuted, text: `Trades ${volumeFormats.count.format(at(candles.trades))}` },
  ];
}
