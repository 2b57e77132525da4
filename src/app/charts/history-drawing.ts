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
  return concatPoints([firstPoints(older, count), newer]);
}

/** The first `count` points (a view, no copy). */
export function firstPoints(points: ChartPoints, count: number): ChartPoints {
  return { ...points, times: points.times.subarray(0, count), values: points.values.subarray(0, count) };
}

/** `parts` (consecutive, the oldest first) as one series, named as the last (the request's answer). */
export function concatPoints(parts: readonly ChartPoints[]): ChartPoints {
  const last = parts.at(-1);
  if (last === undefined) throw new Error("concatPoints: no parts");
  return {
    ...last,
    times: concatColumn(parts, (p) => p.times),
    values: concatColumn(parts, (p) => p.values),
  };
}

/** The first `count` candles of `older`, then `newer`. */
export function joinCandles(older: ChartCandles, count: number, newer: ChartCandles): ChartCandles {
  return concatCandles([firstCandles(older, count), newer]);
}

/** `parts` (consecutive, the oldest first) as one series, named as the last (the request's answer). */
export function concatCandles(parts: readonly ChartCandles[]): ChartCandles {
  const last = parts.at(-1);
  if (last === undefined) throw new Error("concatCandles: no parts");
  const out = { ...last };
  for (const name of CANDLE_COLUMNS) out[name] = concatColumn(parts, (p) => p[name]);
  return out;
}

function concatColumn<Part>(parts: readonly Part[], column: (part: Part) => Float64Array): Float64Array {
  let length = 0;
  for (const part of parts) length += column(part).length;
  const out = new Float64Array(length);
  let at = 0;
  for (const part of parts) {
    const values = column(part);
    out.set(values, at);
    at += values.length;
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

/** What a series holds, told without putting it together: its first time (none when empty), its length. */
export interface HeldExtent {
  readonly first: number | undefined;
  readonly length: number;
}

/**
 * `older` in front of a candle series holding `held` drawn as `drawn`: the older candles that are new (a
 * view of `older`, no copy) and them as drawn, merged as densely as `drawn` merges what is held (the same
 * object while nothing is merged); null when none are new.
 */
export function prependedCandles(
  held: HeldExtent,
  drawn: ChartCandles,
  older: ChartCandles,
): { part: ChartCandles; partDrawn: ChartCandles } | null {
  const count = countBefore(older.times, held.first ?? Number.POSITIVE_INFINITY);
  if (count === 0) return null;
  const part = firstCandles(older, count);
  return { part, partDrawn: mergedCandles(part, olderBars(count, held.length, drawn.times.length)) };
}
