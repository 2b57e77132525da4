// Older candles in front of those a candle series holds, merged as densely as the drawn ones
// (history-drawing.ts says why).
import {
  concatItems,
  countBefore,
  firstItems,
  type HeldExtent,
  joinItems,
  olderBars,
} from "../chart-models/history-drawing.ts";
import { CANDLE_COLUMNS, type ChartCandles } from "../decoding/candles/candle-series.ts";
import { mergedCandles } from "./candle-drawing.ts";

export function joinCandles(older: ChartCandles, count: number, newer: ChartCandles): ChartCandles {
  return joinItems(older, count, newer, CANDLE_COLUMNS);
}

export function concatCandles(parts: readonly ChartCandles[]): ChartCandles {
  return concatItems(parts, CANDLE_COLUMNS);
}

export function firstCandles(candles: ChartCandles, count: number): ChartCandles {
  return firstItems(candles, count, CANDLE_COLUMNS);
}

/**
 * The new candles of `older` in front of a series holding `held` drawn as `drawn`, and them merged as
 * densely as `drawn`; null when none are new.
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
