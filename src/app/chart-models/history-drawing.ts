// How older history goes in front of what a chart already shows. lightweight-charts has no prepend, so
// the bars already drawn are kept as they are and only the older ones are made, as densely as the drawn
// ones: setData stays one short task and the view does not change under the reader.
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

/** The typed-array columns of a series: the points' times and values, or every column of candles. */
export type Columns<S> = readonly { [K in keyof S]: S[K] extends Float64Array ? K : never }[keyof S][];

export const POINT_COLUMNS = ["times", "values"] as const satisfies Columns<ChartPoints>;

/** The first `count` items of `series` (views, no copy). */
export function firstItems<S>(series: S, count: number, columns: Columns<S>): S {
  const out = { ...series };
  for (const name of columns) out[name] = (series[name] as Float64Array).subarray(0, count) as S[typeof name];
  return out;
}

/** `parts` (consecutive, the oldest first) as one series, named as the last (the request's response). */
export function concatItems<S>(parts: readonly S[], columns: Columns<S>): S {
  const last = parts.at(-1);
  if (last === undefined) throw new Error("concatItems: no parts");
  const out = { ...last } as S;
  for (const name of columns)
    out[name] = concatColumn(parts, (p) => p[name] as Float64Array) as S[typeof name];
  return out;
}

/** The first `count` items of `older`, then `newer`. */
export function joinItems<S>(older: S, count: number, newer: S, columns: Columns<S>): S {
  return concatItems([firstItems(older, count, columns), newer], columns);
}

/** One column of `parts` (consecutive, the oldest first) as one array. */
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
