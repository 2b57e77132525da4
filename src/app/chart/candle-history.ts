// Older candles in front of those a candle series holds and draws (history-drawing.ts says how, for any
// series): the candles put together column by column, and the older ones merged as densely as the drawn.

import { concatColumn, countBefore, type HeldExtent, olderBars } from "../chart-models/history-drawing.ts";
import { CANDLE_COLUMNS, type ChartCandles } from "../decoding/candles/candle-series.ts";
import { mergedCandles } from "./candle-drawing.ts";

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

/** The first `count` candles (a view, no copy). */
export function firstCandles(candles: ChartCandles, count: number): ChartCandles {
  const out = { ...candles };
  for (const name of CANDLE_COLUMNS) out[name] = candles[name].subarray(0, count);
  return out;
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
