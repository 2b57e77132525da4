// The candle view's tooltip: each candle's open, high, low, close, volume and trades, then each line's
// value. Volumes are in the coin's own units, not money, so they are written as plain numbers.
import type { ChartTheme } from "../chart-models/chart-theme.ts";
import { type CrosshairPoint, lineRow, showTooltip, type TooltipRow } from "../chart-models/chart-tooltip.ts";
import type { CandleFigures } from "./candle-bars.ts";

const volumeFormats = {
  big: new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }),
  small: new Intl.NumberFormat(undefined, { maximumSignificantDigits: 4 }),
  count: new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }),
};

/** A volume in coin units: "1,234.5", "0.004213". */
export function formatVolume(value: number): string {
  return (Math.abs(value) >= 1 ? volumeFormats.big : volumeFormats.small).format(value);
}

/** The tooltip's rows for `candle`, of a series called `label`. */
export function candleRows(
  label: string,
  candle: CandleFigures,
  theme: ChartTheme,
  writeValue: (usd: number) => string,
): TooltipRow[] {
  const rising = candle.close >= candle.open;
  return [
    {
      colour: rising ? theme.up : theme.down,
      text:
        `${label}: O ${writeValue(candle.open)} H ${writeValue(candle.high)} ` +
        `L ${writeValue(candle.low)} C ${writeValue(candle.close)}`,
    },
    {
      colour: theme.up,
      text:
        `Volume ${formatVolume(candle.volume)} (buy ${formatVolume(candle.buyVolume)} / ` +
        `sell ${formatVolume(candle.sellVolume)})`,
    },
    { colour: theme.textMuted, text: `Trades ${volumeFormats.count.format(candle.trades)}` },
  ];
}

/** What the candle tooltip is written from: the chart's series, theme and formats. */
export interface CandleTooltipSource {
  /** Each candle series by id: its label and the candle it draws at a time (merged ones as drawn, the forming one). */
  candles: Iterable<[string, { label: string; candleAt: (time: number) => CandleFigures | null }]>;
  /** The line `id`'s label and colour, if there is one. */
  lineSpec: (id: string) => { label: string; colourIndex: number } | undefined;
  theme: ChartTheme;
  writeValue: (value: number) => string;
  writeTime: (time: CrosshairPoint["time"]) => string;
}

/** The candles' rows at the point's time, then each line's value, in `tip`; hidden off the chart's points. */
export function showCandleTooltip(
  tip: HTMLElement,
  point: CrosshairPoint | null,
  source: CandleTooltipSource,
): void {
  const { theme, writeValue } = source;
  const rows = new Map<string, TooltipRow>();
  if (point !== null && typeof point.time === "number") {
    const withCandles = new Map<string, number>();
    for (const [id, { label, candleAt }] of source.candles) {
      const candle = candleAt(point.time);
      if (candle === null) continue;
      candleRows(label, candle, theme, writeValue).forEach((row, k) => {
        rows.set(`${id}#${k}`, row);
        withCandles.set(`${id}#${k}`, 0);
      });
    }
    // The candles' rows first, then the lines', in the order showTooltip walks the point's values.
    point.values = new Map([...withCandles, ...point.values]);
  }
  showTooltip(
    tip,
    point,
    (id, value) => {
      const candleRow = rows.get(id);
      if (candleRow) return candleRow;
      const spec = source.lineSpec(id);
      return spec ? lineRow(spec, theme, writeValue(value)) : null;
    },
    source.writeTime,
  );
}
