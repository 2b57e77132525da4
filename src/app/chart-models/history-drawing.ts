// How older history goes in front of what a chart already shows (the chart page loads it as the reader
// scrolls back). lightweight-charts has no prepend: the series takes its whole data again with setData. So
// that stays one short task and the view does not change under the reader, the bars already drawn are
// kept exactly as they are and only the older ones are made: thinned (a line) or merged (candles, see
// chart/candle-history.ts) as densely as the drawn ones, so a bar spans as much time on either side of the
// seam.
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";

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

/** One column of `parts` (consecutive, the oldest first) as one array. */
export function concatColumn<Part>(
  parts: readonly Part[],
  column: (part: Part) => Float64Array,
): Float64Array {
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
