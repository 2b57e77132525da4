// How older history goes in front of what a chart already shows (the chart page loads it as the reader
// scrolls back). lightweight-charts has no prepend: the series takes its whole data again with setData. So
// that stays one short task and the view does not change under the reader, the bars already drawn are
// kept exactly as they are and only the older ones are made: thinned (a line) or merged (candles) as
// densely as the drawn ones, so a bar spans as much time on either side of the seam.
import type { ChartCandles } from "../decoding/candles/candle-series.ts";
import { CANDLE_COLUMNS } from "../decoding/candles/candle-series.ts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";
import { mergedCandles } from "./candle-drawing.ts";

/** How many of the part `before` `first` (ascending `times`) there are: the older ones that are new. */
export function countBefore(times: Float64Array, first: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((times[mid] as number) < first) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The first `count` points of `older`, then `newer`. */
export function joinPoints(older: ChartPoints, count: number, newer: ChartPoints): ChartPoints {
  const times = new Float64Array(count + newer.times.length);
  const values = new Float64Array(times.length);
  times.set(older.times.subarray(0, count));
  times.set(newer.times, count);
  values.set(older.values.subarray(0, count));
  values.set(newer.values, count);
  return { ...newer, times, values };
}

/** The first `count` candles of `older`, then `newer`. */
export function joinCandles(older: ChartCandles, count: number, newer: ChartCandles): ChartCandles {
  const out = { ...newer };
  for (const name of CANDLE_COLUMNS) {
    const column = new Float64Array(count + newer.times.length);
    column.set(older[name].subarray(0, count));
    column.set(newer[name], count);
    out[name] = column;
  }
  return out;
}

/** The first `count` candles (a view, no copy). */
export function firstCandles(candles: ChartCandles, count: number): ChartCandles {
  const out = { ...candles };
  for (const name of CANDLE_COLUMNS) out[name] = candles[name].subarray(0, count);
  return out;
}

/**
 * How many bars `older` items become, drawn as densely as `shown` items drawn as `drawn` bars: all of them
 * while nothing is thinned or merged.
 */
export function olderBars(older: number, shown: number, drawn: number): number {
  if (drawn >= shown || shown === 0) return older;
  return Math.max(1, Math.ceil((older * drawn) / shown));
}

/**
 * `older` in front of a candle series showing `shown` drawn as `drawn`: the candles it then holds, what
 * is drawn of them (the same object as the candles while nothing is merged, so a live refetch can still be
 * appended), and how many older candles were new; null when none were.
 */
export function prependedCandles(
  shown: ChartCandles,
  drawn: ChartCandles,
  older: ChartCandles,
): { candles: ChartCandles; drawn: ChartCandles; count: number } | null {
  const count = countBefore(older.times, shown.times[0] ?? Number.POSITIVE_INFINITY);
  if (count === 0) return null;
  const part = firstCandles(older, count);
  const partDrawn = mergedCandles(part, olderBars(count, shown.times.length, drawn.times.length));
  const candles = joinCandles(older, count, shown);
  const unmerged = drawn === shown && partDrawn === part;
  return {
    candles,
    drawn: unmerged ? candles : joinCandles(partDrawn, partDrawn.times.length, drawn),
    count,
  };
}
