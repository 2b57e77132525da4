// How candles go onto the chart, merged when there are more than it can show apart. A merged candle is what
// a coarser scale would have returned for its span, so nothing is lost or invented: every wick still reaches
// the extremes of its span.
import type { UTCTimestamp } from "lightweight-charts";
import { CANDLE_COLUMNS, type ChartCandles } from "../decoding/candles/candle-series.ts";

/**
 * Candles drawn at most in one series, merged beyond: each is three bars, whose setData and paint is a long
 * task past this, yet it is still more than three per pixel column of a wide chart.
 */
export const CANDLE_DRAW_LIMIT = 4_000;

/** Candles in `candles` merged into at most `limit` consecutive runs; the same object when it has no more. */
export function mergedCandles(candles: ChartCandles, limit: number): ChartCandles {
  const n = candles.times.length;
  if (n <= limit) return candles;
  const runs = Math.max(1, limit);
  const out = { ...candles };
  for (const name of CANDLE_COLUMNS) out[name] = new Float64Array(runs);
  let count = 0;
  for (let r = 0; r < runs; r++) {
    const from = Math.floor((r * n) / runs);
    const to = Math.floor(((r + 1) * n) / runs);
    if (from >= to) continue;
    let high = -Infinity;
    let low = Infinity;
    let volume = 0;
    let buy = 0;
    let sell = 0;
    let trades = 0;
    for (let i = from; i < to; i++) {
      high = Math.max(high, candles.high[i] as number);
      low = Math.min(low, candles.low[i] as number);
      volume += candles.volume[i] as number;
      buy += candles.buyVolume[i] as number;
      sell += candles.sellVolume[i] as number;
      trades += candles.trades[i] as number;
    }
    out.times[count] = candles.times[from] as number;
    out.open[count] = candles.open[from] as number;
    out.close[count] = candles.close[to - 1] as number;
    out.high[count] = high;
    out.low[count] = low;
    out.volume[count] = volume;
    out.buyVolume[count] = buy;
    out.sellVolume[count] = sell;
    out.trades[count] = trades;
    count++;
  }
  for (const name of CANDLE_COLUMNS) out[name] = out[name].subarray(0, count);
  return out;
}

export interface CandleBar {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface VolumeBar {
  time: UTCTimestamp;
  value: number;
}

/** The candle at `i` as candlestick data. */
export function candleBar(candles: ChartCandles, i: number): CandleBar {
  return {
    time: candles.times[i] as UTCTimestamp,
    open: candles.open[i] as number,
    high: candles.high[i] as number,
    low: candles.low[i] as number,
    close: candles.close[i] as number,
  };
}

/** The volume at `i` as two bars from zero, the buying part drawn over the whole: buy and sell stacked. */
export function volumeBars(candles: ChartCandles, i: number): { whole: VolumeBar; buying: VolumeBar } {
  const time = candles.times[i] as UTCTimestamp;
  return {
    whole: { time, value: candles.volume[i] as number },
    buying: { time, value: candles.buyVolume[i] as number },
  };
}

/** Every candle as the three series' data. */
export function candleData(candles: ChartCandles): {
  bars: CandleBar[];
  whole: VolumeBar[];
  buying: VolumeBar[];
} {
  const n = candles.times.length;
  const bars = new Array<CandleBar>(n);
  const whole = new Array<VolumeBar>(n);
  const buying = new Array<VolumeBar>(n);
  for (let i = 0; i < n; i++) {
    bars[i] = candleBar(candles, i);
    const volume = volumeBars(candles, i);
    whole[i] = volume.whole;
    buying[i] = volume.buying;
  }
  return { bars, whole, buying };
}

/** The index of `time` in ascending `times`, or null (a binary search). */
export function timeIndex(times: Float64Array, time: number): number | null {
  let low = 0;
  let high = times.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const t = times[mid] as number;
    if (t === time) return mid;
    if (t < time) low = mid + 1;
    else high = mid - 1;
  }
  return null;
}
